/** The dashboard calls (docs/dashboards.md): layouts, widgets, their data and the public share. */
import type {
  LayoutMeta,
  LayoutWithWidgets,
  WidgetBody,
  WidgetData,
  WidgetMeta,
  WidgetPosition,
} from '@rowbase/core/api/dashboards';
import type { ListReply } from '@rowbase/core/api/meta';
import { api } from '../api/client';

const meta = '/api/v1/db/meta';

export const dashboardsApi = {
  layouts: (baseId: string) => api.get<ListReply<LayoutMeta>>(`${meta}/projects/${baseId}/layouts`),
  createLayout: (baseId: string, title: string) =>
    api.post<LayoutMeta>(`${meta}/projects/${baseId}/layouts`, { title }),
  layout: (layoutId: string) => api.get<LayoutWithWidgets>(`${meta}/layouts/${layoutId}`),
  updateLayout: (layoutId: string, body: { title?: string; order?: number }) =>
    api.patch<LayoutMeta>(`${meta}/layouts/${layoutId}`, body),
  duplicateLayout: (layoutId: string) =>
    api.post<LayoutWithWidgets>(`${meta}/layouts/${layoutId}/duplicate`, {}),
  deleteLayout: (layoutId: string) => api.delete<unknown>(`${meta}/layouts/${layoutId}`),
  share: (layoutId: string) => api.post<LayoutMeta>(`${meta}/layouts/${layoutId}/share`, {}),
  unshare: (layoutId: string) => api.delete<LayoutMeta>(`${meta}/layouts/${layoutId}/share`),
  createWidget: (layoutId: string, body: WidgetBody) =>
    api.post<WidgetMeta>(`${meta}/layouts/${layoutId}/widgets`, body),
  updateWidget: (widgetId: string, body: { config?: unknown } & Partial<WidgetPosition>) =>
    api.patch<WidgetMeta>(`${meta}/widgets/${widgetId}`, body),
  deleteWidget: (widgetId: string) => api.delete<unknown>(`${meta}/widgets/${widgetId}`),
  positions: (layoutId: string, list: ({ id: string } & WidgetPosition)[]) =>
    api.post<ListReply<WidgetMeta>>(`${meta}/layouts/${layoutId}/positions`, list),
  data: (widgetId: string) => api.get<WidgetData>(`${meta}/widgets/${widgetId}/data`),
  publicLayout: (uuid: string) =>
    api.get<{ id: string; title: string; widgets: WidgetMeta[] }>(`/api/v1/db/public/dashboards/${uuid}`),
  publicData: (uuid: string, widgetId: string) =>
    api.get<WidgetData>(`/api/v1/db/public/dashboards/${uuid}/widgets/${widgetId}/data`),
};

export const layoutsKey = (baseId: string) => ['layouts', baseId] as const;
export const layoutKey = (layoutId: string) => ['layout', layoutId] as const;
export const widgetDataKey = (widgetId: string) => ['widget-data', widgetId] as const;

/** The public address of a shared layout. */
export function publicDashboardUrl(uuid: string): string {
  return `${window.location.origin}${window.location.pathname}#/nc/dashboard/${uuid}`;
}
