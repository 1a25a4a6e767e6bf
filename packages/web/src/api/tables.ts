/** Tables and views of a base (docs/api-compatibility.md Tables and columns, Views), NocoDB paths and shapes. */
import type { ListReply, TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { api } from './client';

export const tablesApi = {
  list: (baseId: string) => api.get<ListReply<TableMeta>>(`/api/v1/db/meta/projects/${baseId}/tables`),
  read: (tableId: string) => api.get<TableMeta>(`/api/v1/db/meta/tables/${tableId}`),
  /** The server derives a unique table_name from the title. */
  create: (baseId: string, body: { title: string; table_name?: string }) =>
    api.post<TableMeta>(`/api/v1/db/meta/projects/${baseId}/tables`, body),
  update: (tableId: string, body: { title?: string; table_name?: string; meta?: unknown }) =>
    api.patch<unknown>(`/api/v1/db/meta/tables/${tableId}`, body),
  delete: (tableId: string) => api.delete<unknown>(`/api/v1/db/meta/tables/${tableId}`),
  reorder: (tableId: string, order: number) =>
    api.post<unknown>(`/api/v1/db/meta/tables/${tableId}/reorder`, { order }),
  duplicate: (baseId: string, tableId: string) =>
    // Answers with the id of the job that makes the copy and the copy's title.
    api.post<{ id: string; name: string }>(`/api/v1/db/meta/duplicate/${baseId}/table/${tableId}`, {
      options: { excludeData: false, excludeViews: false },
    }),
  views: (tableId: string) => api.get<ListReply<ViewMeta>>(`/api/v1/db/meta/tables/${tableId}/views`),
  records: (tableId: string, query: { limit?: number; offset?: number } = {}) =>
    api.get<ListReply<Record<string, unknown>>>(`/api/v2/tables/${tableId}/records`, query),
};

export const tablesKey = (baseId: string) => ['base', baseId, 'tables'] as const;
export const tableKey = (tableId: string) => ['table', tableId] as const;
export const viewsKey = (tableId: string) => ['table', tableId, 'views'] as const;
export const recordsKey = (tableId: string) => ['table', tableId, 'records'] as const;
