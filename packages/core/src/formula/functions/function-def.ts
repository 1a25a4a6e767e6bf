/** The shape of one catalogue entry: what the checker validates and what the web's formula editor shows. */
import type { FormulaNode } from '../ast.js';
import type { ExpectedArgType, FormulaIssue } from '../errors.js';
import type { FormulaType } from '../types.js';

export type FunctionCategory = 'numeric' | 'string' | 'date' | 'logical' | 'array' | 'misc';

/** An argument's expected type; `any` accepts every type. */
export type ArgType = ExpectedArgType | 'any';

/**
 * Argument count rule. `exact` reports 'Required arguments missing'; `min` 'Minimum arguments required';
 * `max` 'Maximum arguments missing' (docs/behaviour/formulas.md).
 */
export type ArgCount = { exact: number } | { min: number; max?: number };

export interface FunctionDef {
  name: string;
  category: FunctionCategory;
  /** One line for the editor's help. */
  description: string;
  syntax: string;
  example: string;
  count: ArgCount;
  /** Expected type of each argument in order; the last entry applies to any further arguments. */
  args: readonly ArgType[];
  /** The result type, fixed or computed from the argument types. */
  returns: FormulaType | ((argTypes: readonly FormulaType[]) => FormulaType);
  /** Rules on literal arguments (units, day names) beyond their types. */
  validate?: (args: readonly FormulaNode[]) => FormulaIssue[];
}
