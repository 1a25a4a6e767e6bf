/**
 * A `like` page in row order on SQLite before the field's search index is in place (docs/performance.md,
 * "Text search", before a search index). The plain page reads the `(nc_order, id)` index and looks up every row
 * until the page is full, which a rare pattern never is: the whole table through index order and lookups.
 * Here the keys of the page come from reading the table in key order (`likeScanKeys`), and its rows are
 * then read by key. Same rows, same order as the plain page.
 */
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { isIntegerKey } from './paging.js';
import { trustedTextSearch } from './text-search.js';
import type { TableModel } from './table-model.js';

/** Pages ending deeper than this keep the plain query (the scan keeps offset + limit matches). */
export const LIKE_SCAN_MAX_END = 1000;

/**
 * Matches an index read may find before the table read answers instead: under this many, every match is
 * known and sorted in row order (one lookup each); at least LIKE_SCAN_MAX_END.
 */
export const LIKE_INDEX_MAX_MATCHES = 1000;

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
 * The one column every condition of a `like` scan searches, when they all search the same one: an index on
 * it alone holds what the scan tests (`likeIndexKeys`).
 */
export function likeScanColumn(model: TableModel, where: readonly FilterNode[]): string | undefined {
  const columns = new Set(where.map((n) => (n.type === 'condition' ? model.field(n.field)?.name : undefined)));
  const [column] = columns;
  return columns.size === 1 && column ? column : undefined;
}

/**
 * The keys of the first `end` rows in row order that `filtered` matches, read from an index of the searched
 * column (docs/performance.md, "Text search", the display value's index): its entries are a fraction of the
 * table's rows, and SQLite reads the narrowest index that holds the column and the key. Fewer than
 * LIKE_INDEX_MAX_MATCHES matches are all of them: their row orders are looked up by key and sorted here.
 * Undefined when there are more (the table read in key order stops early for those).
 */
export async function likeIndexKeys(
  db: Knex,
  model: TableModel,
  filtered: (from: Knex.Raw) => Knex.QueryBuilder,
  end: number,
  run: (qb: Knex.QueryBuilder) => Promise<Record<string, unknown>[]>,
): Promise<unknown[] | undefined> {
  const pk = model.pk!.name;
  const order = model.rowOrder!.name;
  const table = model.tableName;
  const matches = await run(filtered(db.raw('??', [table])).select(pk).limit(LIKE_INDEX_MAX_MATCHES));
  if (matches.length >= LIKE_INDEX_MAX_MATCHES) return undefined;
  if (!matches.length) return [];
  const rows = await run(
    db
      .from(db.raw('?? not indexed', [table]))
      .select(pk, order)
      .whereIn(
        pk,
        matches.map((r) => r[pk] as number),
      ),
  );
  return inRowOrder(rows, pk, order)
    .slice(0, end)
    .map((r) => r[pk]);
}

/**
 * The keys of the first `end` rows in row order that `filtered` matches, or undefined when the plain query
 * must answer. `filtered(from)` is the filtered SELECT over `from`; `run` runs a SELECT.
 *
 * The table is read in key order (`not indexed`: no index for the order, no lookup per row) until `end`
 * matches. A scan that ends first has read every match. Otherwise the page is those matches in row order
 * when no row after the last one read comes before the greatest of them in row order, which the
 * `(nc_order, id)` index tells without reading rows: so it is where rows were appended in order, and a
 * table whose rows were moved there gets the plain query.
 */
export async function likeScanKeys(
  db: Knex,
  model: TableModel,
  filtered: (from: Knex.Raw) => Knex.QueryBuilder,
  end: number,
  run: (qb: Knex.QueryBuilder) => Promise<Record<string, unknown>[]>,
): Promise<unknown[] | undefined> {
  const pk = model.pk!.name;
  const order = model.rowOrder!.name;
  const table = model.tableName;
  const seen = await run(filtered(db.raw('?? not indexed', [table])).select(pk, order).orderBy(pk, 'asc').limit(end));
  const sorted = inRowOrder(seen, pk, order);
  const keys = sorted.map((r) => r[pk]);
  if (seen.length < end) return keys;
  const bound = sorted[sorted.length - 1]!;
  if (bound[order] === null || bound[order] === undefined) return undefined;
  const lastRead = seen[seen.length - 1]![pk];
  const [later] = await run(
    db.select(
      db.raw(
        'exists (select 1 from ?? where ?? is null and ?? > ?) or exists (select 1 from ?? where (??, ??) < (?, ?) and ?? > ?) as ??',
        [table, order, pk, lastRead, table, order, pk, bound[order], bound[pk], pk, lastRead, 'later'] as Knex.RawBinding[],
      ),
    ),
  );
  return Number(later?.later) ? undefined : keys;
}

/** Rows sorted by row order, then key (as the plain query lists them). */
function inRowOrder(rows: readonly Record<string, unknown>[], pk: string, order: string): Record<string, unknown>[] {
  return [...rows].sort((a, b) => compareRowOrder(a[order], b[order]) || Number(a[pk]) - Number(b[pk]));
}

/** Row-order values as SQLite orders them: empty first, then by number. */
function compareRowOrder(a: unknown, b: unknown): number {
  const x = a === null || a === undefined ? -Infinity : Number(a);
  const y = b === null || b === undefined ? -Infinity : Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
