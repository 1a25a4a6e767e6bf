/** The ER diagram's schema for a base's source; anyone who may open the base may see it. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess } from '../http/base-access.js';
import { erdMeta } from '../services/erd/erd-meta.js';
import { sourceOf } from '../services/bases-sources.js';

type SourceP = { Params: { baseId: string; sourceId: string } };

export function erdRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<SourceP>('/api/v2/meta/bases/:baseId/sources/:sourceId/erd', async (req) => {
    const { base } = await requireBaseAccess(ctx, req, req.params.baseId);
    const source = await sourceOf(ctx, base.id, req.params.sourceId);
    return erdMeta(ctx, base.id, source.id);
  });
}
