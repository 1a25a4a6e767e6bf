/**
 * The v2 records API (docs/api-compatibility.md): `/api/v2/tables/{tableId}/records` list / create (object or array) /
 * update / delete, `/records/{rowId}` and `/records/count`. Writes answer `{ Id }` per row; rows carry the
 * primary key under its title and, when that is not `Id`, also as `Id`.
 */
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { pkValue, type Row } from '../data/row-query.js';
import { deleteRows, idOfItem, insertRows, updateRows } from '../services/rows-write.js';
import {
  arrayBody,
  insertPlaceOf,
  pageQueryOf,
  v2Scope,
  type RowQueryString,
  type RowsScope,
} from './rows-common.js';
import { v2ViewCount, v2ViewList } from '../services/views/view-v2.js';

interface TableParams {
  tableId: string;
}

const RECORDS = '/api/v2/tables/:tableId/records';

function withId(scope: RowsScope, row: Row): Row {
  const pk = scope.model.pk;
  if (!pk || pk.title === 'Id' || 'Id' in row || !(pk.title in row)) return row;
  return { Id: row[pk.title], ...row };
}

/** A write body: one object or an array of them; the reply mirrors the shape. */
function itemsOf(body: unknown): { items: unknown[]; single: boolean } {
  if (Array.isArray(body)) return { items: arrayBody(body, 'records'), single: false };
  return { items: [body], single: true };
}

function idsReply(ids: readonly unknown[], single: boolean) {
  const out = ids.map((id) => ({ Id: id }));
  return single ? out[0] : out;
}

export function rowsV2Routes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: TableParams; Querystring: RowQueryString }>(RECORDS, async (req) => {
    const viaView = await v2ViewList(ctx, req, req.params.tableId, req.query);
    if (viaView) return viaView;
    const scope = await v2Scope(ctx, req, req.params.tableId);
    const page = await scope.reader.page(pageQueryOf(req.query));
    return { list: page.list.map((r) => withId(scope, r)), pageInfo: page.pageInfo };
  });

  app.get<{ Params: TableParams; Querystring: RowQueryString }>(`${RECORDS}/count`, async (req) => {
    const viaViewCount = await v2ViewCount(ctx, req, req.params.tableId, req.query);
    if (viaViewCount) return viaViewCount;
    const scope = await v2Scope(ctx, req, req.params.tableId);
    return { count: await scope.reader.count(pageQueryOf(req.query).where) };
  });

  app.get<{ Params: TableParams & { rowId: string }; Querystring: RowQueryString }>(
    `${RECORDS}/:rowId`,
    async (req) => {
      const scope = await v2Scope(ctx, req, req.params.tableId);
      const id = pkValue(scope.reader.requirePk(), req.params.rowId);
      const row = await scope.reader.byId(id, pageQueryOf(req.query).fields);
      if (!row) throw notFound('Record not found');
      return withId(scope, row);
    },
  );

  app.post<{ Params: TableParams; Querystring: RowQueryString }>(RECORDS, async (req) => {
    const scope = await v2Scope(ctx, req, req.params.tableId, 'dataInsert');
    const { items, single } = itemsOf(req.body);
    return idsReply(await insertRows(scope.target, items, !single, insertPlaceOf(req.query)), single);
  });

  const update = async (req: { params: TableParams; body: unknown } & Parameters<typeof v2Scope>[1]) => {
    const scope = await v2Scope(ctx, req, req.params.tableId, 'dataEdit');
    const { items, single } = itemsOf(req.body);
    const list = items.map((data, i) => ({ id: idOfItem(scope.model, data, single ? undefined : i), data }));
    return idsReply(await updateRows(scope.target, list, !single), single);
  };
  app.patch<{ Params: TableParams }>(RECORDS, update);
  app.put<{ Params: TableParams }>(RECORDS, update);

  app.delete<{ Params: TableParams }>(RECORDS, async (req) => {
    const scope = await v2Scope(ctx, req, req.params.tableId, 'dataEdit');
    const { items, single } = itemsOf(req.body);
    const ids = items.map((item, i) => idOfItem(scope.model, item, single ? undefined : i));
    return idsReply(await deleteRows(scope.target, ids), single);
  });
}
