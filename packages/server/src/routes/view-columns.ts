/**
 * Per-view column routes: list / add / update the columns of a view, show-all and hide-all, and the
 * grid-column and form-column updates NocoDB clients send by view-column id.
 */
import { createViewColumnBody, showAllQuery, viewColumnPatch } from '@rowbase/core/api/views';
import { ViewType } from '@rowbase/core/api/meta';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import {
  checkColumnPatch,
  presentViewColumn,
  syncViewColumns,
  toColumnFields,
  updateViewColumn,
} from '../services/views/view-columns.js';
import { requireUser } from '../http/principal.js';
import { assertUnlocked, getView } from '../services/views/views.js';
import { listReply } from '../http/list-reply.js';

type IdParams = { id: string };

export function viewColumnRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/meta/views/:id/columns', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, view.base_id);
    return listReply((await syncViewColumns(ctx, view)).map(presentViewColumn));
  });

  /** Adds (or, when the field already has one, updates) the view column of a field. */
  app.post('/api/v1/db/meta/views/:id/columns', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    const body = parseWith(createViewColumnBody, req.body);
    await authorize(ctx, req, 'viewFieldEdit', { baseId: view.base_id });
    assertUnlocked(view, requireUser(req).user.id);
    return ctx.db.transaction(async (trx) => {
      const columns = await syncViewColumns(ctx, view, trx);
      if (!columns.some((c) => c.fk_column_id === body.fk_column_id)) {
        throw badRequest(`fk_column_id: field '${body.fk_column_id}' is not a field of this table`);
      }
      return updateViewColumn(ctx, view, body.fk_column_id, body, trx);
    });
  });

  app.patch('/api/v1/db/meta/views/:id/columns/:columnId', async (req) => {
    const { id, columnId } = req.params as { id: string; columnId: string };
    const view = await getView(ctx, id);
    const body = parseWith(viewColumnPatch, req.body);
    await authorize(ctx, req, 'viewFieldEdit', { baseId: view.base_id });
    assertUnlocked(view, requireUser(req).user.id);
    return ctx.db.transaction((trx) => updateViewColumn(ctx, view, columnId, body, trx));
  });

  for (const [path, show] of [
    ['show-all', true],
    ['hide-all', false],
  ] as const) {
    app.post(`/api/v1/db/meta/views/:id/${path}`, async (req) => {
      const view = await getView(ctx, (req.params as IdParams).id);
      const q = parseWith(showAllQuery, req.query);
      await authorize(ctx, req, 'viewFieldEdit', { baseId: view.base_id });
      assertUnlocked(view, requireUser(req).user.id);
      const ignore = (Array.isArray(q.ignoreIds) ? q.ignoreIds : (q.ignoreIds ?? '').split(','))
        .map((s) => s.trim())
        .filter(Boolean);
      await ctx.db.transaction(async (trx) => {
        await syncViewColumns(ctx, view, trx);
        await ctx.viewColumns.setShowAll(view.id, show, ignore, trx);
      });
      return { msg: show ? 'All fields are shown' : 'All fields are hidden' };
    });
  }

  for (const [segment, type, permission] of [
    ['grid-columns', ViewType.GRID, 'viewFieldEdit'],
    ['form-columns', ViewType.FORM, 'viewCreateOrEdit'],
  ] as const) {
    app.patch(`/api/v1/db/meta/${segment}/:id`, async (req) => {
      const vc = await ctx.viewColumns.byId((req.params as IdParams).id);
      const view = vc ? await ctx.views.byId(vc.fk_view_id) : undefined;
      if (!vc || !view || view.type !== type)
        throw notFound(`Column '${(req.params as IdParams).id}' not found`);
      const body = parseWith(viewColumnPatch, req.body);
      await authorize(ctx, req, permission, { baseId: view.base_id });
      assertUnlocked(view, requireUser(req).user.id);
      const fields = toColumnFields(body);
      checkColumnPatch(view, fields);
      await ctx.viewColumns.update(vc.id, fields);
      return presentViewColumn((await ctx.viewColumns.byId(vc.id))!);
    });
  }
}
