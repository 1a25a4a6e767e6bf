/**
 * `validateCellValue`: the one entry point the data plane calls to check and coerce a written value.
 * It dispatches through the field registry; null/undefined pass as null (required checks belong to the
 * row writer, which knows whether it is an insert or an update).
 */
import type { ColumnMeta } from '../api/meta.js';
import type { CellResult, Dialect } from './field-type.js';
import { FIELD_TYPES } from './registry.js';

export type CellColumn = Pick<ColumnMeta, 'title' | 'uidt'> &
  Partial<Pick<ColumnMeta, 'dtxp' | 'dtxs' | 'meta' | 'colOptions' | 'rqd'>>;

/**
 * @example validateCellValue({ title: 'Mail', uidt: 'Email' }, 'nope') // { ok: false, error: 'Validation failed : isEmail' }
 * @example validateCellValue({ title: 'Qty', uidt: 'Number' }, '42') // { ok: true, value: 42 }
 */
export function validateCellValue(column: CellColumn, value: unknown, dialect?: Dialect): CellResult {
  if (value === null || value === undefined) return { ok: true, value: null };
  const def = FIELD_TYPES[column.uidt];
  if (!def.coerce)
    return { ok: false, error: `Field '${column.title}' of type ${column.uidt} cannot be written` };
  return def.coerce(value, {
    column: {
      title: column.title,
      uidt: column.uidt,
      dtxp: column.dtxp ?? null,
      dtxs: column.dtxs ?? null,
      meta: column.meta ?? null,
      colOptions: column.colOptions ?? null,
      rqd: column.rqd ?? false,
    },
    dialect,
  });
}

/** Whether a field type is written by the database (or the data plane) rather than by clients. */
export function isReadOnlyField(column: Pick<ColumnMeta, 'uidt' | 'ai' | 'system'>): boolean {
  const def = FIELD_TYPES[column.uidt];
  return def.virtual || !def.coerce || column.ai === true;
}
