/** Every formula function by name, and the functions each SQL dialect cannot run (docs/behaviour/formulas.md). */
import type { FormulaDialect } from '../types.js';
import { ARRAY_FUNCTIONS } from './array.js';
import { DATE_FUNCTIONS } from './date.js';
import type { FunctionDef } from './function-def.js';
import { LOGICAL_FUNCTIONS } from './logical.js';
import { MISC_FUNCTIONS } from './misc.js';
import { NUMERIC_FUNCTIONS } from './numeric.js';
import { STRING_FUNCTIONS } from './string.js';

export const FORMULA_FUNCTIONS: ReadonlyMap<string, FunctionDef> = new Map(
  [
    ...NUMERIC_FUNCTIONS,
    ...STRING_FUNCTIONS,
    ...DATE_FUNCTIONS,
    ...LOGICAL_FUNCTIONS,
    ...ARRAY_FUNCTIONS,
    ...MISC_FUNCTIONS,
  ].map((f) => [f.name, f]),
);

const MSSQL_UNSUPPORTED = [
  'XOR',
  'REGEX_MATCH',
  'REGEX_EXTRACT',
  'REGEX_REPLACE',
  'VALUE',
  'COUNTA',
  'COUNT',
  'ROUNDDOWN',
  'ROUNDUP',
  'DATESTR',
];

/** Functions a dialect does not offer: 'Function X is not available' there. */
export const UNSUPPORTED_FUNCTIONS: { [D in FormulaDialect]: readonly string[] } = {
  pg: [],
  mysql: ['COUNTA', 'COUNT', 'DATESTR'],
  snowflake: ['COUNTA', 'COUNT', 'DATESTR'],
  mssql: MSSQL_UNSUPPORTED,
  oracle: MSSQL_UNSUPPORTED,
  sqlite: ['COUNTA', 'COUNT', 'DATESTR', 'LOG', 'EXP', 'POWER', 'SQRT', 'DAY', 'MONTH', 'HOUR'],
};

/** The function of that name (any case) if the dialect offers it. */
export function availableFunction(name: string, dialect: FormulaDialect): FunctionDef | undefined {
  const upper = name.toUpperCase();
  if (UNSUPPORTED_FUNCTIONS[dialect].includes(upper)) return undefined;
  return FORMULA_FUNCTIONS.get(upper);
}
