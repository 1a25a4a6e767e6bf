/** View meta routes (docs/api-compatibility.md Views): create per type, list, update, per-type settings, delete. */
import { ViewType } from '@rowbase/core/api/meta';
import {
  VIEW_TYPE_OF_SEGMENT,
  createViewBody,
  updateViewBody,
  updateViewSettingsBody,
  type ViewSegment,
} from '@rowbase/core/api/views';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import { getTable } from '../services/views/table-meta.js';
import { presentViewColumn, syncViewColumns } from '../services/views/view-columns.js';
import {
  assertUnlocked,
  createView,
  deleteView,
  getView,
  getViewOfType,
  getViewSettings,
  listViews,
  updateView,
  updateViewSettings,
} from '../services/views/views.js';
import { listReply } from '../http/list-reply.js';
import { cardOrderBody, saveCardOrder } from '../services/views/card-order.js';

type IdParams = { id: string };

export function viewRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/meta/tables/:id/views', async (req) => {
    const table = await getTable(ctx.db, (req.params as IdParams).id);
    await authorizeBaseAccess(ctx, req, table.base_id);
    return listReply(await listViews(ctx, table.id));
  });

  for (const [segment, type] of Object.entries(VIEW_TYPE_OF_SEGMENT) as [ViewSegment, ViewType][]) {
    app.post(`/api/v1/db/meta/tables/:id/${segment}`, async (req) => {
      const table = await getTable(ctx.db, (req.params as IdParams).id);
      const body = parseWith(createViewBody, req.body);
      await authorize(ctx, req, 'viewCreateOrEdit', { baseId: table.base_id });
      return createView(ctx, table, type, body, requireUser(req).user.id);
    });

    app.patch(`/api/v1/db/meta/${segment}/:id`, async (req) => {
      const view = await getViewOfType(ctx, (req.params as IdParams).id, type);
      const body = parseWith(updateViewSettingsBody, req.body);
      await authorize(ctx, req, 'viewCreateOrEdit', { baseId: view.base_id });
      assertUnlocked(view, requireUser(req).user.id);
      return updateViewSettings(ctx, view, body);
    });

    if (segment === 'grids') continue;
    app.get(`/api/v1/db/meta/${segment}/:id`, async (req) => {
      const view = await getViewOfType(ctx, (req.params as IdParams).id, type);
      await authorizeBaseAccess(ctx, req, view.base_id);
      return getViewSettings(ctx, view);
    });
  }

  /** A grid is read through its columns (NocoDB replies with the bare list). */
  app.get('/api/v1/db/meta/grids/:id/grid-columns', async (req) => {
    const view = await getViewOfType(ctx, (req.params as IdParams).id, 3);
    await authorizeBaseAccess(ctx, req, view.base_id);
    return (await syncViewColumns(ctx, view)).map(presentViewColumn);
  });

  /** A kanban card dropped within or into a stack: the stack's first cards, in order (docs/views.md). */
  app.put('/api/v1/db/meta/kanbans/:id/card-order', async (req) => {
    const view = await getViewOfType(ctx, (req.params as IdParams).id, ViewType.KANBAN);
    const rows = cardOrderBody(req.body);
    await authorize(ctx, req, 'dataEdit', { baseId: view.base_id });
    assertUnlocked(view, requireUser(req).user.id);
    await saveCardOrder(ctx.db, view.id, rows);
    return { msg: 'The card order has been saved' };
  });

  app.patch('/api/v1/db/meta/views/:id', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    const body = parseWith(updateViewBody, req.body);
    await authorize(ctx, req, 'viewCreateOrEdit', { baseId: view.base_id });
    return updateView(ctx, view, body, requireUser(req).user.id);
  });

  app.delete('/api/v1/db/meta/views/:id', async (req) => {
    const view = await getView(ctx, (req.params as IdParams).id);
    await authorize(ctx, req, 'viewCreateOrEdit', { baseId: view.base_id });
    await deleteView(ctx, view, requireUser(req).user.id);
    return { msg: 'The view has been deleted successfully' };
  });
}
