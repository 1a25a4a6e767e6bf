/** Functions that fit no other category. */
import { FormulaErrorType, FormulaMessages } from '../errors.js';
import type { FunctionDef } from './function-def.js';

/** `$`, then `.key` or `[index]` steps: the JSON paths every dialect reads the same way. */
export const JSON_PATH_RE = /^\$(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*$/;

export const MISC_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'RECORD_ID',
    category: 'misc',
    description: 'The primary key of the record',
    syntax: 'RECORD_ID()',
    example: 'CONCAT("rec-", RECORD_ID())',
    count: { exact: 0 },
    args: [],
    returns: 'unknown',
  },
  {
    name: 'JSON_EXTRACT',
    category: 'misc',
    description: 'The value at a JSON path ($.a.b[0]) of a JSON text or field',
    syntax: 'JSON_EXTRACT(json, path)',
    example: 'JSON_EXTRACT({Data}, "$.address.city")',
    count: { exact: 2 },
    args: ['any', 'string'],
    returns: 'string',
    validate: (args) => {
      const path = args[1];
      if (!path) return [];
      if (path.type !== 'literal' || typeof path.value !== 'string')
        return [
          {
            type: FormulaErrorType.INVALID_ARG,
            message: FormulaMessages.literalRequired('JSON_EXTRACT', 'second'),
          },
        ];
      if (JSON_PATH_RE.test(path.value)) return [];
      return [{ type: FormulaErrorType.INVALID_ARG_VALUE, message: FormulaMessages.invalidJsonPath }];
    },
  },
];
