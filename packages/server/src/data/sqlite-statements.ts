/**
 * The embedded SQLite hot path: prepared statements cached per connection, run directly on the
 * better-sqlite3 connection that knex holds (inside its transaction), without knex's per-query work.
 */
import type { Knex } from 'knex';

interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  all(...params: unknown[]): unknown[];
  reader: boolean;
}
interface Connection {
  prepare(sql: string): Statement;
}

const MAX_CACHED = 256;
const statements = new WeakMap<object, Map<string, Statement>>();

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

/**
 * Runs a knex SELECT; on SQLite through the statement cache (preparing a statement costs more than running
 * a 25-row page), elsewhere through knex.
 */
/** A compiled SELECT: SQL with `?` placeholders and its bindings. */
export interface NativeQuery {
  sql: string;
  bindings: readonly unknown[];
}

/** Runs a compiled SELECT on SQLite through the statement cache. */
export async function selectNative(db: Knex | Knex.Transaction, q: NativeQuery): Promise<Record<string, unknown>[]> {
  const client = db.client as {
    acquireConnection(): Promise<Connection>;
    releaseConnection(c: Connection): Promise<unknown>;
  };
  const conn = await client.acquireConnection();
  try {
    const params = q.bindings.map((b) => (typeof b === 'boolean' ? Number(b) : b instanceof Date ? b.valueOf() : b));
    return prepared(conn, q.sql).all(params) as Record<string, unknown>[];
  } finally {
    await client.releaseConnection(conn);
  }
}

export async function selectRows(db: Knex | Knex.Transaction, dialect: string, qb: Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  if (dialect !== 'sqlite') return (await qb) as Record<string, unknown>[];
  const { sql, bindings } = qb.toSQL().toNative();
  return selectNative(db, { sql, bindings: bindings as unknown[] });
}
