/**
 * The light read a map view places its markers from (docs/views.md Map): the located rows of the view, each with
 * only its primary key, its display value and its place, in pages of up to 10,000. It goes through the view's
 * scope like every other read, so the view's filters, the request's `where` and the share's hidden fields hold:
 * the display value is sent only when the view shows it.
 */
import { ViewType, type PageInfo } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import { isFirstDisplayCandidate } from '@rowbase/core/fields/traits';
import type { FilterCondition } from '@rowbase/core/filters/where';
import type { AppContext } from '../../context.js';
import { RowReader, type Row } from '../../data/row-query.js';
import {
  assertRowsReadable,
  combineWhere,
  viewPageQuery,
  type ViewQueryParams,
  type ViewScope,
} from './view-scope.js';

/** The most points one request returns. */
export const MAP_POINTS_MAX = 10_000;

export async function listMapPoints(
  ctx: AppContext,
  scope: ViewScope,
  q: ViewQueryParams,
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  assertRowsReadable(scope);
  if (scope.view.type !== ViewType.MAP) throw badRequest('Only a map view lists map points');
  const geoId = (await ctx.views.settings(scope.view.id)).fk_geo_data_col_id;
  const geo = scope.shown.find((f) => f.column.id === geoId);
  if (!geo) throw badRequest('This map view has no GeoData field');
  const limit = pointLimit(q.limit);
  const page = viewPageQuery(scope, { ...q, fields: undefined, limit: Math.min(limit, 1000) });
  const display =
    scope.shown.find((f) => f.column.pv) ?? scope.shown.find((f) => isFirstDisplayCandidate(f.column.uidt));
  const pk = scope.model.pk;
  const fields = [pk?.column.id, display?.column.id, geo.column.id].filter((id): id is string => !!id);
  const located: FilterCondition = {
    type: 'condition',
    logical: 'and',
    field: geo.column.id,
    op: 'notblank',
    args: [],
  };
  const reader = new RowReader(scope.db, scope.model, ctx.dataCache);
  return reader.page({
    ...page,
    limit,
    fields: [...new Set(fields)],
    where: combineWhere(page.where ?? [], [located]),
  });
}

function pointLimit(v: unknown): number {
  if (v === undefined || v === '') return MAP_POINTS_MAX;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw badRequest(`Invalid limit: "${String(v)}" is not a whole number from 1`);
  return Math.min(n, MAP_POINTS_MAX);
}
