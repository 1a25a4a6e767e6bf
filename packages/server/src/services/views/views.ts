/**
 * View use cases: create (blank or copied from another view), list, rename / reorder, per-type settings,
 * delete. Titles are unique per table (case-insensitive); the default view cannot be deleted.
 */
import type { TableMeta, ViewMeta } from '@rowbase/core/api/meta';
import { ViewType } from '@rowbase/core/api/meta';
import type { CreateViewBody, UpdateViewBody, UpdateViewSettingsBody } from '@rowbase/core/api/views';
import { badRequest, forbidden, notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import { copyViewContents } from './copy-view.js';
import { getTable } from './table-meta.js';
import { presentViewColumn, syncViewColumns } from './view-columns.js';
import { applySettings, defaultSettings, settingsOfType } from './view-settings.js';

/** A view as the API sends it: never the password hash; `password` only says whether one is set. */
export type ViewReply = ViewMeta & { view: Record<string, unknown>; password?: boolean };

export async function presentView(ctx: AppContext, v: StoredView, trx: Knex = ctx.db): Promise<ViewReply> {
  const { passwordHash, ...rest } = v;
  const settings = settingsOfType(
    v.type,
    await ctx.views.settings(v.id, trx),
    v.type === ViewType.CALENDAR ? await ctx.views.calendarRanges(v.id, trx) : [],
  );
  return { ...rest, view: { fk_view_id: v.id, ...settings }, password: passwordHash !== null };
}

/** The view, or a 404. */
export async function getView(ctx: AppContext, viewId: string, trx: Knex = ctx.db): Promise<StoredView> {
  const v = await ctx.views.byId(viewId, trx);
  if (!v) throw notFound(`View '${viewId}' not found`);
  return v;
}

/**
 * A locked view keeps its fields, filters, sorts and settings until someone unlocks it (PATCH lock_type);
 * a personal one changes only through its owner. The lock modes are described in docs/views.md.
 */
export function assertUnlocked(view: StoredView, userId: string): void {
  if (view.lock_type === 'locked') throw forbidden('This view is locked; unlock it to change it');
  assertOwnerOfPersonal(view, userId);
}

/** A personal view is changed, renamed, re-moded or deleted only by its owner. */
function assertOwnerOfPersonal(view: StoredView, userId: string): void {
  if (view.lock_type === 'personal' && view.owned_by && view.owned_by !== userId) {
    throw forbidden('This view is personal; only its owner can change it');
  }
}

/** The view if it is of the given type; another type is a 404 as NocoDB answers. */
export async function getViewOfType(ctx: AppContext, viewId: string, type: number): Promise<StoredView> {
  const v = await getView(ctx, viewId);
  if (v.type !== type) throw notFound(`View '${viewId}' not found`);
  return v;
}

export async function listViews(ctx: AppContext, tableId: string): Promise<ViewReply[]> {
  await getTable(ctx.db, tableId);
  const views = await ctx.views.listStoredByTable(tableId);
  return Promise.all(views.map((v) => presentView(ctx, v)));
}

async function assertUniqueTitle(
  trx: Knex,
  tableId: string,
  title: string,
  exceptId?: string,
): Promise<void> {
  const q = trx('rb_views')
    .where({ fk_model_id: tableId })
    .whereRaw('lower(title) = ?', [title.toLowerCase()]);
  if (exceptId) q.whereNot({ id: exceptId });
  if (await q.first()) throw badRequest(`A view titled '${title}' already exists in this table`);
}

function toMeta(meta: CreateViewBody['meta']): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  if (meta === null) return {};
  if (typeof meta !== 'string') return meta;
  try {
    const v: unknown = JSON.parse(meta);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw badRequest('meta must be a JSON object');
}

/** grid meta.rowHeight mirrors row_height (0 short, 1 medium, 2 tall, 3 extra tall). */
function checkMeta(type: number, meta: Record<string, unknown> | undefined): void {
  if (!meta || type !== ViewType.GRID || meta.rowHeight === undefined) return;
  const h = meta.rowHeight;
  if (typeof h !== 'number' || !Number.isInteger(h) || h < 0 || h > 3) {
    throw badRequest('meta.rowHeight must be 0 (short), 1 (medium), 2 (tall) or 3 (extra tall)');
  }
}

/** Creates a view of a type on a table, copying another view's columns, filters, sorts and settings if asked. */
export async function createView(
  ctx: AppContext,
  table: TableMeta,
  type: ViewType,
  body: CreateViewBody,
  userId: string,
): Promise<ViewReply> {
  return ctx.db.transaction(async (trx) => {
    await assertUniqueTitle(trx, table.id, body.title);
    const source = body.copy_from_id ? await getView(ctx, body.copy_from_id, trx) : undefined;
    if (source && source.fk_model_id !== table.id) {
      throw badRequest('copy_from_id must be a view of the same table');
    }
    const meta = toMeta(body.meta) ?? (source ? { ...source.meta } : {});
    checkMeta(type, meta);
    const view = await ctx.views.insert(
      {
        fk_model_id: table.id,
        base_id: table.base_id,
        source_id: table.source_id,
        title: body.title,
        type,
        show_system_fields: body.show_system_fields ?? source?.show_system_fields ?? false,
        lock_type: body.lock_type ?? 'collaborative',
        meta,
        order: body.order ?? (await ctx.views.maxOrder(table.id, trx)) + 1,
        owned_by: userId,
      },
      trx,
    );
    const {
      title: _t,
      copy_from_id: _c,
      order: _o,
      meta: _m,
      show_system_fields: _s,
      lock_type: _l,
      ...settings
    } = body;
    await applySettings(ctx, view, await defaultSettings(trx, table.id, type), trx);
    if (source) await copyViewContents(ctx, source, view, trx);
    await applySettings(ctx, view, settings, trx);
    if (type === ViewType.GRID && typeof meta.rowHeight === 'number') {
      await ctx.views.saveSettings(view.id, { row_height: meta.rowHeight }, trx);
    }
    await syncViewColumns(ctx, view, trx);
    return presentView(ctx, view, trx);
  });
}

export async function updateView(
  ctx: AppContext,
  view: StoredView,
  body: UpdateViewBody,
  userId: string,
): Promise<ViewReply> {
  assertOwnerOfPersonal(view, userId);
  return ctx.db.transaction(async (trx) => {
    if (body.title !== undefined) await assertUniqueTitle(trx, view.fk_model_id, body.title, view.id);
    const meta = toMeta(body.meta);
    checkMeta(view.type, meta);
    await ctx.views.update(
      view.id,
      {
        title: body.title,
        order: body.order,
        show_system_fields: body.show_system_fields,
        lock_type: body.lock_type,
        // Whoever makes a view personal owns it from then on.
        owned_by: body.lock_type === 'personal' ? userId : undefined,
        meta: meta === undefined ? undefined : { ...view.meta, ...meta },
      },
      trx,
    );
    if (body.is_default) await ctx.views.setDefault(view, trx);
    if (view.type === ViewType.GRID && typeof meta?.rowHeight === 'number') {
      await ctx.views.saveSettings(view.id, { row_height: meta.rowHeight }, trx);
    }
    return presentView(ctx, (await ctx.views.byId(view.id, trx))!, trx);
  });
}

/** PATCH /db/meta/{grids|forms|...}/{id}: the type's settings (and meta, merged). */
export async function updateViewSettings(
  ctx: AppContext,
  view: StoredView,
  body: UpdateViewSettingsBody,
): Promise<Record<string, unknown>> {
  await ctx.db.transaction(async (trx) => {
    const meta = toMeta(body.meta);
    checkMeta(view.type, meta);
    const next = meta === undefined ? undefined : { ...view.meta, ...meta };
    if (view.type === ViewType.GRID && body.row_height !== undefined) {
      await ctx.views.update(view.id, { meta: { ...(next ?? view.meta), rowHeight: body.row_height } }, trx);
    } else if (next) {
      await ctx.views.update(view.id, { meta: next }, trx);
      if (view.type === ViewType.GRID && typeof next.rowHeight === 'number')
        await ctx.views.saveSettings(view.id, { row_height: next.rowHeight }, trx);
    }
    await applySettings(ctx, view, body, trx);
  });
  return getViewSettings(ctx, (await ctx.views.byId(view.id))!);
}

/** GET /db/meta/{forms|galleries|...}/{id}: the settings; a form also lists its columns. */
export async function getViewSettings(ctx: AppContext, view: StoredView): Promise<Record<string, unknown>> {
  const settings = settingsOfType(
    view.type,
    await ctx.views.settings(view.id),
    view.type === ViewType.CALENDAR ? await ctx.views.calendarRanges(view.id) : [],
  );
  const reply: Record<string, unknown> = {
    fk_view_id: view.id,
    fk_model_id: view.fk_model_id,
    title: view.title,
    meta: view.meta,
    ...settings,
  };
  if (view.type === ViewType.FORM) {
    reply.columns = (await syncViewColumns(ctx, view)).map(presentViewColumn);
  }
  return reply;
}

export async function deleteView(ctx: AppContext, view: StoredView, userId: string): Promise<void> {
  assertOwnerOfPersonal(view, userId);
  if (view.is_default) throw badRequest('The default view cannot be deleted');
  // Columns, filters, sorts and settings of the view go with it (foreign keys cascade).
  await ctx.views.delete(view.id);
}
