/**
 * PostgreSQL row reads without knex's per-query work (docs/performance.md, "A warm read, step by step"): a
 * compiled SELECT (SQL with `$n` placeholders) runs on a pooled connection, and its rows come back as the
 * driver parses them, as knex would return them. Through a transaction, its own connection is used.
 */
import type { Knex } from 'knex';
import type { NativeQuery } from './sqlite-statements.js';

interface PgConnection {
  query(config: { text: string; values: readonly unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PgClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(c: PgConnection): Promise<unknown>;
}

/**
 * Runs a compiled SELECT on PostgreSQL. A failure carries the SQL in front of the database's words, as knex
 * puts it (the error handler keeps only the words after the last ` - `).
 */
export async function selectPgNative(db: Knex | Knex.Transaction, q: NativeQuery): Promise<Record<string, unknown>[]> {
  const client = db.client as PgClient;
  const conn = await client.acquireConnection();
  try {
    return (await conn.query({ text: q.sql, values: q.bindings })).rows;
  } catch (err) {
    if (err instanceof Error) err.message = `${q.sql} - ${err.message}`;
    throw err;
  } finally {
    await client.releaseConnection(conn);
  }
}
