/**
 * Source connections of a base, with the connection templates of docs/architecture.md, docs/behaviour/limits.md from core (default ports, hosts
 * and search paths). A template's key (e.g. `tidb`) is what the server's create and test calls take as client.
 */
import type { ListReply, SourceMeta } from '@rowbase/core/api/meta';
import { CONNECTION_TEMPLATES, type ConnectionTemplate } from '@rowbase/core/sources/templates';
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

/** The templates offered in the picker: every key except `mysql`, which repeats `mysql2`. */
export const TEMPLATE_KEYS = Object.keys(CONNECTION_TEMPLATES).filter((k) => k !== 'mysql');

export function templateAt(key: string): ConnectionTemplate {
  const tpl = CONNECTION_TEMPLATES[key];
  if (!tpl) throw new Error(`Unknown connection template ${key}`);
  return tpl;
}

/** SQLite takes a file; every other template a host and port. */
export const isFileTemplate = (tpl: ConnectionTemplate) => tpl.dialect === 'sqlite';

/** The connection a template starts with: its default host and port, and its search path. */
export function initialConnection(key: string): ConnectionConfig {
  const tpl = templateAt(key);
  if (isFileTemplate(tpl)) return { client: key, connection: { filename: '' } };
  return {
    client: key,
    connection: {
      host: tpl.host ?? 'localhost',
      port: tpl.port ?? undefined,
      user: '',
      password: '',
      database: '',
    },
    ...(tpl.searchPath ? { searchPath: tpl.searchPath } : {}),
  };
}

export const sourcesApi = {
  list: (baseId: string) => api.get<ListReply<SourceMeta>>(`/api/v1/db/meta/projects/${baseId}/bases`),
  create: (baseId: string, body: { alias: string; type: string; config: ConnectionConfig }) =>
    api.post<SourceMeta>(`/api/v1/db/meta/projects/${baseId}/bases/`, body),
  delete: (baseId: string, sourceId: string) =>
    api.delete<unknown>(`/api/v1/db/meta/projects/${baseId}/bases/${sourceId}`),
  test: (config: ConnectionConfig) =>
    api.post<{ code?: number; msg?: string }>('/api/v1/db/meta/connection/test', config),
};

export const sourcesKey = (baseId: string) => ['base', baseId, 'sources'] as const;
