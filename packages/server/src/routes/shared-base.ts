/** Sharing a base (viewer or editor through a link) and a source's ERD (docs/api-compatibility.md Bases and sources). */
import { sharedBaseBody } from '@rowbase/core/api/shares';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import {
  disableBaseShare,
  disableErdShare,
  getBaseShare,
  shareErd,
  updateBaseShare,
  upsertBaseShare,
} from '../services/shares/base-shares.js';

type IdParams = { id: string };
type SourceParams = { baseId: string; sourceId: string };

export function sharedBaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/meta/projects/:id/shared', async (req) => {
    const { id } = req.params as IdParams;
    await authorize(ctx, req, 'baseShare', { baseId: id });
    return getBaseShare(ctx, id);
  });

  app.post('/api/v1/db/meta/projects/:id/shared', async (req) => {
    const { id } = req.params as IdParams;
    const body = parseWith(sharedBaseBody, req.body);
    await authorize(ctx, req, 'baseShare', { baseId: id });
    return upsertBaseShare(ctx, id, body);
  });

  app.patch('/api/v1/db/meta/projects/:id/shared', async (req) => {
    const { id } = req.params as IdParams;
    const body = parseWith(sharedBaseBody, req.body);
    await authorize(ctx, req, 'baseShare', { baseId: id });
    return updateBaseShare(ctx, id, body);
  });

  app.delete('/api/v1/db/meta/projects/:id/shared', async (req) => {
    const { id } = req.params as IdParams;
    await authorize(ctx, req, 'baseShare', { baseId: id });
    await disableBaseShare(ctx, id);
    return { msg: 'The base is no longer shared' };
  });

  app.post('/api/v1/db/meta/projects/:baseId/bases/:sourceId/share/erd', async (req) => {
    const { baseId, sourceId } = req.params as SourceParams;
    await authorize(ctx, req, 'baseShare', { baseId });
    return shareErd(ctx, baseId, sourceId);
  });

  app.delete('/api/v1/db/meta/projects/:baseId/bases/:sourceId/share/erd', async (req) => {
    const { baseId, sourceId } = req.params as SourceParams;
    await authorize(ctx, req, 'baseShare', { baseId });
    await disableErdShare(ctx, baseId, sourceId);
    return { msg: 'The ERD is no longer shared' };
  });
}
