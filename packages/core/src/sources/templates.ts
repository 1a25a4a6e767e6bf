/**
 * Connection templates of docs/architecture.md, docs/behaviour/limits.md: the supported clients, the wire-compatible products offered as
 * templates, their default ports, hosts and search paths. `normaliseClient` answers 'Database not supported'
 * for anything else.
 */
import { badRequest } from '../errors.js';
import type { SourceClient } from '../api/meta.js';
import type { Dialect } from '../fields/field-type.js';

/** Clients a source may be created with (docs/architecture.md); vitess is offered as a MySQL-wire client. */
export const SUPPORTED_CLIENTS = [
  'mysql',
  'mysql2',
  'sqlite3',
  'mssql',
  'oracledb',
  'pg',
  'snowflake',
  'vitess',
] as const;
export type SupportedClient = (typeof SUPPORTED_CLIENTS)[number];

export const DATABASE_NOT_SUPPORTED = 'Database not supported';

export interface ConnectionTemplate {
  /** The name shown in the picker. */
  name: string;
  /** The knex/driver client it connects through. */
  client: SupportedClient;
  dialect: Dialect;
  port: number | null;
  host: string | null;
  /** Schema search path (pg: public, mssql: dbo). */
  searchPath: string[] | null;
}

const t = (
  name: string,
  client: SupportedClient,
  dialect: Dialect,
  port: number | null,
  searchPath: string[] | null = null,
): ConnectionTemplate => ({
  name,
  client,
  dialect,
  port,
  host: port === null ? null : 'localhost',
  searchPath,
});

/** Default ports (docs/behaviour/limits.md): pg 5432, mysql 3306, vitess 15306, mssql 1433, tidb 4000, others 5432 or 1521. */
export const CONNECTION_TEMPLATES: Record<string, ConnectionTemplate> = {
  pg: t('PostgreSQL', 'pg', 'pg', 5432, ['public']),
  mysql2: t('MySQL', 'mysql2', 'mysql', 3306),
  mysql: t('MySQL', 'mysql2', 'mysql', 3306),
  sqlite3: t('SQLite', 'sqlite3', 'sqlite', null),
  mssql: t('MSSQL', 'mssql', 'mssql', 1433, ['dbo']),
  oracledb: t('Oracle', 'oracledb', 'oracle', 1521),
  snowflake: t('Snowflake', 'snowflake', 'snowflake', null),
  vitess: t('Vitess', 'vitess', 'mysql', 15306),
  tidb: t('TiDB', 'mysql2', 'mysql', 4000),
  yugabyte: t('YugabyteDB', 'pg', 'pg', 5432, ['public']),
  citusdb: t('CitusDB', 'pg', 'pg', 5432, ['public']),
  cockroachdb: t('CockroachDB', 'pg', 'pg', 5432, ['public']),
  greenplum: t('Greenplum', 'pg', 'pg', 5432, ['public']),
};

/** The SourceMeta `type` of a client. */
export function sourceTypeOf(client: SupportedClient): SourceClient {
  return client === 'vitess' ? 'mysql2' : (client as SourceClient);
}

/**
 * Maps a client name (or template name) to its template; anything else is a 400 'Database not supported'.
 * @example templateOf('tidb').port // 4000
 */
export function templateOf(client: unknown): ConnectionTemplate {
  const tpl = typeof client === 'string' ? CONNECTION_TEMPLATES[client] : undefined;
  if (!tpl) throw badRequest(DATABASE_NOT_SUPPORTED);
  return tpl;
}

/** The dialect a SourceMeta `type` speaks. */
export function dialectOfClient(client: string): Dialect {
  return templateOf(client).dialect;
}
