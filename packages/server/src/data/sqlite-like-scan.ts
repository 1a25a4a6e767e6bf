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
import { chunkState, chunksClaimed, mergeChunks, readChunks, type ChunkPlan } from './sqlite-chunk-scan.js';
import { readPoolOf } from './sqlite-read-pool.js';
import { prepared, quoteIdent, sqliteParams, type PooledClient } from './sqlite-statements.js';
import { trustedTextSearch } from './text-search.js';
import type { TableModel } from './table-model.js';

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
  const scan = () => filtered(db.raw('?? not indexed', [table])).select(pk, order);
  const seen =
    (await twoThreadScan(db, table, pk, scan, end)) ?? (await run(scan().orderBy(pk, 'asc').limit(end)));
  const inRowOrder = [...seen].sort((a, b) => compareRowOrder(a[order], b[order]) || Number(a[pk]) - Number(b[pk]));
  const keys = inRowOrder.map((r) => r[pk]);
  if (seen.length < end) return keys;
  const bound = inRowOrder[inRowOrder.length - 1]!;
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

/** A table of fewer keys than this is read in one statement: two threads would not pay for the trip. */
export const TWO_THREAD_MIN_KEYS = 20_000;
/** Below this many keys a scan on two threads needs a reader already running. */
export const START_READER_MIN_KEYS = 300_000;
/** Keys per chunk of a scan on two threads, at least (a chunk of 10,000 rows is about 1–2 ms of CPU). */
const MIN_CHUNK_KEYS = 10_000;
/** Chunks of a scan on two threads, at most. */
const MAX_CHUNKS = 64;
/** Range bounds bound while compiling, found again among the bindings (a `like` binds only text). */
const LO_MARK = -9_007_199_254_740_000;
const HI_MARK = -9_007_199_254_739_999;

/**
 * The first `end` matches in key order, read by the event loop and a SQLite reader thread together when the
 * embedded database has a read pool and the table is large (docs/performance.md, "Text search"): the key
 * range is cut into chunks both threads claim in turn (sqlite-chunk-scan.ts). The app's one connection is
 * held from before the reader starts until it has answered, so every write begun before has committed and
 * none commits between the two threads' reads: the rows are those of one state of the table, as one
 * statement's. Undefined when one statement should read them (no pool, a small table, inside a transaction).
 * `chunkKeys` sets the keys per chunk (tests).
 */
export async function twoThreadScan(
  db: Knex,
  table: string,
  pk: string,
  scan: () => Knex.QueryBuilder,
  end: number,
  chunkKeys?: number,
): Promise<Record<string, unknown>[] | undefined> {
  const pool = readPoolOf(db);
  if (!pool?.usable) return undefined;
  const compiled = scan()
    .where(pk, '>=', LO_MARK)
    .where(pk, '<', HI_MARK)
    .orderBy(pk, 'asc')
    .limit(end)
    .toSQL()
    .toNative();
  const params = sqliteParams(compiled.bindings as unknown[]);
  const at = params.indexOf(LO_MARK);
  if (at < 0 || params[at + 1] !== HI_MARK) return undefined;
  const client = db.client as PooledClient;
  const conn = await client.acquireConnection();
  try {
    if (conn.inTransaction) return undefined;
    const bounds = prepared(conn, `select min(${quoteIdent(pk)}) as lo, max(${quoteIdent(pk)}) as hi from ${quoteIdent(table)}`);
    const [range] = bounds.all() as { lo: number | null; hi: number | null }[];
    if (range?.lo == null || range.hi == null) return undefined;
    const keys = range.hi - range.lo + 1;
    if (keys < (chunkKeys ? 2 * chunkKeys : TWO_THREAD_MIN_KEYS)) return undefined;
    // Starting a reader costs about 50 ms of CPU and 100 ms before it reads: worth it for large tables only.
    if (!pool.threads && keys < START_READER_MIN_KEYS && !chunkKeys) return undefined;
    const span = chunkKeys ?? Math.max(MIN_CHUNK_KEYS, Math.ceil(keys / MAX_CHUNKS));
    const plan: ChunkPlan = { lo: range.lo, span, chunks: Math.ceil(keys / span), end };
    const state = chunkState(plan);
    const stmt = prepared(conn, compiled.sql);
    const read = (lo: number, hi: number) => {
      const p = [...params];
      p[at] = lo;
      p[at + 1] = hi;
      return stmt.all(p) as Record<string, unknown>[];
    };
    const theirs = pool.scan(compiled.sql, params, plan, state, at);
    const mine = readChunks(state, plan, read);
    // Whatever the reader claimed it reads to the end: wait for it only then (it may not have started).
    const parts = [mine];
    if (chunksClaimed(state, plan) > mine.size) parts.push(await theirs.catch(() => new Map()));
    else theirs.catch(() => undefined);
    return mergeChunks(plan, parts, read);
  } finally {
    await client.releaseConnection(conn);
  }
}

/** Row-order values as SQLite orders them: empty first, then by number. */
function compareRowOrder(a: unknown, b: unknown): number {
  const x = a === null || a === undefined ? -Infinity : Number(a);
  const y = b === null || b === undefined ? -Infinity : Number(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
