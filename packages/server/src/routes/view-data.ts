/**
 * The view-scoped row API (docs/api-compatibility.md Row data: `/db/data/{org}/{base}/{table}/views/{view}`): list, find-one,
 * count, groupby, group, aggregate, export, read and exist, through the view's filters, sorts and fields; and a map
 * view's light read of its points (docs/views.md Map).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { aggregateView } from '../services/views/view-aggregate.js';
import {
  countViewRows,
  findOneViewRow,
  groupByView,
  groupedRows,
  listViewRows,
  readViewRow,
  viewRowExists,
} from '../services/views/view-data.js';
import { exportView, type ExportFile } from '../services/views/view-export.js';
import { listMapPoints } from '../services/views/map-points.js';
import { resolveDataView } from '../services/views/view-resolve.js';
import { viewScope, type ViewScope } from '../services/views/view-scope.js';
import { createViewRow, deleteViewRow, updateViewRow } from '../services/views/view-writes.js';
import { insertPlaceOf, objectBody, type RowQueryString } from './rows-common.js';

const PREFIX = '/api/v1/db/data/:orgs/:baseName/:tableName/views/:viewId';

type DataParams = { baseName: string; tableName: string; viewId: string };
type Query = Record<string, unknown>;

export function viewDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** auth -> resolve -> authorize (any member of the base may read) -> the view's scope. */
  const scopeOf = async (req: FastifyRequest, permission?: 'dataInsert' | 'dataEdit'): Promise<ViewScope> => {
    const { baseName, tableName, viewId } = req.params as DataParams;
    const view = await resolveDataView(ctx, baseName, tableName, viewId);
    if (permission) await authorize(ctx, req, permission, { baseId: view.base_id });
    else await authorizeBaseAccess(ctx, req, view.base_id);
    return viewScope(ctx, view, false);
  };
  const rowIdOf = (req: FastifyRequest) => (req.params as { rowId: string }).rowId;

  app.post(PREFIX, async (req) =>
    createViewRow(
      ctx,
      await scopeOf(req, 'dataInsert'),
      objectBody(req.body),
      insertPlaceOf(req.query as RowQueryString),
    ),
  );
  app.patch(`${PREFIX}/:rowId`, async (req) =>
    updateViewRow(ctx, await scopeOf(req, 'dataEdit'), rowIdOf(req), objectBody(req.body)),
  );
  app.delete(`${PREFIX}/:rowId`, async (req) =>
    deleteViewRow(ctx, await scopeOf(req, 'dataEdit'), rowIdOf(req)),
  );

  app.get(PREFIX, async (req) => listViewRows(ctx, await scopeOf(req), req.query as Query));
  app.get(`${PREFIX}/map-points`, async (req) => listMapPoints(ctx, await scopeOf(req), req.query as Query));
  app.get(`${PREFIX}/find-one`, async (req) => findOneViewRow(ctx, await scopeOf(req), req.query as Query));
  app.get(`${PREFIX}/count`, async (req) => ({
    count: await countViewRows(ctx, await scopeOf(req), req.query as Query),
  }));
  app.get(`${PREFIX}/groupby`, async (req) => groupByView(ctx, await scopeOf(req), req.query as Query));
  app.get(`${PREFIX}/group/:columnId`, async (req) =>
    groupedRows(ctx, await scopeOf(req), (req.params as { columnId: string }).columnId, req.query as Query),
  );
  app.get(`${PREFIX}/aggregate`, async (req) => aggregateView(ctx, await scopeOf(req), req.query as Query));
  app.get(`${PREFIX}/export/:format`, async (req, reply) => {
    const file = await exportView(
      ctx,
      await scopeOf(req),
      (req.params as { format: string }).format,
      req.query as Query,
    );
    return sendFile(reply, file);
  });
  app.get(`${PREFIX}/:rowId`, async (req) =>
    readViewRow(ctx, await scopeOf(req), (req.params as { rowId: string }).rowId, req.query as Query),
  );
  app.get(`${PREFIX}/:rowId/exist`, async (req) =>
    viewRowExists(ctx, await scopeOf(req), (req.params as { rowId: string }).rowId),
  );
}

export function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
