/**
 * Dashboard bases (docs/dashboards.md): layouts of a base, their widgets, the widgets' data and the public share.
 *
 * - `GET|POST /api/v1/db/meta/projects/{baseId}/layouts`, `GET|PATCH|DELETE /api/v1/db/meta/layouts/{layoutId}`,
 *   `POST /api/v1/db/meta/layouts/{layoutId}/duplicate`
 * - `POST /api/v1/db/meta/layouts/{layoutId}/widgets`, `PATCH|DELETE /api/v1/db/meta/widgets/{widgetId}`,
 *   `POST /api/v1/db/meta/layouts/{layoutId}/positions` (after a drag or resize), `GET /api/v1/db/meta/widgets/{id}/data`
 * - `POST|DELETE /api/v1/db/meta/layouts/{layoutId}/share`
 * - `GET /api/v1/db/public/dashboards/{uuid}` and `.../widgets/{widgetId}/data`: read-only, no sign-in.
 */
import {
  createLayoutBody,
  createWidgetBody,
  duplicateLayoutBody,
  GRID_COLUMNS,
  positionsBody,
  updateLayoutBody,
  updateWidgetBody,
  widgetBody,
  widgetPosition,
  type LayoutMeta,
  type WidgetBody,
  type WidgetMeta,
} from '@rowbase/core/api/dashboards';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Permission } from '@rowbase/core/permissions/matrix';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize, authorizeBaseAccess } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import { copyLayout } from './dashboards-copy.js';
import { DashboardsRepo } from './dashboards-repo.js';
import { BlockAggregates } from './block-aggregates.js';
import { WidgetResultCache } from './widget-cache.js';
import { planWidgetQuery, type ViewAccess, type WidgetQuery } from './widget-data.js';

type Params = { baseId: string; layoutId: string; widgetId: string; uuid: string };

/** Widgets of a new layout fall in below the others, half the grid wide. */
const DEFAULT_SIZE = { w: 6, h: 4 };

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new DashboardsRepo(ctx.db);
  const results = new WidgetResultCache(ctx.dataCache);
  const blocks = widgetBlocks(ctx);
  // Blocks being built in the background finish before the database closes.
  app.addHook('onClose', async () => blocks.settled());
  // Background block builds give way to requests in flight (docs/dashboards.md "Speed").
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (req) => {
    counted.add(req);
    blocks.requestStarted();
  });
  const ended = async (req: FastifyRequest) => {
    if (!counted.delete(req)) return;
    blocks.requestEnded();
  };
  app.addHook('onResponse', ended);
  app.addHook('onRequestAbort', ended);
  const params = (req: FastifyRequest) => req.params as Params;

  /** The dashboard base, checked to exist and to be a dashboard. */
  const dashboardBase = async (baseId: string) => {
    const base = await ctx.bases.byId(baseId);
    if (!base) throw notFound('Base not found');
    if (base.type !== 'dashboard')
      throw badRequest('Layouts belong to dashboard bases; this base is a ' + base.type);
    return base;
  };
  /** The layout and the caller's right on its base (any member reads; `permission` for changes). */
  const layoutFor = async (req: FastifyRequest, layoutId: string, permission?: Permission) => {
    const layout = await repo.layout(layoutId);
    if (!layout) throw notFound(`Layout '${layoutId}' not found`);
    if (permission) await authorize(ctx, req, permission, { baseId: layout.base_id });
    else await authorizeBaseAccess(ctx, req, layout.base_id);
    return layout;
  };
  const widgetFor = async (req: FastifyRequest, widgetId: string, permission?: Permission) => {
    const widget = await repo.widget(widgetId);
    if (!widget) throw notFound(`Widget '${widgetId}' not found`);
    const layout = await layoutFor(req, widget.fk_layout_id, permission);
    return { widget, layout };
  };
  /** A signed-in reader reads a view only in a base they may enter. */
  const callerAccess =
    (req: FastifyRequest): ViewAccess =>
    async (baseId) => {
      await authorizeBaseAccess(ctx, req, baseId);
    };

  app.get('/api/v1/db/meta/projects/:baseId/layouts', async (req) => {
    const { baseId } = params(req);
    await authorizeBaseAccess(ctx, req, baseId);
    await dashboardBase(baseId);
    return { list: await repo.layouts(baseId) };
  });
  app.post('/api/v1/db/meta/projects/:baseId/layouts', async (req) => {
    const { baseId } = params(req);
    const body = parseWith(createLayoutBody, req.body);
    const { principal } = await authorize(ctx, req, 'layoutRename', { baseId });
    await dashboardBase(baseId);
    return repo.insertLayout(baseId, body.title, principal.user.id);
  });
  app.get('/api/v1/db/meta/layouts/:layoutId', async (req) => {
    const layout = await layoutFor(req, params(req).layoutId);
    return { ...layout, widgets: await repo.widgets(layout.id) };
  });
  app.patch('/api/v1/db/meta/layouts/:layoutId', async (req) => {
    const body = parseWith(updateLayoutBody, req.body);
    const layout = await layoutFor(req, params(req).layoutId, 'layoutRename');
    return repo.updateLayout(layout.id, body);
  });
  app.post('/api/v1/db/meta/layouts/:layoutId/duplicate', async (req) => {
    const body = parseWith(duplicateLayoutBody, req.body ?? {});
    const layout = await layoutFor(req, params(req).layoutId);
    const { principal } = await authorize(ctx, req, 'layoutRename', { baseId: layout.base_id });
    const title = body.title ?? `${layout.title} copy`.slice(0, 255).trim();
    const id = await copyLayout(ctx.db, layout.id, layout.base_id, title, principal.user.id);
    return { ...(await repo.layout(id))!, widgets: await repo.widgets(id) };
  });
  app.delete('/api/v1/db/meta/layouts/:layoutId', async (req) => {
    const layout = await layoutFor(req, params(req).layoutId, 'layoutDelete');
    await repo.deleteLayout(layout.id);
    return true;
  });

  app.post('/api/v1/db/meta/layouts/:layoutId/share', async (req) => {
    const layout = await layoutFor(req, params(req).layoutId, 'viewShare');
    return repo.share(layout.id);
  });
  app.delete('/api/v1/db/meta/layouts/:layoutId/share', async (req) => {
    const layout = await layoutFor(req, params(req).layoutId, 'viewShare');
    return repo.updateLayout(layout.id, { share_uuid: null });
  });

  app.post('/api/v1/db/meta/layouts/:layoutId/widgets', async (req) => {
    const body = parseWith(createWidgetBody, req.body);
    const layout = await layoutFor(req, params(req).layoutId, 'layoutRename');
    const widget = parseWith(widgetBody, { type: body.type, config: body.config });
    const query = await planWidgetQuery(ctx, widget, callerAccess(req));
    const below = Math.max(0, ...(await repo.widgets(layout.id)).map((w) => w.y + w.h));
    const pos = parseWith(widgetPosition, {
      x: body.x ?? 0,
      y: body.y ?? below,
      w: body.w ?? DEFAULT_SIZE.w,
      h: body.h ?? DEFAULT_SIZE.h,
    });
    const saved = await repo.insertWidget(layout.id, widget, pos);
    await prepareBlocks(blocks, query);
    return saved;
  });
  app.patch('/api/v1/db/meta/widgets/:widgetId', async (req) => {
    const body = parseWith(updateWidgetBody, req.body);
    const { widget } = await widgetFor(req, params(req).widgetId, 'layoutRename');
    const next = { ...widget, ...body };
    parseWith(widgetPosition, { x: next.x, y: next.y, w: next.w, h: next.h });
    let config: unknown;
    let query: WidgetQuery | null = null;
    if (body.config !== undefined) {
      const checked: WidgetBody = parseWith(widgetBody, { type: widget.type, config: body.config });
      query = await planWidgetQuery(ctx, checked, callerAccess(req));
      config = checked.config;
    }
    const saved = await repo.updateWidget(widget.id, { x: body.x, y: body.y, w: body.w, h: body.h, config });
    await prepareBlocks(blocks, query);
    return saved;
  });
  app.post('/api/v1/db/meta/layouts/:layoutId/positions', async (req) => {
    const positions = parseWith(positionsBody, req.body);
    const layout = await layoutFor(req, params(req).layoutId, 'layoutRename');
    const ids = new Set((await repo.widgets(layout.id)).map((w) => w.id));
    positions.forEach((p, i) => {
      if (!ids.has(p.id)) throw badRequest(`${i}.id: widget '${p.id}' is not on this layout`);
      if (p.x + p.w > GRID_COLUMNS) throw badRequest(`${i}: x + w must be at most ${GRID_COLUMNS}`);
    });
    await repo.setPositions(layout.id, positions);
    return { list: await repo.widgets(layout.id) };
  });
  app.delete('/api/v1/db/meta/widgets/:widgetId', async (req) => {
    const { widget } = await widgetFor(req, params(req).widgetId, 'layoutRename');
    await repo.deleteWidget(widget.id);
    return true;
  });
  app.get('/api/v1/db/meta/widgets/:widgetId/data', async (req) => {
    const { widget } = await widgetFor(req, params(req).widgetId);
    return readWidget(ctx, { results, blocks }, widget, callerAccess(req));
  });

  // ---- public share: the layout and its widgets' data, nothing else ----
  const sharedLayout = async (uuid: string): Promise<LayoutMeta> => {
    const layout = await repo.layoutByShare(uuid);
    if (!layout) throw notFound('This dashboard is not shared');
    return layout;
  };
  app.get('/api/v1/db/public/dashboards/:uuid', async (req) => {
    const layout = await sharedLayout(params(req).uuid);
    return { id: layout.id, title: layout.title, widgets: await repo.widgets(layout.id) };
  });
  app.get('/api/v1/db/public/dashboards/:uuid/widgets/:widgetId/data', async (req) => {
    const { uuid, widgetId } = params(req);
    const layout = await sharedLayout(uuid);
    const widget = await repo.widget(widgetId);
    if (!widget || widget.fk_layout_id !== layout.id) throw notFound(`Widget '${widgetId}' not found`);
    // The share's creator chose what it shows; the view still narrows it (filters, shown fields).
    return readWidget(ctx, { results, blocks }, widget, async () => {});
  });
}

/** How long saving a number or chart waits for its blocks and index; a longer build finishes in the background. */
const SAVE_BUILD_WAIT_MS = 10_000;

/**
 * Waits for the index a saved widget asked for, then builds its blocks, so its first read merges kept blocks
 * (or reads the index) instead of scanning the table, and does not meet the index build on its way. The
 * blocks are built after the index, whose commit would otherwise make them look written by another connection.
 */
async function prepareBlocks(blocks: BlockAggregates, query: WidgetQuery | null): Promise<void> {
  if (!query) return;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    query.indexBuild,
    new Promise<void>((r) => (timer = setTimeout(r, SAVE_BUILD_WAIT_MS))),
  ]);
  clearTimeout(timer);
  const left = SAVE_BUILD_WAIT_MS - (Date.now() - started);
  if (query.blocks && left > 0) await blocks.prepare(query.blocks, left);
}

const blockStores = new WeakMap<AppContext, BlockAggregates>();

/** The kept block partials of an app's widgets, following its change feed (one per app context). */
export function widgetBlocks(ctx: AppContext): BlockAggregates {
  let store = blockStores.get(ctx);
  if (!store) {
    const created = new BlockAggregates();
    ctx.changes.subscribe((e) => created.onChange(e), { name: 'dashboard-blocks' });
    blockStores.set(ctx, created);
    store = created;
  }
  return store;
}

async function readWidget(
  ctx: AppContext,
  kept: { results: WidgetResultCache; blocks: BlockAggregates },
  widget: WidgetMeta,
  access: ViewAccess,
) {
  // Planning checks access, the view's current filters and shown fields every time; only results are kept.
  const query = await planWidgetQuery(ctx, widget, access);
  if (!query) throw badRequest(`A ${widget.type} widget reads no data`);
  if (query.blocks) {
    const answer = await kept.blocks.read(query.blocks);
    if (answer !== undefined) return answer;
  }
  const results = kept.results;
  if (!query.cacheKey) return query.run();
  const hit = results.get(query.tableId, query.cacheKey);
  if (hit) return hit;
  const value = await query.run();
  results.set(query.tableId, query.cacheKey, value);
  return value;
}
