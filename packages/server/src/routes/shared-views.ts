/** Sharing a view (docs/api-compatibility.md Sharing): share, change password / settings, disable; list a table's shares. */
import { updateViewShareBody } from '@rowbase/core/api/shares';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import { listTableShares, shareView, unshareView, updateViewShare } from '../services/shares/view-shares.js';
import { getTable } from '../services/views/table-meta.js';
import { getView } from '../services/views/views.js';
import { listReply } from '../http/list-reply.js';

type IdParams = { id: string };

export function sharedViewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/meta/tables/:id/share', async (req) => {
    const table = await getTable(ctx.db, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, table.base_id);
    return listReply(await listTableShares(ctx, table.id));
  });

  app.post('/api/v1/db/meta/views/:id/share', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    await authorize(ctx, req, 'viewShare', { baseId: view.base_id });
    return shareView(ctx, view);
  });

  app.patch('/api/v1/db/meta/views/:id/share', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    const body = parseWith(updateViewShareBody, req.body);
    await authorize(ctx, req, 'viewShare', { baseId: view.base_id });
    return updateViewShare(ctx, view, body);
  });

  app.delete('/api/v1/db/meta/views/:id/share', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    await authorize(ctx, req, 'viewShare', { baseId: view.base_id });
    await unshareView(ctx, view);
    return { msg: 'The view is no longer shared' };
  });
}
