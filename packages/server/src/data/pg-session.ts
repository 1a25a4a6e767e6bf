/**
 * Settings of every pooled PostgreSQL connection the app opens (docs/performance.md, "PostgreSQL sessions").
 *
 * JIT compilation is off: PostgreSQL turns it on for any query whose estimated cost passes `jit_above_cost`
 * (100,000 by default). A 25-row page with a rollup or a lookup passes that easily (each correlated
 * subquery is costed as if it read many rows), and compiling took 50–700 ms for a page that runs in under
 * 1 ms. Row reads here are short: JIT never pays for itself on them.
 */
import type { Knex } from 'knex';

/** Sent once on each new connection, before its first query. */
export const PG_SESSION_SETTINGS = 'set jit = off';

interface PgConnection {
  query(sql: string, cb: (err: Error | null) => void): void;
}

/** A knex pool configuration for PostgreSQL whose connections carry the session settings. */
export function pgPoolConfig(pool: { min: number; max: number }): Knex.PoolConfig {
  return {
    ...pool,
    afterCreate(conn: PgConnection, done: (err: Error | null, conn: PgConnection) => void) {
      // A server without the setting (PostgreSQL before 11, or a look-alike behind an external source)
      // refuses it: the connection is used as it is. The statement stands alone, so nothing else is undone.
      conn.query(PG_SESSION_SETTINGS, () => done(null, conn));
    },
  };
}

/**
 * knex's `wrapIdentifier` for PostgreSQL: a `?` inside a quoted name is escaped, so that knex, which numbers
 * every unescaped `?` of a statement as a bound value (`$1`, `$2`…), leaves it in the name. Only external
 * sources can hold such names (docs/behaviour/validation.md, "Names").
 */
export function pgWrapIdentifier(value: string, origImpl: (value: string) => string): string {
  const wrapped = origImpl(value);
  return wrapped.includes('?') ? wrapped.replace(/\?/g, '\\?') : wrapped;
}
