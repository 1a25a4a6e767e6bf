/** Which SQL dialect a knex instance speaks, in the field registry's naming. */
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { Knex } from 'knex';

const DIALECT_OF_CLIENT: Record<string, Dialect> = {
  'better-sqlite3': 'sqlite',
  sqlite3: 'sqlite',
  pg: 'pg',
  postgres: 'pg',
  postgresql: 'pg',
  mysql: 'mysql',
  mysql2: 'mysql',
  mssql: 'mssql',
  oracledb: 'oracle',
  snowflake: 'snowflake',
};

/** @example dialectOf(knex({ client: 'better-sqlite3', ... })) // 'sqlite' */
export function dialectOf(db: Knex): Dialect {
  const client = (db.client as { config?: { client?: unknown } }).config?.client;
  const name = typeof client === 'string' ? client : ((client as { name?: string } | undefined)?.name ?? '');
  const dialect = DIALECT_OF_CLIENT[name];
  if (!dialect) throw new Error(`Unknown knex client "${name}"`);
  return dialect;
}
