/** Sources of a base (connections), connection test, and meta diff. */
import { connectionTestBody, createSourceBody, updateSourceBody } from '@rowbase/core/api/bases';
import { requireUser } from '../http/principal.js';
import { forbidden } from '@rowbase/core/errors';
import { can } from '@rowbase/core/permissions/can';
import { CONNECTION_TEMPLATES, templateOf } from '@rowbase/core/sources/templates';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess } from '../http/base-access.js';
import { parseWith } from '../http/validate.js';
import {
  createSource,
  deleteSource,
  presentSourceWithConfig,
  sourceOf,
  updateSource,
} from '../services/bases-sources.js';
import { testConnection } from '../sources/connections.js';
import { applyMetaDiff, metaDiff } from '../sources/meta-diff.js';
import { sourceFor } from '../services/tables.js';
import { presentSource } from '../meta/repos/sources.js';
import { listReply } from '../http/list-reply.js';

type BaseP = { Params: { baseId: string } };
type SourceP = { Params: { baseId: string; sourceId: string } };

export function sourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const prefix of ['/api/v1/db/meta/projects/:baseId/bases', '/api/v2/meta/bases/:baseId/sources']) {
    app.get<BaseP>(prefix, async (req) => {
      await requireBaseAccess(ctx, req, req.params.baseId);
      return listReply((await ctx.sourceRepo.listByBase(req.params.baseId)).map(presentSource));
    });
    const create = async (req: { params: { baseId: string }; body: unknown }) => {
      const { base } = await requireBaseAccess(ctx, req as never, req.params.baseId, 'sourceCreate');
      const body = parseWith(createSourceBody, req.body);
      assertMayOpen(req as never, body.config?.client ?? body.type);
      return createSource(ctx, base, body);
    };
    app.post<BaseP>(prefix, create);
    app.get<SourceP>(`${prefix}/:sourceId`, async (req) => {
      await requireBaseAccess(ctx, req, req.params.baseId, 'sourceCreate');
      return presentSourceWithConfig(ctx, await sourceOf(ctx, req.params.baseId, req.params.sourceId));
    });
    app.patch<SourceP>(`${prefix}/:sourceId`, async (req) => {
      await requireBaseAccess(ctx, req, req.params.baseId, 'sourceCreate');
      const source = await sourceOf(ctx, req.params.baseId, req.params.sourceId);
      const body = parseWith(updateSourceBody, req.body);
      if (body.config) assertMayOpen(req, body.config.client ?? source.type);
      return updateSource(ctx, source, body);
    });
    app.delete<SourceP>(`${prefix}/:sourceId`, async (req) => {
      await requireBaseAccess(ctx, req, req.params.baseId, 'sourceCreate');
      await deleteSource(ctx, await sourceOf(ctx, req.params.baseId, req.params.sourceId));
      return true;
    });
  }

  app.post('/api/v1/db/meta/connection/test', async (req) => {
    const principal = requireUser(req);
    // Only people who may connect a database somewhere may make the server dial out.
    const mayConnect =
      can({ org: principal.roles }, 'baseCreate') ||
      !!(await ctx
        .db('rb_base_users')
        .where({ user_id: principal.user.id })
        .whereIn('roles', ['owner', 'creator'])
        .first());
    if (!mayConnect) throw forbidden('You are not allowed to do this: sourceCreate needs a higher role');
    const body = parseWith(connectionTestBody, req.body);
    assertMayOpen(req, body.client);
    const tpl = templateOf(body.client);
    await testConnection({ ...body, client: tpl.client, searchPath: tpl.searchPath ?? undefined });
    return { msg: 'Connection successful', code: 0, data: {} };
  });

  const diff = async (req: { params: { baseId: string; sourceId?: string } }, apply: boolean) => {
    const { base } = await requireBaseAccess(ctx, req as never, req.params.baseId, 'sourceCreate');
    const sources = req.params.sourceId
      ? [await sourceOf(ctx, base.id, req.params.sourceId)]
      : await ctx.sourceRepo.listByBase(base.id);
    if (!sources.length) await sourceFor(ctx, base.id);
    if (apply) {
      for (const s of sources) await applyMetaDiff(ctx, base, s);
      return { msg: 'The meta has been synchronized successfully' };
    }
    return (await Promise.all(sources.map((s) => metaDiff(ctx, base, s)))).flat();
  };
  app.get<BaseP>('/api/v1/db/meta/projects/:baseId/meta-diff', (req) => diff(req, false));
  app.post<BaseP>('/api/v1/db/meta/projects/:baseId/meta-diff', (req) => diff(req, true));
  app.get<SourceP>('/api/v1/db/meta/projects/:baseId/meta-diff/:sourceId', (req) => diff(req, false));
  app.post<SourceP>('/api/v1/db/meta/projects/:baseId/meta-diff/:sourceId', (req) => diff(req, true));
}

/**
 * A SQLite "connection" opens any file the server process can read (the meta store included), so only a
 * super admin, who owns the server anyway, may name one. Network databases are open to base creators.
 */
function assertMayOpen(req: FastifyRequest, client: unknown): void {
  if (typeof client !== 'string' || !(client in CONNECTION_TEMPLATES)) return; // refused later as not supported
  if (templateOf(client).dialect === 'sqlite' && !requireUser(req).roles.super) {
    throw forbidden('Only a super admin can connect a SQLite file on the server');
  }
}
