/**
 * Which columns an automatic index gets for a query shape (docs/performance.md "Automatic indexes"): equality
 * fields, then the sort or range field; one index per branch of a `~or`; none where the row-order index serves.
 */
import type { SortSpec } from '@rowbase/core/filters/sort';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { StoredField, TableModel } from './table-model.js';

const EQUALITY_OPS = new Set(['eq', 'checked', 'notchecked', 'in', 'anyof']);
const RANGE_OPS = new Set(['gt', 'ge', 'lt', 'le', 'btw', 'isWithin']);
const UNINDEXABLE_KINDS = new Set(['longtext', 'json', 'attachment', 'multiselect', 'user', 'geo']);

export function fieldByKey(model: TableModel, key: string): StoredField | undefined {
  const f = model.field(key);
  return f && f.name !== null ? (f as StoredField) : undefined;
}

export function indexable(model: TableModel, f: StoredField | undefined): f is StoredField {
  if (!f || UNINDEXABLE_KINDS.has(f.kind)) return false;
  // MySQL cannot index TEXT without a prefix length.
  return !(model.dialect === 'mysql' && /text|blob|json/i.test(f.column.dt ?? ''));
}

/**
 * Equality fields (at most two), then the first sort field or else the first range field; after a sort
 * field the primary key, which breaks ties in the same direction (so one index serves both directions).
 */
export function indexColumnsFor(
  model: TableModel,
  where: readonly FilterNode[] | undefined,
  sort: readonly SortSpec[] | undefined,
): string[] {
  const { eq, range } = filterColumns(model, where);
  const sortField = sort?.length ? fieldByKey(model, sort[0]!.field) : undefined;
  const last = indexable(model, sortField) ? sortField.name : range[0];
  const columns = [...new Set(eq)].slice(0, 2);
  if (last && !columns.includes(last)) columns.push(last);
  // MySQL (InnoDB) and SQLite (rowid) keep integer primary keys in every index already.
  const pk = model.pk;
  const keyImplicit =
    model.dialect === 'mysql' || (model.dialect === 'sqlite' && pk?.kind === 'id' && !/char|text|uuid/i.test(pk.column.dt ?? ''));
  if (last === sortField?.name && pk && !keyImplicit && !columns.includes(pk.name)) columns.push(pk.name);
  return columns;
}

/** Equality and range columns of a filter made of `~and`ed conditions (none for other filters). */
export function filterColumns(model: TableModel, where: readonly FilterNode[] | undefined): { eq: string[]; range: string[] } {
  const eq: string[] = [];
  const range: string[] = [];
  const onlyAnd = (where ?? []).every((n, i) => n.logical === 'and' || i === 0) && !(where ?? []).some((n) => n.logical === 'not');
  if (onlyAnd) {
    for (const n of where ?? []) {
      if (n.type !== 'condition') continue;
      const f = fieldByKey(model, n.field);
      if (!indexable(model, f)) continue;
      if (EQUALITY_OPS.has(n.op) && (f.kind !== 'date' && f.kind !== 'datetime')) eq.push(f.name);
      else if (RANGE_OPS.has(n.op) || n.op === 'eq') range.push(f.name);
    }
  }
  return { eq, range };
}

/** At most this many branches of a `~or` get an index each. */
const MAX_OR_BRANCHES = 3;

/**
 * The branches of a filter whose top level is a `~or` of conditions and `~and` groups, each as a filter of
 * its own; none for other filters (a `~not` anywhere, an `~and` at the top level, too many branches).
 */
export function orBranches(where: readonly FilterNode[] | undefined): FilterNode[][] {
  if (!where || where.length < 2 || where.length > MAX_OR_BRANCHES) return [];
  if (!where.every((n, i) => (i === 0 ? n.logical !== 'not' : n.logical === 'or'))) return [];
  return where.map((n) => (n.type === 'group' ? n.children : [{ ...n, logical: 'and' as const }]));
}

/** Tables with a row order have an index (row order, key) from the start: it serves these columns already. */
export function servedByRowOrderIndex(model: TableModel, columns: readonly string[]): boolean {
  const order = model.rowOrder;
  if (!order) return false;
  const served = model.pk ? [order.name, model.pk.name] : [order.name];
  return columns.length <= served.length && columns.every((c, i) => c === served[i]);
}
