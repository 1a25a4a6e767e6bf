/**
 * What gallery and kanban cards read: the view's shown fields (in view order, the display value first), the
 * rows of a view a page at a time through its filters and sorts, and the cover image of a row.
 */
import { isFirstDisplayCandidate } from '@rowbase/core/fields/traits';
import type { ColumnMeta, ListReply, TableMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { api } from '../../api/client';
import { attachmentsOf } from '../../fields/computed-types';

export type Row = Record<string, unknown>;

interface ViewColumn {
  fk_column_id: string;
  show: boolean;
  order: number;
}

const meta = '/api/v1/db/meta';

export const cardApi = {
  viewColumns: (viewId: string) =>
    api.get<{ list: ViewColumn[] }>(`${meta}/views/${viewId}/columns`).then((r) => r.list),
  rows: (table: TableMeta, viewId: string, query: RowsQuery) =>
    api.get<ListReply<Row>>(`/api/v1/db/data/noco/${table.base_id}/${table.id}/views/${viewId}`, {
      ...query,
    }),
  /** A map view's located rows, each with only its key, display value and place (docs/views.md Map). */
  mapPoints: (table: TableMeta, viewId: string, query: RowsQuery) =>
    api.get<ListReply<Row>>(`/api/v1/db/data/noco/${table.base_id}/${table.id}/views/${viewId}/map-points`, {
      ...query,
    }),
  count: (table: TableMeta, viewId: string, where?: string) =>
    api
      .get<{ count: number }>(`/api/v1/db/data/noco/${table.base_id}/${table.id}/views/${viewId}/count`, {
        where,
      })
      .then((r) => r.count),
  update: (table: TableMeta, rowId: unknown, body: Row) =>
    api.patch<Row>(
      `/api/v1/db/data/noco/${table.base_id}/${table.id}/${encodeURIComponent(String(rowId))}`,
      body,
    ),
  insert: (table: TableMeta, body: Row) =>
    api.post<Row>(`/api/v1/db/data/noco/${table.base_id}/${table.id}`, body),
};

/** A page of a view's rows. */
export interface RowsQuery {
  limit: number;
  offset: number;
  where?: string;
}

/** Where a card view reads its rows: the view's data API in the app, the share's public calls on a shared page. */
export interface CardSource {
  rows(query: RowsQuery): Promise<ListReply<Row>>;
  /** A map view's points: its located rows with only their key, display value and place, up to 10,000 a page. */
  mapPoints(query: RowsQuery): Promise<ListReply<Row>>;
  count(where?: string): Promise<number>;
}

export function appSource(table: TableMeta, viewId: string): CardSource {
  return {
    rows: (query) => cardApi.rows(table, viewId, query),
    mapPoints: (query) => cardApi.mapPoints(table, viewId, query),
    count: (where) => cardApi.count(table, viewId, where),
  };
}

/** A shared view's rows (`GET /db/public/shared-view/{uuid}/rows`), counted from the reply's page info. */
export function sharedSource(get: <T>(path: string) => Promise<T>): CardSource {
  const query = (q: Record<string, string | number | undefined>) =>
    new URLSearchParams(
      Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ).toString();
  return {
    rows: (q) => get<ListReply<Row>>(`/rows?${query({ ...q })}`),
    mapPoints: (q) => get<ListReply<Row>>(`/map-points?${query({ ...q })}`),
    count: async (where) =>
      Number(
        (await get<ListReply<Row>>(`/rows?${query({ where, limit: 1, offset: 0 })}`)).pageInfo.totalRows ?? 0,
      ),
  };
}

/** The display-value field of a table (the one marked pv, else the first text field). */
export function displayColumn(table: TableMeta): ColumnMeta | undefined {
  const cols = table.columns ?? [];
  return cols.find((c) => c.pv) ?? cols.find((c) => isFirstDisplayCandidate(c.uidt)) ?? cols[0];
}

/** The primary key of a row, as the row API addresses it. */
export function rowIdOf(table: TableMeta, row: Row): unknown {
  const pk = (table.columns ?? []).find((c) => c.pk);
  return pk ? row[pk.title] : (row.Id ?? row.id);
}

/**
 * The fields a card lists below its title: the view's shown fields in view order, without the display value
 * (it is the title), the cover and the hidden system ones.
 */
export function cardFields(
  table: TableMeta,
  viewColumns: ViewColumn[],
  exclude: (string | null | undefined)[],
): ColumnMeta[] {
  const byId = new Map((table.columns ?? []).map((c) => [c.id, c]));
  const skip = new Set([displayColumn(table)?.id, ...exclude]);
  return viewColumns
    .filter((vc) => vc.show && !skip.has(vc.fk_column_id))
    .sort((a, b) => a.order - b.order)
    .map((vc) => byId.get(vc.fk_column_id))
    .filter((c): c is ColumnMeta => !!c && !c.pk && !c.system && !isRowOrderColumn(c));
}

/** The first image of an attachment value, at the largest size the server made for it. */
export function coverUrl(value: unknown): string | undefined {
  for (const a of attachmentsOf(value) as (Record<string, unknown> & {
    mimetype?: string;
    signedUrl?: string;
    url?: string;
    path?: string;
    thumbnails?: Record<string, { signedUrl?: string }>;
  })[]) {
    if (a.mimetype && !a.mimetype.startsWith('image/')) continue;
    const url =
      a.thumbnails?.card_cover?.signedUrl ??
      a.signedUrl ??
      a.url ??
      (a.path ? `/${a.path.replace(/^\//, '')}` : undefined);
    if (url) return url;
  }
  return undefined;
}

/** On a shared page every field that arrives is one the view shows (hidden ones never leave the server). */
export function sharedViewColumns(table: TableMeta): ViewColumn[] {
  return (table.columns ?? []).map((c, i) => ({ fk_column_id: c.id, show: true, order: i }));
}
