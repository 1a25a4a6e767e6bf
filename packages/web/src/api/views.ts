/** The view meta calls (create per type, rename, reorder, lock, default, delete), NocoDB paths and shapes. */
import type { ViewMeta } from '@rowbase/core/api/meta';
import type { CreateViewBody, UpdateViewBody, ViewSegment } from '@rowbase/core/api/views';
import { api } from './client';

export type ViewReply = ViewMeta & { view?: Record<string, unknown> };

const meta = '/api/v1/db/meta';

export const viewsApi = {
  create: (tableId: string, segment: ViewSegment, body: CreateViewBody) =>
    api.post<ViewReply>(`${meta}/tables/${tableId}/${segment}`, body),
  update: (viewId: string, body: UpdateViewBody) => api.patch<ViewReply>(`${meta}/views/${viewId}`, body),
  delete: (viewId: string) => api.delete<unknown>(`${meta}/views/${viewId}`),
  /** The type's settings (form texts, gallery cover, kanban grouping ...); a form's reply lists its columns. */
  settings: <T = Record<string, unknown>>(segment: ViewSegment, viewId: string) =>
    api.get<T>(`${meta}/${segment}/${viewId}`),
  updateSettings: (segment: ViewSegment, viewId: string, body: Record<string, unknown>) =>
    api.patch<Record<string, unknown>>(`${meta}/${segment}/${viewId}`, body),
};

/** The order that puts an item between two neighbours (either may be missing at the ends). */
export function orderBetween(before: number | null | undefined, after: number | null | undefined): number {
  if (before == null && after == null) return 1;
  if (before == null) return after! - 1;
  if (after == null) return before + 1;
  return (before + after) / 2;
}
