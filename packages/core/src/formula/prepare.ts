/**
 * What a Formula field stores, from what the user typed: the formula by field id (`formula`), by title
 * (`formula_raw`) and its result type; refused with a 422 carrying every SPEC §5 message otherwise.
 */
import { formulaError } from './errors.js';
import { formulaToShown, formulaToStored } from './references.js';
import { type FormulaCheckOptions, checkFormula } from './typecheck.js';
import type { FormulaType } from './types.js';

export interface PreparedFormula {
  /** Stored form: `{cXXXX}` references. */
  formula: string;
  /** Shown form: `{Title}` references. */
  formula_raw: string;
  type: FormulaType;
}

/**
 * Checks and normalises a formula typed in either form.
 * @example prepareFormula('{Price} * 2', { columns, dialect: 'pg' })
 *   // { formula: '{c1} * 2', formula_raw: '{Price} * 2', type: 'numeric' }
 * @throws AppError 422 ('Invalid column name/id "X" in formula', 'Function X is not available', ...)
 */
export function prepareFormula(text: string, options: FormulaCheckOptions): PreparedFormula {
  const formula = formulaToStored(text, options.columns);
  const checked = checkFormula(formula, options);
  if (checked.errors.length) throw formulaError(checked.errors);
  return { formula, formula_raw: formulaToShown(formula, options.columns), type: checked.type };
}
