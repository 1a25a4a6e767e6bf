/** A small table of fields for formula tests (used by core and server tests). */
import type { ColumnMeta } from '../api/meta.js';
import { FIELD_TYPES } from '../fields/registry.js';
import { isPrimaryKeyType } from '../fields/traits.js';
import type { UIType } from '../fields/ui-types.js';

/** A column of the given UI type; a formula column when `formula` (stored form) is given. */
export function testColumn(id: string, title: string, uidt: UIType, formula?: string): ColumnMeta {
  return {
    id,
    fk_model_id: 'm1',
    column_name: FIELD_TYPES[uidt].virtual ? null : title.toLowerCase().replace(/\W+/g, '_'),
    title,
    uidt,
    pk: isPrimaryKeyType(uidt),
    pv: false,
    rqd: false,
    un: false,
    ai: isPrimaryKeyType(uidt),
    system: false,
    colOptions: formula === undefined ? null : { formula, formula_raw: formula },
  };
}
