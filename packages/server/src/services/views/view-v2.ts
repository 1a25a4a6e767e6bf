/**
 * `?viewId=` on the v2 records list and count: the same rows the view shows (its filters, sorts and
 * fields, with the request's where AND-ed). Returns undefined when the request names no view.
 */
import type { PageInfo } from '@rowbase/core/api/meta';
import { notFound } from '@rowbase/core/errors';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Row } from '../../data/row-query.js';
import { authorizeBaseAccess } from '../../http/authorize.js';
import { countViewRows, listViewRows } from './view-data.js';
import { viewScope, type ViewQueryParams, type ViewScope } from './view-scope.js';

type Query = ViewQueryParams & { viewId?: unknown };

async function scopeFor(
  ctx: AppContext,
  req: FastifyRequest,
  tableId: string,
  q: Query,
): Promise<ViewScope | undefined> {
  if (typeof q.viewId !== 'string' || !q.viewId) return undefined;
  const view = await ctx.views.byId(q.viewId);
  if (!view || view.fk_model_id !== tableId) throw notFound(`View '${q.viewId}' not found`);
  await authorizeBaseAccess(ctx, req, view.base_id);
  return viewScope(ctx, view, false);
}

export async function v2ViewList(
  ctx: AppContext,
  req: FastifyRequest,
  tableId: string,
  q: Query,
): Promise<{ list: Row[]; pageInfo: PageInfo } | undefined> {
  const scope = await scopeFor(ctx, req, tableId, q);
  return scope && listViewRows(ctx, scope, q);
}

export async function v2ViewCount(
  ctx: AppContext,
  req: FastifyRequest,
  tableId: string,
  q: Query,
): Promise<{ count: number } | undefined> {
  const scope = await scopeFor(ctx, req, tableId, q);
  return scope && { count: await countViewRows(ctx, scope, q) };
}
