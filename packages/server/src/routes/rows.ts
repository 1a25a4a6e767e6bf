/**
 * The v1 row API (docs/api-compatibility.md Row data): `/api/v1/db/data/{org}/{base}/{table}` list, create, find-one,
 * groupby, group/{column}, count, read, exist, update, delete, and the bulk routes under
 * `/api/v1/db/data/bulk/{org}/{base}/{table}`. Read needs access to the base; writes need dataInsert / dataEdit.
 */
import { selectOptions } from '@rowbase/core/fields/col-options';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { queryFieldOf } from '../data/computed/query-field.js';
import { pkValue, type Row } from '../data/row-query.js';
import {
  deleteRows,
  deleteWhere,
  idOfItem,
  insertRows,
  updateRows,
  updateWhere,
} from '../services/rows-write.js';
import {
  arrayBody,
  insertPlaceOf,
  keysReply,
  objectBody,
  pageQueryOf,
  v1Scope,
  type RowQueryString,
  type RowsScope,
} from './rows-common.js';

interface TableParams {
  orgs: string;
  baseName: string;
  tableName: string;
}
type RowParams = TableParams & { rowId: string };

const TABLE = '/api/v1/db/data/:orgs/:baseName/:tableName';
const BULK = '/api/v1/db/data/bulk/:orgs/:baseName/:tableName';

async function readOr404(scope: RowsScope, id: unknown, fields?: readonly string[]): Promise<Row> {
  const pk = scope.reader.requirePk();
  const row = await scope.reader.byId(pkValue(pk, id), fields);
  if (!row) throw notFound('Record not found');
  return row;
}

export function rowsV1Routes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: TableParams; Querystring: RowQueryString }>(TABLE, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    return scope.reader.page(pageQueryOf(req.query));
  });

  app.post<{ Params: TableParams; Querystring: RowQueryString }>(TABLE, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataInsert');
    const [id] = await insertRows(scope.target, [objectBody(req.body)], false, insertPlaceOf(req.query));
    return readOr404(scope, id);
  });

  app.get<{ Params: TableParams; Querystring: RowQueryString }>(`${TABLE}/find-one`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    const [row] = await scope.reader.rows({ ...pageQueryOf(req.query), limit: 1, offset: 0 });
    return row ?? {};
  });

  app.get<{ Params: TableParams; Querystring: RowQueryString }>(`${TABLE}/count`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    return { count: await scope.reader.count(pageQueryOf(req.query).where) };
  });

  app.get<{ Params: TableParams; Querystring: RowQueryString }>(`${TABLE}/groupby`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    const column = req.query.column_name;
    if (typeof column !== 'string' || !column) throw badRequest('column_name is required');
    return scope.reader.groupBy(column, pageQueryOf(req.query));
  });

  app.get<{ Params: TableParams & { columnId: string }; Querystring: RowQueryString }>(
    `${TABLE}/group/:columnId`,
    async (req) => {
      const scope = await v1Scope(ctx, req, req.params);
      return groupedRows(scope, req.params.columnId, req.query);
    },
  );

  app.get<{ Params: RowParams; Querystring: RowQueryString }>(`${TABLE}/:rowId`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    return readOr404(scope, req.params.rowId, pageQueryOf(req.query).fields);
  });

  app.get<{ Params: RowParams }>(`${TABLE}/:rowId/exist`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params);
    return scope.reader.exists(pkValue(scope.reader.requirePk(), req.params.rowId));
  });

  app.patch<{ Params: RowParams }>(`${TABLE}/:rowId`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    const id = pkValue(scope.reader.requirePk(), req.params.rowId);
    await updateRows(scope.target, [{ id, data: objectBody(req.body) }], false);
    return readOr404(scope, id);
  });

  app.delete<{ Params: RowParams }>(`${TABLE}/:rowId`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    const id = pkValue(scope.reader.requirePk(), req.params.rowId);
    await deleteRows(scope.target, [id]);
    return 1;
  });

  app.post<{ Params: TableParams; Querystring: RowQueryString }>(BULK, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataInsert');
    const ids = await insertRows(scope.target, arrayBody(req.body), true, insertPlaceOf(req.query));
    return keysReply(scope, ids);
  });

  app.patch<{ Params: TableParams }>(BULK, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    const items = arrayBody(req.body).map((data, i) => ({ id: idOfItem(scope.model, data, i), data }));
    return keysReply(scope, await updateRows(scope.target, items, true));
  });

  app.delete<{ Params: TableParams }>(BULK, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    const ids = arrayBody(req.body).map((item, i) => idOfItem(scope.model, item, i));
    return keysReply(scope, await deleteRows(scope.target, ids));
  });

  app.patch<{ Params: TableParams; Querystring: RowQueryString }>(`${BULK}/all`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    return updateWhere(scope.target, pageQueryOf(req.query).where ?? [], objectBody(req.body));
  });

  app.delete<{ Params: TableParams; Querystring: RowQueryString }>(`${BULK}/all`, async (req) => {
    const scope = await v1Scope(ctx, req, req.params, 'dataEdit');
    return deleteWhere(scope.target, pageQueryOf(req.query).where ?? []);
  });
}

/**
 * `group/{column}`: rows grouped by one field's values (kanban-style), each group a page of its own.
 * Select fields list their options (and the empty group) even when no row holds them.
 */
async function groupedRows(scope: RowsScope, columnKey: string, query: RowQueryString) {
  const f = queryFieldOf(scope.model, columnKey);
  const q = pageQueryOf(query);
  const options = selectOptions(f.column)?.options;
  let keys: unknown[];
  if (f.kind === 'select' && Array.isArray(options)) keys = [null, ...options.map((o) => o.title)];
  else {
    const groups = await scope.reader.groupBy(columnKey, { ...q, limit: 100, offset: 0 });
    keys = groups.list.map((g) => g[f.title]);
  }
  const out = [];
  for (const key of keys) {
    const cond = {
      type: 'condition' as const,
      logical: 'and' as const,
      field: f.title,
      op: key === null ? ('null' as const) : ('eq' as const),
      value: key === null ? undefined : String(key),
      args: key === null ? [] : [String(key)],
    };
    const where = [
      ...(q.where?.length
        ? [{ type: 'group' as const, logical: 'and' as const, children: [...q.where] }]
        : []),
      cond,
    ];
    out.push({ key, value: await scope.reader.page({ ...q, where }) });
  }
  return out;
}
