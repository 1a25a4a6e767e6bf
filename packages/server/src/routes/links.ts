/**
 * Link APIs (docs/api-compatibility.md): v1 nested `/api/v1/db/data/{org}/{base}/{table}/{rowId}/{hm|mm|bt}/{column}` list,
 * `/exclude` list, link and unlink one record; v2 `/api/v2/tables/{id}/links/{linkField}/records/{rowId}`
 * list, link and unlink many (`[{ Id }]` or `[id, ...]`). Reads need access to the base; writes dataEdit.
 */
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { TableModel } from '../data/table-model.js';
import { linkRecords, linkScopeOf, listLinked, unlinkRecords, type LinkScope } from '../services/links.js';
import { pageQueryOf, v1Scope, v2Scope, type RowQueryString, type RowsScope } from './rows-common.js';

interface NestedParams {
  orgs: string;
  baseName: string;
  tableName: string;
  rowId: string;
  relationType: string;
  columnName: string;
}

const NESTED = '/api/v1/db/data/:orgs/:baseName/:tableName/:rowId/:relationType/:columnName';
const V2 = '/api/v2/tables/:tableId/links/:linkFieldId/records/:rowId';

function v1Link(ctx: AppContext, scope: RowsScope, params: NestedParams): LinkScope {
  const s = linkScopeOf(scope.db, scope.target, scope.model, params.columnName);
  const type = s.options.type;
  if (!['hm', 'mm', 'bt'].includes(params.relationType))
    throw badRequest(`Relation type '${params.relationType}' is not one of hm, mm, bt`);
  if (type !== params.relationType)
    throw badRequest(`Field '${s.field.title}' is a ${type} link, not ${params.relationType}`);
  return s;
}

/** `[{ Id: 1 }, 2, { id: 3 }]` or one `{ Id }`: the related records' keys. */
function targetIdsOf(body: unknown, related: TableModel): unknown[] {
  const items = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : [];
  if (!items.length) throw badRequest('The body must list the records to link, e.g. [{ "Id": 1 }] or [1, 2]');
  const pk = related.pk;
  return items.map((item, i) => {
    if (typeof item === 'number' || typeof item === 'string') return item;
    const o = (item ?? {}) as Record<string, unknown>;
    const id = (pk ? (o[pk.title] ?? o[pk.name]) : undefined) ?? o.Id ?? o.id;
    if (id === undefined || id === null || id === '')
      throw badRequest(`Item ${i} of the body has no record id`);
    return id;
  });
}

/** v2 lists show the key and the display value unless `fields` asks for more. */
function defaultLinkFields(related: TableModel): string[] {
  const pv = related.fields.find((f) => f.column.pv);
  return [related.pk?.title, pv?.title].filter((t): t is string => !!t);
}

export function linkRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: NestedParams; Querystring: RowQueryString }>(NESTED, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    return listLinked(v1Link(ctx, scope, req.params), req.params.rowId, pageQueryOf(req.query));
  });

  app.get<{ Params: NestedParams; Querystring: RowQueryString }>(`${NESTED}/exclude`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    return listLinked(v1Link(ctx, scope, req.params), req.params.rowId, pageQueryOf(req.query), false);
  });

  app.post<{ Params: NestedParams & { refRowId: string } }>(`${NESTED}/:refRowId`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    await linkRecords(v1Link(ctx, scope, req.params), req.params.rowId, [req.params.refRowId], {
      strict: true,
    });
    return { msg: 'The relation data has been created successfully' };
  });

  app.delete<{ Params: NestedParams & { refRowId: string } }>(`${NESTED}/:refRowId`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    await unlinkRecords(v1Link(ctx, scope, req.params), req.params.rowId, [req.params.refRowId], {
      strict: true,
    });
    return { msg: 'The relation data has been deleted successfully' };
  });

  type V2Params = { tableId: string; linkFieldId: string; rowId: string };
  app.get<{ Params: V2Params; Querystring: RowQueryString }>(V2, async (req) => {
    const scope = await v2Scope(ctx, req, req.params.tableId);
    const s = linkScopeOf(scope.db, scope.target, scope.model, req.params.linkFieldId);
    const q = pageQueryOf(req.query);
    return listLinked(s, req.params.rowId, {
      ...q,
      fields: q.fields?.length ? q.fields : defaultLinkFields(s.related),
    });
  });

  app.post<{ Params: V2Params }>(V2, async (req) => {
    const scope = await v2Scope(ctx, req, req.params.tableId, 'dataEdit');
    const s = linkScopeOf(scope.db, scope.target, scope.model, req.params.linkFieldId);
    await linkRecords(s, req.params.rowId, targetIdsOf(req.body, s.related));
    return true;
  });

  app.delete<{ Params: V2Params }>(V2, async (req) => {
    const scope = await v2Scope(ctx, req, req.params.tableId, 'dataEdit');
    const s = linkScopeOf(scope.db, scope.target, scope.model, req.params.linkFieldId);
    await unlinkRecords(s, req.params.rowId, targetIdsOf(req.body, s.related));
    return true;
  });
}
