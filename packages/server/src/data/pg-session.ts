/**
 * Settings of every pooled PostgreSQL connection the app opens (docs/performance.md, "PostgreSQL").
 *
 * JIT compilation is off: PostgreSQL turns it on for any query whose estimated cost passes `jit_above_cost`
 * (100,000 by default). A 25-row page with a rollup or a lookup passes that easily (each correlated
 * subquery is costed as if it read many rows), and compiling took 50–700 ms for a page that runs in under
 * 1 ms. Row reads here are short: JIT never pays for itself on them.
 *
 * Prepared statements are planned with their values every time (`plan_cache_mode = force_custom_plan`): a
 * named statement (pg-select.ts) then skips parsing only, never trades a page's plan for a generic one
 * (docs/performance.md, "Named statements on PostgreSQL").
 */
import type { Knex } from 'knex';

/** Sent once on each new connection, before its first query. */
export const PG_SESSION_SETTINGS = 'set jit = off';
/** Sent after it, on its own: PostgreSQL before 12 does not know the setting. */
export const PG_PLAN_SETTING = 'set plan_cache_mode = force_custom_plan';

interface PgConnection {
  query(sql: string, cb: (err: Error | null) => void): void;
}

/** Connections that plan every execution of a prepared statement with its values: only these name them. */
const customPlanned = new WeakSet<object>();

/**
 * Whether row reads on this connection may run as named statements: its session plans each execution with
 * its values, and RB_PG_NAMED_STATEMENTS is not `false` (a pooler in transaction mode, such as PgBouncer
 * before 1.21, does not keep a statement on the server connection that parsed it).
 */
export function namesStatements(conn: object): boolean {
  return customPlanned.has(conn) && process.env.RB_PG_NAMED_STATEMENTS !== 'false';
}

/** A knex pool configuration for PostgreSQL whose connections carry the session settings. */
export function pgPoolConfig(pool: { min: number; max: number }): Knex.PoolConfig {
  return {
    ...pool,
    afterCreate(conn: PgConnection, done: (err: Error | null, conn: PgConnection) => void) {
      // A server without a setting (PostgreSQL before 11 or 12, or a look-alike behind an external source)
      // refuses it: the connection is used as it is. Each statement stands alone, so nothing else is undone.
      conn.query(PG_SESSION_SETTINGS, () =>
        conn.query(PG_PLAN_SETTING, (err) => {
          if (!err) customPlanned.add(conn);
          done(null, conn);
        }),
      );
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
