/** Logical functions. */
import type { FormulaType } from '../types.js';
import type { FunctionDef } from './function-def.js';

/**
 * The type of IF / SWITCH results: their branches' common type; text when branches disagree (the SQL
 * turns every branch into text then); unknown or blank when no branch says more.
 */
export function branchType(types: readonly FormulaType[]): FormulaType {
  const known = [...new Set(types.filter((t) => t !== 'null' && t !== 'unknown'))];
  if (known.length === 1) return known[0]!;
  if (known.length > 1) return 'string';
  return types.includes('unknown') ? 'unknown' : 'null';
}

/** The result arguments of SWITCH(expression, pattern1, result1, ..., [default]). */
export function switchResultIndexes(argCount: number): number[] {
  const out: number[] = [];
  for (let i = 2; i < argCount; i += 2) out.push(i);
  if (argCount > 3 && argCount % 2 === 0) out.push(argCount - 1);
  return out;
}

export const LOGICAL_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'IF',
    category: 'logical',
    description: 'The second argument when the condition holds, else the third (blank when absent)',
    syntax: 'IF(condition, then, [else])',
    example: 'IF({Qty} > 10, "bulk", "single")',
    count: { min: 2, max: 3 },
    args: ['any'],
    returns: (t) => branchType(t.slice(1)),
  },
  {
    name: 'SWITCH',
    category: 'logical',
    description: 'The result paired with the first pattern equal to the expression, else the default',
    syntax: 'SWITCH(expression, pattern1, result1, [pattern2, result2, ...], [default])',
    example: 'SWITCH({Status}, "A", "Active", "I", "Inactive", "Unknown")',
    count: { min: 3 },
    args: ['any'],
    returns: (t) => branchType(switchResultIndexes(t.length).map((i) => t[i]!)),
  },
  {
    name: 'AND',
    category: 'logical',
    description: 'Whether every argument holds',
    syntax: 'AND(condition1, [condition2, ...])',
    example: 'AND({Paid}, {Shipped})',
    count: { min: 1 },
    args: ['boolean'],
    returns: 'boolean',
  },
  {
    name: 'OR',
    category: 'logical',
    description: 'Whether any argument holds',
    syntax: 'OR(condition1, [condition2, ...])',
    example: 'OR({Late}, {Lost})',
    count: { min: 1 },
    args: ['boolean'],
    returns: 'boolean',
  },
  {
    name: 'XOR',
    category: 'logical',
    description: 'Whether an odd number of arguments hold',
    syntax: 'XOR(condition1, [condition2, ...])',
    example: 'XOR({A}, {B})',
    count: { min: 1 },
    args: ['boolean'],
    returns: 'boolean',
  },
  {
    name: 'TRUE',
    category: 'logical',
    description: 'True (1)',
    syntax: 'TRUE()',
    example: 'IF({Done}, TRUE(), FALSE())',
    count: { exact: 0 },
    args: [],
    returns: 'boolean',
  },
  {
    name: 'FALSE',
    category: 'logical',
    description: 'False (0)',
    syntax: 'FALSE()',
    example: 'FALSE()',
    count: { exact: 0 },
    args: [],
    returns: 'boolean',
  },
  {
    name: 'BLANK',
    category: 'logical',
    description: 'No value',
    syntax: 'BLANK()',
    example: 'IF({Qty} > 0, {Qty}, BLANK())',
    count: { exact: 0 },
    args: [],
    returns: 'null',
  },
];
