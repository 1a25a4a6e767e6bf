/**
 * A column's `colOptions`, narrowed through the field registry: each field type says which shape of options it
 * carries (`FieldTypeDef.options`), so code asks for "the link options of this column" and gets them typed, or
 * undefined for a column of another type, without casting the options union at every use.
 * @example linkOptions(column)?.fk_related_model_id // the linked table, when `column` is a Links field
 */
import type {
  CodeOptions,
  ColumnMeta,
  CountOptions,
  FormulaOptions,
  LinkOptions,
  LookupOptions,
  RollupOptions,
  SelectOption,
  SelectOptions,
} from '../api/meta.js';
import { CODE_VALUE_KEY, isCodeType } from './code-options.js';
import type { ColOptionsKind, ComputedBy } from './field-type.js';
import { FIELD_TYPES } from './registry.js';
import type { UIType } from './ui-types.js';

export interface ColOptionsByKind {
  link: LinkOptions;
  count: CountOptions;
  lookup: LookupOptions;
  rollup: RollupOptions;
  formula: FormulaOptions;
  select: SelectOptions;
  code: CodeOptions;
}

type WithOptions = Pick<ColumnMeta, 'colOptions'> & { uidt: UIType | string };

/** The options of `column` when its type carries options of `kind`; undefined otherwise or when unset. */
export function optionsOf<K extends ColOptionsKind>(
  column: WithOptions,
  kind: K,
): ColOptionsByKind[K] | undefined {
  const def = FIELD_TYPES[column.uidt as UIType] as { options?: ColOptionsKind } | undefined;
  if (def?.options !== kind || !column.colOptions) return undefined;
  return column.colOptions as ColOptionsByKind[K];
}

export const linkOptions = (c: WithOptions) => optionsOf(c, 'link');
export const countOptions = (c: WithOptions) => optionsOf(c, 'count');
export const lookupOptions = (c: WithOptions) => optionsOf(c, 'lookup');
export const rollupOptions = (c: WithOptions) => optionsOf(c, 'rollup');
export const formulaOptions = (c: WithOptions) => optionsOf(c, 'formula');
export const selectOptions = (c: WithOptions) => optionsOf(c, 'select');
export const codeOptions = (c: WithOptions) => optionsOf(c, 'code');

/** The id of the field a QR code or barcode encodes; undefined for other types or when unset. */
export function encodedFieldOf(c: WithOptions): string | undefined {
  if (!isCodeType(c.uidt)) return undefined;
  const id = codeOptions(c)?.[CODE_VALUE_KEY[c.uidt]];
  return typeof id === 'string' ? id : undefined;
}

/**
 * The select options a column's colOptions list, whatever its type says (a form or lookup may carry a select's
 * options); [] when there are none.
 */
export function optionListOf(column: Pick<ColumnMeta, 'colOptions'>): SelectOption[] {
  const o = column.colOptions;
  return o && 'options' in o && Array.isArray(o.options) ? o.options : [];
}

/** The options kind of a UI type, if it has options (`'select'` for SingleSelect and MultiSelect). */
export function optionsKindOf(uidt: UIType | string): ColOptionsKind | undefined {
  return (FIELD_TYPES[uidt as UIType] as { options?: ColOptionsKind } | undefined)?.options;
}

/** How the row queries compute the column in SQL; undefined for a stored column. */
export function computedBy(column: { uidt: UIType | string }): ComputedBy | undefined {
  return (FIELD_TYPES[column.uidt as UIType] as { computedBy?: ComputedBy } | undefined)?.computedBy;
}
