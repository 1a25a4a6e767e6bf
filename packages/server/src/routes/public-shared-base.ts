/** Public reads of a shared base's identity and a shared ERD (SPEC §7 Public shared access). */
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { resolveSharedBase } from '../services/shares/base-shares.js';
import { sharedErdMeta } from '../services/shares/erd.js';

type UuidParams = { uuid: string };

export function publicSharedBaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/public/shared-base/:uuid/meta', async (req) => {
    const shared = await resolveSharedBase(ctx, (req.params as UuidParams).uuid);
    if (!shared) throw notFound('Shared base not found');
    return { base_id: shared.baseId, roles: shared.role };
  });

  app.get('/api/v1/db/public/shared-erd/:uuid/meta', async (req) => {
    return sharedErdMeta(ctx, (req.params as UuidParams).uuid);
  });
}
