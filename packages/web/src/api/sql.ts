/** The SQL page's calls: run one read-only statement, and list a source's tables for autocomplete. */
import type { SqlResult, SqlSchema } from '@rowbase/core/api/sql';
import { api } from './client';

export const sqlApi = {
  run: (baseId: string, sql: string, sourceId?: string) =>
    api.post<SqlResult>(`/api/v2/meta/bases/${baseId}/sql`, { sql, sourceId }),
  schema: (baseId: string, sourceId?: string) =>
    api.get<SqlSchema>(`/api/v2/meta/bases/${baseId}/sql/schema`, { sourceId }),
};

export const sqlSchemaKey = (baseId: string, sourceId?: string) =>
  ['base', baseId, 'sql-schema', sourceId ?? null] as const;
