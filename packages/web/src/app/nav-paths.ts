/**
 * Navigation paths of docs/behaviour/web-app.md: `/{workspaceId or nc}/{baseId}/{tableId}/{viewId}?query`; with no base,
 * `/{workspaceId or nc}`.
 */

export interface NavTarget {
  workspaceId?: string | null;
  baseId?: string | null;
  tableId?: string | null;
  viewId?: string | null;
  query?: Record<string, string | undefined>;
}

/**
 * @example navPath({ baseId: 'p1', tableId: 'm1' }) // '/nc/p1/m1'
 * @example navPath({ workspaceId: 'w1' }) // '/w1'
 */
export function navPath({ workspaceId, baseId, tableId, viewId, query }: NavTarget): string {
  const parts = [workspaceId || 'nc'];
  if (baseId) {
    parts.push(baseId);
    if (tableId) {
      parts.push(tableId);
      if (viewId) parts.push(viewId);
    }
  }
  const path = '/' + parts.map(encodeURIComponent).join('/');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export const basePath = (baseId: string, workspaceId?: string | null) => navPath({ workspaceId, baseId });
export const tablePath = (baseId: string, tableId: string, viewId?: string | null) =>
  navPath({ baseId, tableId, viewId });
export const baseSettingsPath = (baseId: string, tab?: string) =>
  navPath({ baseId, query: { page: 'settings', tab } });
