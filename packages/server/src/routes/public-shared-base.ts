/** Public reads of a shared base's identity and a shared ERD (docs/api-compatibility.md Public shared access). */
import { SHARED_VIEW_PASSWORD_HEADER } from '@rowbase/core/api/shares';
import { AppError, ErrorCode, notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { limitFailures } from '../http/rate-limit.js';
import { resolveSharedBase } from '../services/shares/base-shares.js';
import { sharedErdMeta } from '../services/shares/erd.js';

type UuidParams = { uuid: string };

export function publicSharedBaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/public/shared-base/:uuid/meta', async (req, reply) => {
    const share = await ctx.shares.byUuid((req.params as UuidParams).uuid, 'base');
    if (!share) throw notFound('Shared base not found');
    const failed = share.passwordHash
      ? await limitFailures(ctx, req, reply, 'shared-view-password', share.uuid)
      : undefined;
    const raw = req.headers[SHARED_VIEW_PASSWORD_HEADER];
    const shared = await resolveSharedBase(ctx, share.uuid, Array.isArray(raw) ? raw[0] : raw);
    if (!shared && failed) {
      await failed();
      throw new AppError(ErrorCode.INVALID_SHARED_VIEW_PASSWORD, 'Invalid shared base password');
    }
    if (!shared) throw notFound('Shared base not found');
    return { base_id: shared.baseId, roles: shared.role };
  });

  app.get('/api/v1/db/public/shared-erd/:uuid/meta', async (req) => {
    return sharedErdMeta(ctx, (req.params as UuidParams).uuid);
  });
}
