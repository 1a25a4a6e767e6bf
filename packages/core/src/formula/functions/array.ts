/** Functions over arrays: the values of lookups (a JSON array per record). */
import type { FunctionDef } from './function-def.js';
import { SORT_DIRECTIONS, literalFrom } from './literal-rules.js';

export const ARRAY_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'ARRAYUNIQUE',
    category: 'array',
    description: 'The array without repeated values',
    syntax: 'ARRAYUNIQUE(array)',
    example: 'ARRAYUNIQUE({Tags lookup})',
    count: { exact: 1 },
    args: ['any'],
    returns: 'json',
  },
  {
    name: 'ARRAYSORT',
    category: 'array',
    description: 'The array sorted ascending, or descending with "desc"',
    syntax: 'ARRAYSORT(array, ["asc" | "desc"])',
    example: 'ARRAYSORT({Prices lookup}, "desc")',
    count: { min: 1, max: 2 },
    args: ['any', 'string'],
    returns: 'json',
    validate: literalFrom('ARRAYSORT', 1, 'second', SORT_DIRECTIONS, false),
  },
  {
    name: 'ARRAYCOMPACT',
    category: 'array',
    description: 'The array without blank values',
    syntax: 'ARRAYCOMPACT(array)',
    example: 'ARRAYCOMPACT({Notes lookup})',
    count: { exact: 1 },
    args: ['any'],
    returns: 'json',
  },
  {
    name: 'ARRAYSLICE',
    category: 'array',
    description: 'Elements from the start position (from 1) to the end position, inclusive',
    syntax: 'ARRAYSLICE(array, start, [end])',
    example: 'ARRAYSLICE({Names lookup}, 1, 3)',
    count: { min: 2, max: 3 },
    args: ['any', 'numeric', 'numeric'],
    returns: 'json',
  },
];
