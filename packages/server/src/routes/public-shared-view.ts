/**
 * Public shared-view endpoints (SPEC §7 Public shared access), v1 and v2 paths. Every request re-opens the
 * share (so a disabled share is a 404 at once) and checks `xc-password`. Only reads are exposed, plus a
 * form's insert; nothing here can update or delete.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { openSharedView } from '../services/shares/shared-view-access.js';
import { sharedViewMeta } from '../services/shares/shared-view-meta.js';
import { groupByView, groupedRows, listViewRows, readViewRow } from '../services/views/view-data.js';
import { exportView } from '../services/views/view-export.js';
import { viewScope } from '../services/views/view-scope.js';
import { sendFile } from './view-data.js';

type UuidParams = { uuid: string };
type Query = Record<string, unknown>;

export const PUBLIC_SHARED_VIEW_PREFIXES = [
  '/api/v1/db/public/shared-view/:uuid',
  '/api/v2/public/shared-view/:uuid',
] as const;

export function publicSharedViewRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const prefix of PUBLIC_SHARED_VIEW_PREFIXES) {
    app.get(`${prefix}/meta`, async (req, reply) => {
      const view = await openSharedView(ctx, req, reply, (req.params as UuidParams).uuid);
      return sharedViewMeta(ctx, view);
    });

    const scopeOf = async (req: FastifyRequest, reply: FastifyReply) =>
      viewScope(ctx, await openSharedView(ctx, req, reply, (req.params as UuidParams).uuid), true);

    app.get(`${prefix}/rows`, async (req, reply) =>
      listViewRows(ctx, await scopeOf(req, reply), req.query as Query),
    );
    app.get(`${prefix}/groupby`, async (req, reply) =>
      groupByView(ctx, await scopeOf(req, reply), req.query as Query),
    );
    app.get(`${prefix}/group/:columnId`, async (req, reply) =>
      groupedRows(
        ctx,
        await scopeOf(req, reply),
        (req.params as { columnId: string }).columnId,
        req.query as Query,
      ),
    );
    app.get(`${prefix}/rows/export/:format`, async (req, reply) => {
      const scope = await scopeOf(req, reply);
      return sendFile(
        reply,
        await exportView(ctx, scope, (req.params as { format: string }).format, req.query as Query),
      );
    });
    app.get(`${prefix}/rows/:rowId`, async (req, reply) =>
      readViewRow(
        ctx,
        await scopeOf(req, reply),
        (req.params as { rowId: string }).rowId,
        req.query as Query,
      ),
    );
  }
}
