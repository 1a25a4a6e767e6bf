/** View sort routes (docs/api-compatibility.md Sorts): list / create per view, read / update / delete. */
import { createSortBody, updateSortBody } from '@rowbase/core/api/sorts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import { createSort, getSort, updateSort } from '../services/views/sorts.js';
import { requireUser } from '../http/principal.js';
import { assertUnlocked, getView } from '../services/views/views.js';
import { listReply } from '../http/list-reply.js';

type IdParams = { id: string };

export function sortRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/meta/views/:id/sorts', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, view.base_id);
    return listReply(await ctx.sorts.listByView(view.id));
  });

  app.post('/api/v1/db/meta/views/:id/sorts', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    const body = parseWith(createSortBody, req.body);
    await authorize(ctx, req, 'sortSync', { baseId: view.base_id });
    assertUnlocked(view, requireUser(req).user.id);
    return createSort(ctx, view, body);
  });

  app.get('/api/v1/db/meta/sorts/:id', async (req) => {
    const sort = await getSort(ctx, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, sort.base_id);
    return sort;
  });

  app.patch('/api/v1/db/meta/sorts/:id', async (req) => {
    const sort = await getSort(ctx, (req.params as IdParams).id);
    const body = parseWith(updateSortBody, req.body);
    await authorize(ctx, req, 'sortSync', { baseId: sort.base_id });
    const view = await getView(ctx, sort.fk_view_id);
    assertUnlocked(view, requireUser(req).user.id);
    return updateSort(ctx, view, sort, body);
  });

  app.delete('/api/v1/db/meta/sorts/:id', async (req) => {
    const sort = await getSort(ctx, (req.params as IdParams).id);
    await authorize(ctx, req, 'sortSync', { baseId: sort.base_id });
    assertUnlocked(await getView(ctx, sort.fk_view_id), requireUser(req).user.id);
    await ctx.sorts.delete(sort.id);
    return { msg: 'The sort has been deleted successfully' };
  });
}
