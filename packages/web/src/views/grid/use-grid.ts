/**
 * React glue of the grid: builds the controller for a table/view with the app's API client, keeps its columns
 * in step with the view's column settings, persists resize/reorder/freeze, and subscribes to remote edits.
 */
import { selectOptions } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { request } from '../../api/client';
import { errorMessageOf } from '../../api/notify';
import { getToken } from '../../session/session';
import type { EditorServices } from '../../fields/editors/editor-props';
import { gridColumns, groupFieldsOf, type ViewColumnSetting } from './grid-columns';
import { GridController } from './grid-controller';
import type { GridCallbacks } from './grid-setup';
import { subscribeTable } from './grid-realtime';
import { type GroupInfo, orderGroupsLikeRows } from './group-rows';
import { type GridTransport, recordsSource, type RowQuery } from './grid-source';

/** The app's client as the grid's transport, with errors turned into docs/behaviour/web-app.md messages. */
export const appTransport: GridTransport = async <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  signal?: AbortSignal,
) => {
  try {
    return await request<T>(method, path, { body, signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new Error(errorMessageOf(e));
  }
};

export const ROW_HEIGHTS = [32, 56, 88, 120] as const;

export interface GridHandle {
  controller: GridController;
  services: EditorServices;
  settings: ViewColumnSetting[];
  /** Reloads the view's column settings (after the fields menu changed them). */
  reloadSettings(): Promise<void>;
  /** Refetch rows keeping the scroll position (after filter, sort or search changes). */
  setQuery(q: Partial<RowQuery>): void;
  query: RowQuery;
}

export function useGrid(
  table: TableMeta,
  viewId: string | undefined,
  callbacks: GridCallbacks,
  readOnly = false,
): GridHandle {
  const [settings, setSettings] = useState<ViewColumnSetting[]>([]);
  const [query, setQueryState] = useState<RowQuery>({ viewId, baseId: table.base_id });
  const queryRef = useRef(query);
  queryRef.current = query;
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const idKey = table.columns?.find((c) => c.pk)?.title ?? 'Id';

  const controller = useMemo(() => {
    const layout = gridColumns(table.columns ?? [], []);
    return new GridController({
      source: recordsSource(appTransport, table.id, () => queryRef.current, idKey),
      columns: layout.columns,
      widths: layout.widths,
      frozen: layout.frozen,
      rowHeight: ROW_HEIGHTS[0],
      idKey,
      readOnly,
      callbacks: {
        onError: (m) => callbacksRef.current.onError(m),
        onEdit: (r, c, i) => callbacksRef.current.onEdit(r, c, i),
        onHeaderMenu: (c, x, y) => callbacksRef.current.onHeaderMenu(c, x, y),
        onColumnsChange: (cols, widths, before) => callbacksRef.current.onColumnsChange(cols, widths, before),
        onExpand: (r) => callbacksRef.current.onExpand(r),
        onFooterMenu: (c, x, y) => callbacksRef.current.onFooterMenu?.(c, x, y),
        onRowMenu: (r, x, y) => callbacksRef.current.onRowMenu?.(r, x, y),
      },
    });
    // The controller lives as long as the table and view; column changes go through setColumns.
  }, [table.id, viewId, readOnly]);

  useEffect(() => () => controller.dispose(), [controller]);

  const reloadSettings = useCallback(async () => {
    if (!viewId) return;
    try {
      const reply = await appTransport<{ list: ViewColumnSetting[] }>(
        'GET',
        `/api/v1/db/meta/views/${viewId}/columns`,
      );
      setSettings(reply.list);
    } catch (e) {
      callbacksRef.current.onError(errorMessageOf(e));
    }
  }, [viewId]);

  useEffect(() => {
    void reloadSettings();
  }, [reloadSettings]);

  useEffect(() => {
    const layout = gridColumns(table.columns ?? [], settings);
    controller.setColumns(layout.columns, layout.widths, layout.frozen);
  }, [controller, table.columns, settings]);

  const setQuery = useCallback(
    (q: Partial<RowQuery>) => {
      const next = { ...queryRef.current, ...q };
      queryRef.current = next;
      setQueryState(next);
      controller.cache.reload();
    },
    [controller],
  );

  const groupFields = groupFieldsOf(table.columns ?? [], settings);
  const groupKeyOfFields = groupFields.map((f) => f.id).join(',');
  const groupFieldsRef = useRef(groupFields);
  groupFieldsRef.current = groupFields;
  useEffect(() => {
    const fields = groupFieldsRef.current;
    if (!fields.length || !viewId) {
      controller.setGroups(undefined, undefined);
      if (queryRef.current.sort) setQuery({ sort: undefined });
      return;
    }
    let latest = 0;
    const fetchGroups = async () => {
      const call = ++latest;
      const path = `/api/v1/db/data/noco/${table.base_id}/${table.id}/views/${viewId}/groupby`;
      try {
        const leaves = await fetchGroupLeaves(path, queryRef.current.where, fields);
        if (call !== latest) return;
        const options = fields.map((f) => selectOptions(f)?.options);
        controller.setGroups(fields, orderGroupsLikeRows(options, leaves));
      } catch (e) {
        callbacksRef.current.onError(errorMessageOf(e));
      }
    };
    const off = controller.cache.onReload(() => void fetchGroups());
    // Rows must come in group order: sort by the group fields first (the view's own sorts apply within groups).
    setQuery({ sort: fields.map((f) => f.title).join(',') });
    return off;
    // Keyed by the group fields' ids: a new table meta object with the same grouping changes nothing.
  }, [controller, groupKeyOfFields, viewId, table.base_id, table.id, setQuery]);

  useEffect(
    () =>
      subscribeTable(table.id, getToken(), controller.cache, idKey, (rowId) =>
        controller.onRemoteComment?.(rowId),
      ),
    [controller, table.id, idKey],
  );

  const services = useMemo<EditorServices>(
    () => ({
      tableId: table.id,
      call: (method, path, body) => appTransport(method, path, body),
      upload: async (files) => {
        const form = new FormData();
        for (const f of files) form.append('files', f, f.name);
        return request<unknown[]>('POST', '/api/v1/db/storage/upload', {
          body: form,
          query: { path: `grid/${table.id}` },
        });
      },
    }),
    [table.id],
  );

  return { controller, services, settings, reloadSettings, setQuery, query };
}

/** Pages of /groupby answered in one request each; a view with more group combinations than this shows the first. */
const GROUP_PAGE = 1000;
const MAX_GROUP_PAGES = 20;

/**
 * Every combination of the view's stored group-by values with its row count (the /groupby endpoint answers them
 * ordered by the levels), read page by page.
 */
async function fetchGroupLeaves(
  path: string,
  where: string | undefined,
  fields: readonly ColumnMeta[],
): Promise<GroupInfo[]> {
  const leaves: GroupInfo[] = [];
  for (let page = 0; page < MAX_GROUP_PAGES; page++) {
    const qs = `?limit=${GROUP_PAGE}&offset=${page * GROUP_PAGE}${where ? `&where=${encodeURIComponent(where)}` : ''}`;
    const reply = await appTransport<{
      list: Record<string, unknown>[];
      pageInfo?: { isLastPage?: boolean };
    }>('GET', path + qs);
    for (const r of reply.list)
      leaves.push({ values: fields.map((f) => r[f.title] ?? null), count: Number(r.count) });
    if (reply.list.length < GROUP_PAGE || reply.pageInfo?.isLastPage !== false) break;
  }
  return leaves;
}
