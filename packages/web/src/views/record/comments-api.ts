/** Row comments over NocoDB 0.301's paths: GET/POST /api/v1/db/meta/comments, PATCH/DELETE /comment/{id}. */
import type { CommentCount, CommentMeta } from '@rowbase/core/api/comments';
import { api } from '../../api/client';

export const commentsApi = {
  list: (tableId: string, rowId: string) =>
    api
      .get<{ list: CommentMeta[] }>('/api/v1/db/meta/comments', { fk_model_id: tableId, row_id: rowId })
      .then((r) => r.list),
  create: (tableId: string, rowId: string, comment: string) =>
    api.post<CommentMeta>('/api/v1/db/meta/comments', { fk_model_id: tableId, row_id: rowId, comment }),
  edit: (id: string, comment: string) => api.patch<CommentMeta>(`/api/v1/db/meta/comment/${id}`, { comment }),
  resolve: (id: string, resolved: boolean) =>
    api.patch<CommentMeta>(`/api/v1/db/meta/comment/${id}`, { resolved_by: resolved ? true : null }),
  remove: (id: string) => api.delete<unknown>(`/api/v1/db/meta/comment/${id}`),
  count: (tableId: string, rowIds: string[]) =>
    api.get<CommentCount[]>('/api/v1/db/meta/comments/count', {
      fk_model_id: tableId,
      ids: rowIds.join(','),
    }),
};
