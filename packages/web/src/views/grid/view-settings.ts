/**
 * View and field calls the grid's menus make (docs/api-compatibility.md Views, Tables and columns), NocoDB paths and shapes.
 * Each returns after the server accepted the change; the caller reloads what it shows.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { ViewShareReply } from '@rowbase/core/api/shares';
import { appTransport as call } from './use-grid';

const meta = '/api/v1/db/meta';

export interface SortRow {
  id: string;
  fk_column_id: string;
  direction: 'asc' | 'desc';
}

export interface FilterRow {
  id: string;
  fk_column_id?: string | null;
  fk_parent_id?: string | null;
  comparison_op?: string | null;
  comparison_sub_op?: string | null;
  value?: unknown;
  logical_op?: 'and' | 'or' | 'not' | null;
  is_group?: boolean;
  children?: FilterRow[];
}

/** Saves order, widths and frozen columns of the shown fields. */
export async function persistColumns(
  viewId: string,
  columns: ColumnMeta[],
  widths: number[],
  frozen: number,
) {
  await Promise.all(
    columns.map((c, i) =>
      call('PATCH', `${meta}/views/${viewId}/columns/${c.id}`, {
        order: i + 1,
        width: `${Math.round(widths[i] ?? 200)}px`,
        frozen: i < frozen,
      }),
    ),
  );
}

export const viewApi = {
  showColumn: (viewId: string, columnId: string, show: boolean) =>
    call('PATCH', `${meta}/views/${viewId}/columns/${columnId}`, { show }),
  groupBy: (viewId: string, columnId: string, on: boolean, order = 1) =>
    call('PATCH', `${meta}/views/${viewId}/columns/${columnId}`, {
      group_by: on,
      group_by_order: on ? order : null,
      group_by_sort: on ? 'asc' : null,
    }),
  showAll: (viewId: string) => call('POST', `${meta}/views/${viewId}/show-all`),
  hideAll: (viewId: string) => call('POST', `${meta}/views/${viewId}/hide-all`),
  updateView: (viewId: string, body: Record<string, unknown>) =>
    call('PATCH', `${meta}/views/${viewId}`, body),
  setRowHeight: (viewId: string, rowHeight: number) =>
    call('PATCH', `${meta}/grids/${viewId}`, { row_height: rowHeight }),
  sorts: (viewId: string) =>
    call<{ list: SortRow[] }>('GET', `${meta}/views/${viewId}/sorts`).then((r) => r.list),
  addSort: (viewId: string, columnId: string, direction: 'asc' | 'desc') =>
    call<SortRow>('POST', `${meta}/views/${viewId}/sorts`, { fk_column_id: columnId, direction }),
  updateSort: (id: string, body: Partial<SortRow>) => call('PATCH', `${meta}/sorts/${id}`, body),
  deleteSort: (id: string) => call('DELETE', `${meta}/sorts/${id}`),
  filters: (viewId: string) =>
    call<{ list: FilterRow[] }>('GET', `${meta}/views/${viewId}/filters`).then((r) => r.list),
  filterChildren: (id: string) =>
    call<{ list: FilterRow[] }>('GET', `${meta}/filters/${id}/children`).then((r) => r.list),
  addFilter: (viewId: string, body: Partial<FilterRow>) =>
    call<FilterRow>('POST', `${meta}/views/${viewId}/filters`, body),
  updateFilter: (id: string, body: Partial<FilterRow>) => call('PATCH', `${meta}/filters/${id}`, body),
  deleteFilter: (id: string) => call('DELETE', `${meta}/filters/${id}`),
  share: (viewId: string) => call<ViewShareReply>('POST', `${meta}/views/${viewId}/share`),
  updateShare: (viewId: string, body: { password?: string | null; meta?: Record<string, unknown> }) =>
    call<ViewShareReply>('PATCH', `${meta}/views/${viewId}/share`, body),
  shares: (tableId: string) =>
    call<{ list: ViewShareReply[] }>('GET', `${meta}/tables/${tableId}/share`).then((r) => r.list),
  unshare: (viewId: string) => call('DELETE', `${meta}/views/${viewId}/share`),
};

export const fieldApi = {
  /** Answers the table, with the new field's id as `column_id`. */
  add: (tableId: string, body: Record<string, unknown>) =>
    call<{ column_id: string }>('POST', `${meta}/tables/${tableId}/columns`, body),
  update: (columnId: string, body: Record<string, unknown>) =>
    call('PATCH', `${meta}/columns/${columnId}`, body),
  remove: (columnId: string) => call('DELETE', `${meta}/columns/${columnId}`),
  duplicate: (baseId: string, columnId: string) =>
    call<ColumnMeta>('POST', `${meta}/duplicate/${baseId}/column/${columnId}`, {}),
  setDisplayValue: (columnId: string) => call('POST', `${meta}/columns/${columnId}/primary`),
};
