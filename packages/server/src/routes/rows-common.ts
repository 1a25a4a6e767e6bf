/**
 * What the v1 and v2 row routes share: finding the table and checking the caller's base permission,
 * reading `fields` / `sort` / `where` / `limit` / `offset`, and the list/read/write replies.
 */
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Permission } from '@rowbase/core/permissions/matrix';
import { parseFields, parseSort } from '@rowbase/core/filters/sort';
import { parseWhere } from '@rowbase/core/filters/where';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { LoadedTable } from '../data/model-cache.js';
import { RowReader, parsePaging, type PageQuery } from '../data/row-query.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { requireUser } from '../http/principal.js';
import { writeTarget, type InsertPlace, type WriteTarget } from '../services/rows-write.js';

export type RowQueryString = Record<string, string | string[] | undefined>;

export interface RowsScope extends LoadedTable {
  reader: RowReader;
  target: WriteTarget;
}

function scopeOf(ctx: AppContext, loaded: LoadedTable): RowsScope {
  return {
    ...loaded,
    reader: new RowReader(loaded.db, loaded.model, ctx.dataCache),
    target: writeTarget(ctx, loaded.model, loaded.db),
  };
}

/** Reads need access to the base (any role but no-access); writes need the permission. */
async function checkAccess(ctx: AppContext, req: FastifyRequest, baseId: string, permission?: Permission) {
  if (permission) await authorize(ctx, req, permission, { baseId });
  else await authorizeBaseAccess(ctx, req, baseId);
}

/** A base by id, or by title as NocoDB v1 paths also allow. */
async function baseIdOf(ctx: AppContext, key: string): Promise<string> {
  if (ctx.tableModels.knowsBase(key) || (await ctx.bases.byId(key))) return key;
  const byTitle = (await ctx.bases.list(null)).find((b) => b.title === key);
  if (!byTitle) throw notFound(`Base '${key}' not found`);
  return byTitle.id;
}

/** v1: `/api/v1/db/data/{org}/{base}/{table}` — base by id or title, table by id, title or name. */
export async function v1Scope(
  ctx: AppContext,
  req: FastifyRequest,
  params: { baseName: string; tableName: string },
  permission?: Permission,
): Promise<RowsScope> {
  requireUser(req);
  const baseId = await baseIdOf(ctx, params.baseName);
  await checkAccess(ctx, req, baseId, permission);
  return scopeOf(ctx, await ctx.tableModels.resolve(ctx, baseId, params.tableName));
}

/** v2: `/api/v2/tables/{tableId}` — the base comes from the table. */
export async function v2Scope(
  ctx: AppContext,
  req: FastifyRequest,
  tableId: string,
  permission?: Permission,
): Promise<RowsScope> {
  requireUser(req);
  const loaded = await ctx.tableModels.get(ctx, tableId);
  await checkAccess(ctx, req, loaded.model.baseId, permission);
  return scopeOf(ctx, loaded);
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[v.length - 1] : v;
}

/** `fields`, `sort`, `where`, `limit`, `offset` of a list request (NocoDB also spells where as `w`). */
export function pageQueryOf(query: RowQueryString): PageQuery {
  const paging = parsePaging({ limit: one(query.limit), offset: one(query.offset) });
  const where = one(query.where) ?? one(query.w);
  return {
    ...paging,
    fields: parseFields(query.fields ?? query.f),
    sort: parseSort(query.sort ?? query.s),
    where: parseWhere(where),
  };
}

/**
 * Where inserted rows go: `?before={rowId}` puts them just before that row (NocoDB clients' "insert above");
 * absent or empty, at the end. `?keepIds=true` inserts rows under the keys they carry (undoing a delete).
 */
export function insertPlaceOf(query: RowQueryString): InsertPlace {
  const before = one(query.before);
  const keepIds = one(query.keepIds) === 'true';
  return { ...(before === undefined || before === '' ? {} : { before }), ...(keepIds ? { keepIds } : {}) };
}

/** A JSON array body (bulk writes), or a 400. */
export function arrayBody(body: unknown, what = 'rows'): unknown[] {
  if (!Array.isArray(body)) throw badRequest(`The body must be a JSON array of ${what}`);
  if (body.length === 0) throw badRequest(`The body has no ${what}`);
  return body;
}

/** The object a single-row write sends, or a 400. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The body must be a JSON object');
  return body as Record<string, unknown>;
}

/** `{ [pkTitle]: id }` for each written row, as NocoDB answers writes. */
export function keysReply(scope: RowsScope, ids: readonly unknown[]): Record<string, unknown>[] {
  const title = scope.model.pk?.title ?? 'Id';
  return ids.map((id) => ({ [title]: id }));
}
