/**
 * Per-view columns: every field of the table has one row per view (created lazily, so a field added later
 * appears in every view), with visibility defaults per view type, plus show-all / hide-all and updates.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { ViewType } from '@rowbase/core/api/meta';
import type { ViewColumnPatch, ViewColumnReply } from '@rowbase/core/api/views';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import type { StoredViewColumn, ViewColumnFields } from '../../meta/repos/views-columns.js';
import { getColumns } from './table-meta.js';

/** Fields a form cannot take input for: computed on read or set by the database. */
const NOT_FORM_INPUT: readonly UIType[] = [
  'ID',
  'ForeignKey',
  'Formula',
  'Rollup',
  'Lookup',
  'Count',
  'QrCode',
  'Barcode',
  'Button',
  'CreateTime',
  'LastModifiedTime',
  'AutoNumber',
];

/** Cards (gallery, kanban, calendar, map) show the display value and the next few fields by default. */
const CARD_FIELDS = 3;

export function formAcceptsInput(column: ColumnMeta): boolean {
  return !column.system && !column.pk && !NOT_FORM_INPUT.includes(column.uidt);
}

/** Whether a new view column starts visible. `position` counts the non-system fields before it. */
function defaultShow(type: number, column: ColumnMeta, position: number): boolean {
  if (column.system) return false;
  switch (type) {
    case ViewType.GRID:
      return true;
    case ViewType.FORM:
      return formAcceptsInput(column);
    default:
      return column.pv || position < CARD_FIELDS;
  }
}

/** Makes sure every field of the view's table has a view column; returns them in order. */
export async function syncViewColumns(
  ctx: AppContext,
  view: StoredView,
  trx: Knex = ctx.db,
): Promise<StoredViewColumn[]> {
  const columns = await getColumns(trx, view.fk_model_id);
  const existing = await ctx.viewColumns.listByView(view.id, trx);
  const have = new Set(existing.map((c) => c.fk_column_id));
  const missing = columns.filter((c) => !have.has(c.id));
  if (missing.length === 0) return existing;
  let order = existing.reduce((m, c) => Math.max(m, c.order), 0);
  let position = existing.length;
  for (const column of columns) {
    if (have.has(column.id)) continue;
    await ctx.viewColumns.insert(
      {
        fk_view_id: view.id,
        fk_column_id: column.id,
        base_id: view.base_id,
        show: defaultShow(view.type, column, column.system ? position : position++),
        order: ++order,
      },
      trx,
    );
  }
  return ctx.viewColumns.listByView(view.id, trx);
}

/** NocoDB clients send `frozen`/`pinned` for a pinned grid column and widths as `200px` or numbers. */
export function toColumnFields(patch: ViewColumnPatch): ViewColumnFields {
  const f: ViewColumnFields = {};
  if (patch.show !== undefined) f.show = patch.show;
  if (patch.order !== undefined) f.order = patch.order;
  if (patch.width !== undefined) f.width = patch.width === null ? null : String(patch.width);
  if (patch.pinned !== undefined) f.pinned = patch.pinned;
  if (patch.frozen !== undefined) f.pinned = patch.frozen;
  if (patch.group_by !== undefined) f.group_by = patch.group_by;
  if (patch.group_by_order !== undefined) f.group_by_order = patch.group_by_order;
  if (patch.group_by_sort !== undefined) f.group_by_sort = patch.group_by_sort;
  if (patch.label !== undefined) f.label = patch.label;
  if (patch.help !== undefined) f.help = patch.help;
  if (patch.description !== undefined) f.description = patch.description;
  if (patch.required !== undefined) f.required = patch.required;
  if (patch.meta !== undefined)
    f.meta = typeof patch.meta === 'string' ? parseMeta(patch.meta) : (patch.meta ?? {});
  return f;
}

function parseMeta(s: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(s);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw badRequest('meta must be a JSON object');
}

/** Checks what a view type allows for a column change; group-by only on grids, form texts only on forms. */
export function checkColumnPatch(view: StoredView, f: ViewColumnFields): void {
  if (view.type !== ViewType.GRID && (f.group_by !== undefined || f.group_by_order !== undefined)) {
    throw badRequest('group_by is only available in grid views');
  }
  if (f.width !== undefined && f.width !== null && !/^\d{1,5}(px)?$/.test(f.width)) {
    throw badRequest('width must be a number of pixels, e.g. 200 or "200px"');
  }
}

/** The view column as replies show it; `frozen` mirrors `pinned` for NocoDB grid clients. */
export function presentViewColumn(c: StoredViewColumn): ViewColumnReply {
  return { ...c, frozen: c.pinned };
}

/** Updates one view column (by its id or its field id) and returns it. */
export async function updateViewColumn(
  ctx: AppContext,
  view: StoredView,
  idOrColumnId: string,
  patch: ViewColumnPatch,
  trx: Knex,
): Promise<ViewColumnReply> {
  await syncViewColumns(ctx, view, trx);
  const vc = await ctx.viewColumns.inView(view.id, idOrColumnId, trx);
  if (!vc) throw notFound(`View column '${idOrColumnId}' not found`);
  const fields = toColumnFields(patch);
  checkColumnPatch(view, fields);
  await ctx.viewColumns.update(vc.id, fields, trx);
  return presentViewColumn((await ctx.viewColumns.byId(vc.id, trx))!);
}
