/** Opens the meta database (which is also the default source's database) with knex. */
import knexFactory, { type Knex } from 'knex';
import type BetterSqlite3 from 'better-sqlite3';
import type { MetaDbConfig } from '../config.js';
import { registerSqliteFormulaFunctions } from '../data/formula/sqlite-functions.js';
import { pgPoolConfig } from '../data/pg-session.js';
import { useImmediateSqliteTransactions } from './sqlite-immediate.js';

export type MetaDb = Knex;

export function openMetaDb(config: MetaDbConfig): MetaDb {
  switch (config.client) {
    case 'sqlite':
      useImmediateSqliteTransactions();
      return knexFactory({
        client: 'better-sqlite3',
        connection: { filename: config.connection },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate(conn: BetterSqlite3.Database, done: (err: Error | null) => void) {
            conn.pragma('journal_mode = WAL');
            conn.pragma('synchronous = NORMAL');
            conn.pragma('foreign_keys = ON');
            conn.pragma('busy_timeout = 5000');
            // Statement journals in memory: a multi-row INSERT into a table with automatic indexes spilled its
            // journal to a temp file past 64 KB (docs/performance.md, "Writes past the automatic structures").
            conn.pragma('temp_store = memory');
            registerSqliteFormulaFunctions(conn);
            done(null);
          },
        },
      });
    case 'pg':
      return knexFactory({
        client: 'pg',
        connection: config.connection,
        pool: pgPoolConfig({ min: 0, max: 10 }),
      });
    case 'mysql':
      return knexFactory({
        client: 'mysql2',
        connection: {
          uri: config.connection,
          supportBigNumbers: true,
          dateStrings: false,
          timezone: 'Z',
        } as never,
        pool: {
          min: 0,
          max: 10,
          // CURRENT_TIMESTAMP defaults follow the session time zone: keep every session in UTC.
          afterCreate(
            conn: { query(sql: string, cb: (err: Error | null) => void): void },
            done: (err: Error | null) => void,
          ) {
            conn.query("SET time_zone = '+00:00'", done);
          },
        },
      });
  }
}

/** Fails with a clear message when the database cannot be reached. */
export async function assertReachable(db: MetaDb, label: string): Promise<void> {
  try {
    await db.raw('select 1');
  } catch (err) {
    throw new Error(`Cannot reach the ${label} database: ${(err as Error).message}`, { cause: err });
  }
}
