/**
 * Source connections of a base and the connection templates of SPEC §1/§9 (default ports, search paths).
 * core has no `sources/templates.ts` yet; when the meta work lands one, this list should be replaced by it.
 */
import type { ListReply, SourceMeta } from '@rowbase/core/api/meta';
import { api } from './client';

export interface ConnectionConfig {
  client: string;
  connection: {
    host?: string;
    port?: number;
    user?: string;
    password?: string;
    database?: string;
    filename?: string;
  };
  searchPath?: string[];
}

export interface SourceTemplate {
  /** Shown in the picker. */
  label: string;
  /** The knex client used to connect. */
  client: string;
  defaultPort?: number;
  defaultSearchPath?: string;
  /** SQLite takes a file instead of host and port. */
  file?: boolean;
}

/** Every client and template SPEC §1 names; ports from SPEC §9 (others 5432 on pg wire, 1521 Oracle). */
export const SOURCE_TEMPLATES: SourceTemplate[] = [
  { label: 'PostgreSQL', client: 'pg', defaultPort: 5432, defaultSearchPath: 'public' },
  { label: 'MySQL', client: 'mysql2', defaultPort: 3306 },
  { label: 'SQLite', client: 'sqlite3', file: true },
  { label: 'SQL Server', client: 'mssql', defaultPort: 1433, defaultSearchPath: 'dbo' },
  { label: 'Oracle', client: 'oracledb', defaultPort: 1521 },
  { label: 'Snowflake', client: 'snowflake', defaultPort: 443 },
  { label: 'Vitess', client: 'mysql2', defaultPort: 15306 },
  { label: 'TiDB', client: 'mysql2', defaultPort: 4000 },
  { label: 'YugabyteDB', client: 'pg', defaultPort: 5432, defaultSearchPath: 'public' },
  { label: 'CitusDB', client: 'pg', defaultPort: 5432, defaultSearchPath: 'public' },
  { label: 'CockroachDB', client: 'pg', defaultPort: 5432, defaultSearchPath: 'public' },
  { label: 'Greenplum', client: 'pg', defaultPort: 5432, defaultSearchPath: 'public' },
];

/** The connection a template starts with: default host localhost and the template's port. */
export function initialConnection(t: SourceTemplate): ConnectionConfig {
  if (t.file) return { client: t.client, connection: { filename: '' } };
  return {
    client: t.client,
    connection: { host: 'localhost', port: t.defaultPort, user: '', password: '', database: '' },
    ...(t.defaultSearchPath ? { searchPath: [t.defaultSearchPath] } : {}),
  };
}

export const sourcesApi = {
  list: (baseId: string) => api.get<ListReply<SourceMeta>>(`/api/v1/db/meta/projects/${baseId}/bases/`),
  create: (baseId: string, body: { alias: string; type: string; config: ConnectionConfig }) =>
    api.post<SourceMeta>(`/api/v1/db/meta/projects/${baseId}/bases/`, body),
  delete: (baseId: string, sourceId: string) =>
    api.delete<unknown>(`/api/v1/db/meta/projects/${baseId}/bases/${sourceId}`),
  test: (config: ConnectionConfig) =>
    api.post<{ code?: number; message?: string }>('/api/v1/db/meta/connection/test', config),
};

export const sourcesKey = (baseId: string) => ['base', baseId, 'sources'] as const;
