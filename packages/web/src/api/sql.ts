/** The SQL page's calls: run one read-only statement, list a source's tables, save a query as a view. */
import type { SqlResult, SqlSchema } from '@rowbase/core/api/sql';
import type { TableMeta } from '@rowbase/core/api/meta';
import { api } from './client';

export const sqlApi = {
  run: (baseId: string, sql: string, sourceId?: string) =>
    api.post<SqlResult>(`/api/v2/meta/bases/${baseId}/sql`, { sql, sourceId }),
  schema: (baseId: string, sourceId?: string) =>
    api.get<SqlSchema>(`/api/v2/meta/bases/${baseId}/sql/schema`, { sourceId }),
  /** Saves a query as a database view, read in as a read-only table of the base. */
  createView: (baseId: string, sourceId: string, title: string, sql: string) =>
    api.post<TableMeta>(`/api/v1/db/meta/projects/${baseId}/bases/${sourceId}/sqlView`, {
      title,
      view_definition: sql,
    }),
};

export const sqlSchemaKey = (baseId: string, sourceId?: string) =>
  ['base', baseId, 'sql-schema', sourceId ?? null] as const;
