/**
 * A `like` page in row order on SQLite before the field's search index is in place (docs/performance.md,
 * "Text search before its index"). The plain page reads the `(nc_order, id)` index and looks up every row
 * until the page is full, which a rare pattern never is: the whole table through index order and lookups.
 * Here the keys of the page come from a probe of the first rows in order (a common pattern fills the page
 * there), else from one scan of the table in storage order (`not indexed`) that keeps the first matches in
 * row order; the page's rows are then read by key. Same rows, same order as the plain page.
 */
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { isIntegerKey } from './paging.js';
import { trustedTextSearch } from './text-search.js';
import type { TableModel } from './table-model.js';

/** Rows in row order probed before the table is scanned: a pattern that fills the page there stops there. */
export const LIKE_PROBE_ROWS = [500, 10_000] as const;
/** Pages ending deeper than this keep the plain query (the scan keeps offset + limit matches). */
export const LIKE_SCAN_MAX_END = 1000;

/**
 * Whether a page is read this way: SQLite, row order (no sort), an integer key, a filter that is only
 * `like` conditions joined by `and` on stored fields, none of them served by a search index yet.
 */
export function likeScanFits(
  model: TableModel,
  q: { where?: readonly FilterNode[]; sort?: readonly unknown[]; limit: number; offset: number },
): boolean {
  const pk = model.pk;
  if (model.dialect !== 'sqlite' || !model.rowOrder || !pk || !isIntegerKey(pk)) return false;
  if (q.sort?.length || !q.where?.length || q.limit < 1 || q.offset + q.limit > LIKE_SCAN_MAX_END) return false;
  return q.where.every((n) => {
    if (n.type !== 'condition' || n.op !== 'like' || n.logical !== 'and') return false;
    const f = model.field(n.field);
    return !!f?.name && trustedTextSearch(model, f.name) === undefined;
  });
}

/**
 * The keys of the first `end` rows in row order that `filtered` matches. `filtered(from)` is the filtered
 * SELECT over `from` (the table, or the table read without its indexes); `run` runs a compiled SELECT.
 */
export async function likeScanKeys(
  db: Knex,
  model: TableModel,
  filtered: (from: Knex.Raw) => Knex.QueryBuilder,
  end: number,
  run: (qb: Knex.QueryBuilder) => Promise<Record<string, unknown>[]>,
): Promise<unknown[]> {
  const pk = model.pk!.name;
  const order = model.rowOrder!.name;
  // `not indexed`: no index is read for the order; the key (rowid) still finds rows for `in`.
  const bare = db.raw('?? not indexed', [model.tableName]);
  const keysOf = (qb: Knex.QueryBuilder) =>
    run(qb.select(pk).orderBy(order, 'asc').orderBy(pk, 'asc').limit(end)).then((rows) => rows.map((r) => r[pk]));
  for (const probe of LIKE_PROBE_ROWS) {
    const first = db(model.tableName).select(pk).orderBy(order, 'asc').orderBy(pk, 'asc').limit(probe);
    const keys = await keysOf(filtered(bare).whereIn(pk, first));
    if (keys.length >= end) return keys;
  }
  return keysOf(filtered(bare));
}
