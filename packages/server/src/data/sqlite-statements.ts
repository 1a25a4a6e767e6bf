/**
 * The embedded SQLite hot path: prepared statements cached per connection, run directly on the
 * better-sqlite3 connection that knex holds (inside its transaction), without knex's per-query work.
 */
import type { Knex } from 'knex';
import { selectPgNative } from './pg-select.js';
import { readPoolOf, rowObjects, type SqliteReadPool } from './sqlite-read-pool.js';

interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  all(...params: unknown[]): unknown[];
  raw(on: boolean): Statement;
  columns(): { name: string }[];
  reader: boolean;
}
interface Connection {
  prepare(sql: string): Statement;
  readonly inTransaction: boolean;
}

const MAX_CACHED = 256;
const statements = new WeakMap<object, Map<string, Statement>>();

/**
 * A read's statement in raw mode (rows as arrays) and its column names, when they cannot change: see
 * `readRowsOf`.
 */
interface ReadStatement {
  stmt: Statement;
  /** The SQL selects `*` (or `t.*`): its columns are whatever the table holds when it runs. */
  star: boolean;
  columns?: string[];
}
const SELECTS_STAR = /(?:\bselect\s+(?:distinct\s+|all\s+)?|,\s*|\.)\*/i;
const readStatements = new WeakMap<object, Map<string, ReadStatement>>();

/** The better-sqlite3 connection behind a knex transaction (or the single pooled one). */
export async function sqliteConnection(db: Knex | Knex.Transaction): Promise<Connection> {
  return (await (db.client as { acquireConnection(): Promise<Connection> }).acquireConnection()) as Connection;
}

/** A prepared statement for `sql`, prepared once per connection. */
export function prepared(conn: Connection, sql: string): Statement {
  let cache = statements.get(conn);
  if (!cache) statements.set(conn, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    if (cache.size >= MAX_CACHED) cache.clear();
    stmt = conn.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

/** `"name"` with inner quotes doubled: identifiers from metadata, quoted for SQLite. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A compiled SELECT: SQL with `?` placeholders and its bindings. */
export interface NativeQuery {
  sql: string;
  bindings: readonly unknown[];
}

/**
 * Runs a compiled SELECT on SQLite through the statement cache. Through the app's own knex (not a transaction),
 * a shape that has been slow goes to the read pool when there is one (docs/performance.md).
 */
export async function selectNative(
  db: Knex | Knex.Transaction,
  q: NativeQuery,
  /** Sends the read to a reader whatever its past timings (a count expected to be slow, run beside a page). */
  opts: { reader?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const params = sqliteParams(q.bindings);
  const pool = readPoolOf(db);
  if (pool && (opts.reader ? pool.usable : pool.wants(q.sql)) && (await noWriteOpen(db))) {
    return pool.select(q.sql, params, () => selectInline(db, q.sql, params));
  }
  return selectInline(db, q.sql, params, pool);
}

/** Bindings as better-sqlite3 binds them: no booleans, dates as epoch milliseconds. */
export function sqliteParams(bindings: readonly unknown[]): unknown[] {
  return bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b instanceof Date ? b.valueOf() : b));
}

/** Whether reads through `db` may go to SQLite reader threads at all. */
export function hasReadPool(db: Knex | Knex.Transaction): boolean {
  return readPoolOf(db) !== undefined;
}

/** Whether a SQLite reader thread of `db`'s read pool is running now (one that is not has to start first). */
export function readerRunning(db: Knex | Knex.Transaction): boolean {
  const pool = readPoolOf(db);
  return pool !== undefined && pool.usable && pool.threads > 0;
}

/** Whether a SELECT through `db` would run on a SQLite reader thread (it has been slow on the event loop). */
export function goesToReader(db: Knex | Knex.Transaction, sql: string): boolean {
  return readPoolOf(db)?.wants(sql) === true;
}

/** A knex client as the SQLite hot path takes connections from it. */
export interface PooledClient {
  acquireConnection(): Promise<Connection>;
  releaseConnection(c: Connection): Promise<unknown>;
  /** knex's tarn pool (absent on a transaction's own client before it starts). */
  pool?: IdlePool;
}

/** The parts of tarn's pool that tell whether its one connection is free. */
interface IdlePool {
  numUsed(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
  free?: readonly { resource: Connection }[];
}

/**
 * The connection knex's pool holds free, when nothing has taken it or waits for it: a statement run at once
 * (without an await) on it cannot meet a transaction, so the pool's acquire and release (a promise, a timer
 * and an operation object each, about a tenth of a warm page's CPU) are skipped. Undefined otherwise: inside
 * a transaction (its connection is in use), or while anyone waits, the caller takes the pool's way.
 */
function idleConnection(client: PooledClient): Connection | undefined {
  const pool = client.pool;
  if (!pool || pool.numUsed() !== 0 || pool.numPendingAcquires() !== 0 || pool.numPendingCreates() !== 0)
    return undefined;
  const conn = pool.free?.length === 1 ? pool.free[0]!.resource : undefined;
  // One knex marked broken is left to the pool, which replaces it on the next acquire.
  return conn && !(conn as { __knex__disposed?: unknown }).__knex__disposed ? conn : undefined;
}

async function selectInline(
  db: Knex | Knex.Transaction,
  sql: string,
  params: unknown[],
  pool?: SqliteReadPool,
): Promise<Record<string, unknown>[]> {
  const client = db.client as PooledClient;
  const idle = idleConnection(client);
  if (idle) return runInline(idle, sql, params, pool);
  const conn = await client.acquireConnection();
  try {
    return runInline(conn, sql, params, pool);
  } finally {
    await client.releaseConnection(conn);
  }
}

function runInline(conn: Connection, sql: string, params: unknown[], pool?: SqliteReadPool): Record<string, unknown>[] {
  const read = preparedRead(conn, sql);
  if (!pool) return readRowsOf(read, read.stmt.all(params) as unknown[][]);
  // Only the run is timed: preparing a new statement once says nothing of what the shape costs.
  const started = performance.now();
  const rows = read.stmt.all(params) as unknown[][];
  pool.noteInline(sql, performance.now() - started);
  return readRowsOf(read, rows);
}

/** A SELECT prepared once per connection, in raw mode (its own cache: other callers expect objects). */
function preparedRead(conn: Connection, sql: string): ReadStatement {
  let cache = readStatements.get(conn);
  if (!cache) readStatements.set(conn, (cache = new Map()));
  let read = cache.get(sql);
  if (!read) {
    if (cache.size >= MAX_CACHED) cache.clear();
    read = { stmt: conn.prepare(sql).raw(true), star: SELECTS_STAR.test(sql) };
    cache.set(sql, read);
  }
  return read;
}

/**
 * A raw read's rows as the driver's objects, built here: better-sqlite3 builds each row object key by key,
 * which cost a 25-row page of 16 columns about 130 µs against 75 µs for arrays turned into objects in
 * JavaScript (docs/performance.md, "A warm read, step by step"). Column names are read after the run (SQLite
 * prepares a statement again after a schema change, and `*` may then widen) and kept only for SQL that does
 * not select `*`, whose names are its own text.
 */
function readRowsOf(read: ReadStatement, rows: unknown[][]): Record<string, unknown>[] {
  let columns = read.columns;
  if (!columns) {
    columns = read.stmt.columns().map((c) => c.name);
    if (!read.star) read.columns = columns;
  }
  return rowObjects(columns, rows);
}

/**
 * Runs one write statement on embedded SQLite through the statement cache, on the app's connection, outside
 * any transaction; answers the number of rows it changed. Undefined (nothing run) on other databases, or when
 * the connection is inside a transaction knex does not know of: the caller then goes through knex. For small
 * bookkeeping writes made many times a second (the job queue's rows: docs/jobs.md "Cost"), where building and
 * preparing the statement through knex costs more than running it.
 */
export async function runSqliteWrite(db: Knex, sql: string, params: unknown[]): Promise<number | undefined> {
  if ((db.client as { config: { client?: unknown } }).config.client !== 'better-sqlite3') return undefined;
  const client = db.client as PooledClient;
  const idle = idleConnection(client);
  if (idle) return idle.inTransaction ? undefined : prepared(idle, sql).run(params).changes;
  const conn = await client.acquireConnection();
  try {
    return conn.inTransaction ? undefined : prepared(conn, sql).run(params).changes;
  } finally {
    await client.releaseConnection(conn);
  }
}

/**
 * Read-your-writes for the read pool: the app's one connection is taken and given back. Taking it waits for a
 * transaction that holds it, so every write begun before this read has committed, and a reader that starts
 * after this sees it. False when the connection is inside a transaction knex does not know of.
 */
export async function noWriteOpen(db: Knex | Knex.Transaction): Promise<boolean> {
  const client = db.client as PooledClient;
  // Free and awaited by no one: no transaction of knex holds it, so none is left to wait for.
  const idle = idleConnection(client);
  if (idle) return !idle.inTransaction;
  const conn = await client.acquireConnection();
  try {
    return !conn.inTransaction;
  } finally {
    await client.releaseConnection(conn);
  }
}

/**
 * Runs a knex SELECT; on SQLite through the statement cache (preparing a statement costs more than running
 * a 25-row page), elsewhere through knex.
 */
export async function selectRows(db: Knex | Knex.Transaction, dialect: string, qb: Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  if (dialect !== 'sqlite' && dialect !== 'pg') return (await qb) as Record<string, unknown>[];
  const { sql, bindings } = qb.toSQL().toNative();
  return selectCompiled(db, dialect, { sql, bindings: bindings as unknown[] });
}

/** Runs a compiled SELECT (`toSQL().toNative()`) on SQLite or PostgreSQL without knex's per-query work. */
export function selectCompiled(
  db: Knex | Knex.Transaction,
  dialect: 'sqlite' | 'pg',
  q: NativeQuery,
): Promise<Record<string, unknown>[]> {
  return dialect === 'sqlite' ? selectNative(db, q) : selectPgNative(db, q);
}
