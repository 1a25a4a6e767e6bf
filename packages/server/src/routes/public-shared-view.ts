/**
 * Public shared-view endpoints (SPEC §7 Public shared access), v1 and v2 paths. Every request re-opens the
 * share (so a disabled share is a 404 at once) and checks `xc-password`. Only reads are exposed, plus a
 * form's insert; nothing here can update or delete.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { openSharedView } from '../services/shares/shared-view-access.js';
import { sharedViewMeta } from '../services/shares/shared-view-meta.js';

type UuidParams = { uuid: string };

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
  }
}
