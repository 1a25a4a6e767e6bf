/**
 * The first page of a sorted filter on a large SQLite table, before an index serves its sort (docs/performance.md,
 * "First visits at 1M rows (SQLite)"). Without that index the page reads every matching row and sorts them, and
 * its first count reads them all again (on a reader thread beside it, or after it when no reader runs): two full
 * reads of the matches, beside the index build the page started. Here one statement reads the page's keys and
 * the count of the filter together (`count(*) over ()`, worked out over every match before LIMIT), on a reader
 * thread when one runs, else on the event loop, and the page's rows are then read by key on the event loop.
 * Same rows, same order, same count as the page and the count apart.
 */
import type { SortSpec } from '@rowbase/core/filters/sort';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { fieldByKey, indexColumnsFor } from './auto-index-columns.js';
import type { AutoIndexer } from './auto-index.js';
import { isIntegerKey } from './paging.js';
import type { Projection, Row } from './row-projection.js';
import { selectNative, selectRows } from './sqlite-statements.js';
import type { TableModel } from './table-model.js';

/** Pages ending deeper than this keep the page and the count apart (the keys read holds offset + limit rows). */
export const COUNTED_KEYS_MAX_END = 1000;

/** The column of the keys read that carries the count. */
const TOTAL = '__rb_total';

/** Reads answered this way (tests). */
export const countedKeyReads = { n: 0 };

interface PageShape {
  where?: readonly FilterNode[];
  sort?: readonly SortSpec[];
  limit: number;
  offset: number;
  within?: unknown;
}

/**
 * Whether a page may be read this way: SQLite, an integer key, a sort on stored fields only (the keys read and
 * the rows read order alike) that the automatic index of the page's shape does not serve yet, no subset of rows,
 * a shallow page.
 */
export function countedKeysFit(model: TableModel, q: PageShape, indexes: AutoIndexer): boolean {
  const pk = model.pk;
  if (model.dialect !== 'sqlite' || !pk || !isIntegerKey(pk) || q.within) return false;
  if (!q.sort?.length || q.limit < 1 || q.offset + q.limit > COUNTED_KEYS_MAX_END) return false;
  if (!q.sort.every((s) => fieldByKey(model, s.field) !== undefined)) return false;
  return !indexes.isReady(model, indexColumnsFor(model, q.where, q.sort));
}

/**
 * The page's keys in order and the count of its filter, read on a reader thread from `filtered` (the filtered
 * SELECT without columns, order or paging). Undefined when no row came back past the first page (nothing
 * carried the count).
 */
export async function countedKeys(
  db: Knex,
  model: TableModel,
  filtered: Knex.QueryBuilder,
  order: (qb: Knex.QueryBuilder) => void,
  q: PageShape,
  /** On a reader thread (else where the read pool's timings send it: on the event loop when it is new). */
  reader: boolean,
): Promise<{ keys: number[]; total: number } | undefined> {
  const pk = model.pk!.name;
  const qb = filtered.select(pk, db.raw('count(*) over () as ??', [TOTAL]));
  order(qb);
  const { sql, bindings } = qb.limit(q.limit).offset(q.offset).toSQL().toNative();
  const rows = await selectNative(db, { sql, bindings: bindings as unknown[] }, { reader });
  countedKeyReads.n++;
  if (!rows.length) return q.offset === 0 ? { keys: [], total: 0 } : undefined;
  return { keys: rows.map((r) => r[pk] as number), total: Number(rows[0]![TOTAL]) };
}

/** The rows of `keys` in the page's order (not decoded). */
export async function rowsByKeys(
  db: Knex,
  model: TableModel,
  keys: readonly number[],
  projection: Projection,
  order: (qb: Knex.QueryBuilder) => void,
): Promise<Row[]> {
  if (!keys.length) return [];
  const qb = db(model.tableName).select(projection.compiledSelect ? [projection.compiledSelect] : projection.select);
  order(qb.whereIn(model.pk!.name, keys as number[]));
  return selectRows(db, 'sqlite', qb);
}
