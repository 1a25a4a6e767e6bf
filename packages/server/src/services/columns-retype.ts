/**
 * Changing a stored column's physical type without losing rows: add a column of the new type, copy every
 * value through the field registry's coercion (values that do not convert become null), drop the old
 * column, rename the new one into place. The same steps on every engine, so no ALTER quirk loses data.
 */
import type { ColumnMeta, SelectOption } from '@rowbase/core/api/meta';
import { selectOptions } from '@rowbase/core/fields/col-options';
import { badRequest } from '@rowbase/core/errors';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { validateCellValue } from '@rowbase/core/fields/validate-cell';
import type { Knex } from 'knex';
import type { TableRecord } from '../meta/repos/tables.js';
import type { ColumnSpec } from '../sources/column-spec.js';
import { addColumn, defineColumn, dropColumn, renameColumn } from '../sources/ddl.js';
import type { ChangeScope } from './tables-change.js';

const BATCH = 500;
const pad = (n: number) => String(n).padStart(2, '0');

/** A value as read from any driver, made plain (dates to text, JSON to text, buffers to text). */
function plain(v: unknown, from: ColumnMeta): unknown {
  if (v instanceof Date) {
    const kind = FIELD_TYPES[from.uidt].kind;
    // pg returns `date` columns as local midnight; datetimes are UTC instants.
    if (kind === 'date') return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
    return v.toISOString();
  }
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return v;
}

/**
 * One value converted for the new type; null when it does not fit.
 * @example convertValue(textCol, numberCol, '12') // 12
 */
export function convertValue(from: ColumnMeta, to: ColumnMeta, raw: unknown, dialect: Dialect): unknown {
  if (raw === null || raw === undefined) return null;
  let v = plain(raw, from);
  const fromKind = FIELD_TYPES[from.uidt].kind;
  const toKind = FIELD_TYPES[to.uidt].kind;
  if (fromKind === 'boolean' && ['text', 'longtext', 'select', 'multiselect'].includes(toKind)) {
    v = v === true || v === 1 || v === '1' || v === 't' ? 'true' : 'false';
  }
  if (toKind === 'boolean' && typeof v === 'string' && v.trim() === '') return null;
  const r = validateCellValue(to, v, dialect);
  if (!r.ok || r.value === null) return null;
  if (toKind === 'boolean' && (dialect === 'mysql' || dialect === 'sqlite')) return r.value ? 1 : 0;
  return r.value;
}

/** Distinct values of a column as select options (split on commas for multi-select). */
export async function optionsFromValues(
  data: Knex,
  table: TableRecord,
  column: ColumnMeta,
  multi: boolean,
  existing: SelectOption[],
): Promise<SelectOption[]> {
  const rows = await data(table.table_name)
    .distinct(column.column_name!)
    .whereNotNull(column.column_name!)
    .limit(1000);
  const titles = new Set(existing.map((o) => o.title));
  const out = [...existing];
  for (const r of rows) {
    const value = plain(r[column.column_name!], column);
    if (value === null || value === undefined || value === '') continue;
    for (const part of multi ? String(value).split(',') : [String(value)]) {
      const t = part.trim();
      if (t && !titles.has(t) && t.length <= 255) {
        titles.add(t);
        out.push({ title: t, order: out.length + 1 });
      }
    }
  }
  return out;
}

/**
 * Rebuilds `old` as `next` (new type, name, constraints), converting every value. The table must have a
 * primary key to address rows.
 */
export async function rebuildColumn(
  s: ChangeScope,
  table: TableRecord & { columns: ColumnMeta[] },
  old: ColumnMeta,
  next: ColumnMeta,
  spec: ColumnSpec,
  mapValue: (v: unknown) => unknown = (v) => v,
): Promise<void> {
  const pk = table.columns.find((c) => c.pk && c.column_name);
  if (!pk) throw badRequest(`Table '${table.title}' has no primary key, so its fields cannot change type`);
  const oldName = old.column_name!;
  const tmp = `${spec.column_name.slice(0, 50)}__rbn`;
  await addColumn(
    s.data,
    s.dialect,
    table.table_name,
    { ...spec, column_name: tmp, unique: false, pk: false, ai: false },
    {
      forceNullable: true,
    },
  );
  // Where DDL is not transactional, a failure before the swap leaves the old column untouched.
  let swapped = false;
  s.onRollback(async () => {
    if (!swapped) await dropColumn(s.data, s.dialect, table.table_name, tmp);
  });
  const pkName = pk.column_name!;
  let last: unknown = undefined;
  for (;;) {
    const q = s.data(table.table_name).select(pkName, oldName).orderBy(pkName).limit(BATCH);
    if (last !== undefined) q.where(pkName, '>', last as never);
    const rows = await q;
    if (rows.length === 0) break;
    for (const r of rows) {
      const value = convertValue(old, next, mapValue(r[oldName]), s.dialect);
      if (value !== null)
        await s
          .data(table.table_name)
          .where(pkName, r[pkName])
          .update({ [tmp]: value });
    }
    last = rows[rows.length - 1][pkName];
    if (rows.length < BATCH) break;
  }
  if (spec.rqd) {
    const nulls = await s.data(table.table_name).whereNull(tmp).count<{ n: unknown }[]>({ n: '*' });
    if (Number(nulls[0]?.n) > 0 && (spec.cdf === null || spec.cdf === undefined)) {
      throw badRequest(
        `Column '${next.title}' is required but some rows have no value that converts to ${next.uidt}`,
      );
    }
    if (spec.cdf !== null && spec.cdf !== undefined) {
      const filled = convertValue(next, next, spec.cdf, s.dialect);
      await s
        .data(table.table_name)
        .whereNull(tmp)
        .update({ [tmp]: filled as never });
    }
  }
  swapped = true;
  await dropColumn(s.data, s.dialect, table.table_name, oldName);
  await renameColumn(s.data, s.dialect, table.table_name, tmp, spec.column_name);
  if (s.dialect !== 'sqlite' && (spec.rqd || spec.unique || spec.cdf)) {
    // Constraints are applied once the values are in place; SQLite keeps them in meta (enforced on write).
    await s.data.schema.alterTable(table.table_name, (t) => {
      defineColumn(s.data, s.dialect, t, { ...spec, unique: false }).alter();
      if (spec.unique) t.unique([spec.column_name]);
    });
  }
}

/** The options of a select column as stored. */
export const optionsOf = (c: ColumnMeta): SelectOption[] => (selectOptions(c)?.options ?? []).slice();

/** Option titles renamed between two option lists (matched by option id). */
export function optionRenames(before: SelectOption[], after: SelectOption[]): Map<string, string> {
  const renames = new Map<string, string>();
  for (const o of after) {
    const prev = o.id ? before.find((b) => b.id === o.id) : undefined;
    if (prev && prev.title !== o.title) renames.set(prev.title, o.title);
  }
  return renames;
}

/** Applies option renames to a stored value (comma-joined for multi-select). */
export function renameOptionValue(v: unknown, renames: Map<string, string>, multi: boolean): unknown {
  if (typeof v !== 'string' || renames.size === 0) return v;
  if (!multi) return renames.get(v) ?? v;
  return v
    .split(',')
    .map((p) => renames.get(p) ?? p)
    .join(',');
}

/** Renames option values in place when the column keeps its physical type. */
export async function renameSelectValues(
  s: ChangeScope,
  table: TableRecord,
  column: ColumnMeta,
  renames: Map<string, string>,
  multi: boolean,
): Promise<void> {
  const name = column.column_name!;
  if (!multi) {
    // Two steps through unique placeholders, so swapped names (a<->b) do not collide.
    const tmp = new Map([...renames.keys()].map((k, i) => [k, `__rb_rename_${i}_${Date.now()}`]));
    for (const [from, ph] of tmp)
      await s
        .data(table.table_name)
        .where(name, from)
        .update({ [name]: ph });
    for (const [from, ph] of tmp)
      await s
        .data(table.table_name)
        .where(name, ph)
        .update({ [name]: renames.get(from)! });
    return;
  }
  const pk = (await s.meta('rb_columns').where({ fk_model_id: table.id, pk: true }).first())?.column_name as
    string | undefined;
  if (!pk) return;
  const rows = await s.data(table.table_name).select(pk, name).whereNotNull(name);
  for (const r of rows) {
    const next = renameOptionValue(r[name], renames, true);
    if (next !== r[name])
      await s
        .data(table.table_name)
        .where(pk, r[pk])
        .update({ [name]: next as string });
  }
}
