/**
 * Row reads on PostgreSQL as named (prepared) statements (docs/performance.md, "Prepared statements").
 *
 * A page with two lookups, a rollup and a link count took PostgreSQL about 0.25 ms to parse and plan and
 * 0.5 ms to run, at every request: the values change between requests, the SQL text does not. A named
 * statement is parsed once per pooled connection; PostgreSQL plans it for each request's values for the first
 * five runs, then keeps one generic plan when it costs no more than those did (its own rule, so a filter
 * whose best plan depends on its values keeps being planned for them).
 *
 * The compiled query runs straight on the connection knex's pool lends, without knex's runner around it.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** Named statements kept per connection; further SQL runs unnamed, so a connection's memory stays bounded. */
const MAX_NAMED_PER_CONNECTION = 200;

interface PgResult {
  rows: Record<string, unknown>[];
}
interface PgClient {
  query(config: { name?: string; text: string; values: readonly unknown[] }): Promise<PgResult>;
}
interface PooledClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(c: PgClient): Promise<unknown>;
}

/** Per connection: the statements it has prepared, and those it must not use any more. */
const named = new WeakMap<PgClient, { prepared: Set<string>; retired: Set<string> }>();
const names = new Map<string, string>();

/** A statement's name: the same for the same SQL text on every connection. */
function nameOf(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    if (names.size >= 4 * MAX_NAMED_PER_CONNECTION) names.clear();
    name = `rb_${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * PostgreSQL refuses a prepared statement whose result columns changed type since it was prepared (a field's
 * type changed and the SQL text did not): `cached plan must not change result type`.
 */
function resultTypeChanged(err: unknown): boolean {
  return (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(err));
}

/** Pools whose reads run as named statements, by their knex configuration (a transaction's client shares it). */
const allowed = new WeakSet<object>();

/**
 * Lets reads through this knex (the app's own database) run as named statements. External sources do not:
 * a connection pooler in front of them (PgBouncer in transaction mode) may hand each statement to another
 * server connection, which never saw it prepared.
 */
export function useNamedStatements(db: Knex): void {
  allowed.add(db.client.config as object);
}

/** Runs a knex SELECT on PostgreSQL, as a named statement where allowed; the rows as the pg driver parses them. */
export async function pgSelect(db: Knex | Knex.Transaction, qb: Knex.QueryBuilder): Promise<Record<string, unknown>[]> {
  // Inside a transaction a refused statement would abort it: reads there (a write reading back) run unnamed.
  if (!allowed.has(db.client.config as object) || (db as Knex.Transaction).isTransaction)
    return (await qb) as Record<string, unknown>[];
  const { sql, bindings } = qb.toSQL().toNative();
  const client = db.client as PooledClient;
  const conn = await client.acquireConnection();
  try {
    let state = named.get(conn);
    if (!state) named.set(conn, (state = { prepared: new Set(), retired: new Set() }));
    const name = nameOf(sql);
    const usable =
      !state.retired.has(name) && (state.prepared.has(name) || state.prepared.size < MAX_NAMED_PER_CONNECTION);
    if (!usable) return (await conn.query({ text: sql, values: bindings })).rows;
    try {
      const result = await conn.query({ name, text: sql, values: bindings });
      state.prepared.add(name);
      return result.rows;
    } catch (err) {
      if (!resultTypeChanged(err)) throw err;
      // This connection keeps the old statement under that name: the same SQL runs unnamed on it from now on.
      state.retired.add(name);
      return (await conn.query({ text: sql, values: bindings })).rows;
    }
  } finally {
    await client.releaseConnection(conn);
  }
}
