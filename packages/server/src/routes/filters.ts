/** View filter routes (docs/api-compatibility.md Filters): list / create per view, read / update / delete, group children. */
import { createFilterBody, updateFilterBody } from '@rowbase/core/api/filters';
import type { FastifyInstance } from 'fastify';
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import {
  createFilter,
  deleteFilter,
  getFilter,
  listFilters,
  updateFilter,
} from '../services/views/filters.js';
import { requireUser } from '../http/principal.js';
import { assertUnlocked, getView } from '../services/views/views.js';
import { listReply } from '../http/list-reply.js';
import { HooksRepo } from '../webhooks/hooks-repo.js';
import { publishConditionsChanged } from '../webhooks/active-hooks.js';
import type { FilterReply } from '@rowbase/core/api/filters';
import type { FastifyRequest } from 'fastify';
import type { FilterOwner } from '../services/views/filters.js';

type IdParams = { id: string };

export function filterRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The owner of a filter being changed, checked: a view (not locked by another) or a webhook (creators). */
  const ownerToChange = async (req: FastifyRequest, filter: FilterReply): Promise<FilterOwner> => {
    if (filter.fk_hook_id) {
      const hook = await new HooksRepo(ctx.db).byId(filter.fk_hook_id);
      if (!hook) throw notFound('Hook not found');
      await authorize(ctx, req, 'webhook', { baseId: hook.base_id });
      return { ...hook, hook: true };
    }
    await authorize(ctx, req, 'filterSync', { baseId: filter.base_id });
    const view = await getView(ctx, filter.fk_view_id ?? '');
    assertUnlocked(view, requireUser(req).user.id);
    return view;
  };

  app.get('/api/v1/db/meta/views/:id/filters', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, view.base_id);
    return listReply(await listFilters(ctx, view.id));
  });

  app.post('/api/v1/db/meta/views/:id/filters', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    const body = parseWith(createFilterBody, req.body);
    await authorize(ctx, req, 'filterSync', { baseId: view.base_id });
    assertUnlocked(view, requireUser(req).user.id);
    return createFilter(ctx, view, body);
  });

  app.get('/api/v1/db/meta/filters/:id', async (req) => {
    const filter = await getFilter(ctx, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, filter.base_id);
    return filter;
  });

  app.get('/api/v1/db/meta/filters/:id/children', async (req) => {
    const filter = await getFilter(ctx, (req.params as IdParams).id);
    await authorize(ctx, req, 'filterChildrenRead', { baseId: filter.base_id });
    return listReply(await ctx.filters.children(filter.id));
  });

  app.patch('/api/v1/db/meta/filters/:id', async (req) => {
    const filter = await getFilter(ctx, (req.params as IdParams).id);
    const body = parseWith(updateFilterBody, req.body);
    const owner = await ownerToChange(req, filter);
    const updated = await updateFilter(ctx, owner, filter, body);
    if (owner.hook) publishConditionsChanged(ctx, owner);
    return updated;
  });

  app.delete('/api/v1/db/meta/filters/:id', async (req) => {
    const filter = await getFilter(ctx, (req.params as IdParams).id);
    const owner = await ownerToChange(req, filter);
    await deleteFilter(ctx, filter);
    if (owner.hook) publishConditionsChanged(ctx, owner);
    return { msg: 'The filter has been deleted successfully' };
  });
}
