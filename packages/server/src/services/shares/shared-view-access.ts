/**
 * Opening a shared view from a public request: the uuid must be shared now (else 404), and a protected view
 * needs the right `xc-password` (else 403 INVALID_SHARED_VIEW_PASSWORD). Wrong passwords are rate-limited
 * per client address and per view (429 with Retry-After).
 */
import { SHARED_VIEW_PASSWORD_HEADER } from '@rowbase/core/api/shares';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { ViewType } from '@rowbase/core/api/meta';
import { AppError, ErrorCode } from '@rowbase/core/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { limitFailures } from '../../http/rate-limit.js';
import type { StoredView } from '../../meta/repos/views.js';
import type { StoredViewColumn } from '../../meta/repos/views-columns.js';
import { verifyPassword } from '../auth/passwords.js';
import { getColumns } from '../views/table-meta.js';
import { formAcceptsInput, syncViewColumns } from '../views/view-columns.js';
import { sharedViewByUuid } from './view-shares.js';

export const INVALID_PASSWORD_MESSAGE = 'Invalid shared view password';

export async function openSharedView(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  uuid: string,
): Promise<StoredView> {
  const view = await sharedViewByUuid(ctx, uuid);
  if (!view.passwordHash) return view;
  const failed = await limitFailures(ctx, req, reply, 'shared-view-password', view.id);
  const raw = req.headers[SHARED_VIEW_PASSWORD_HEADER];
  const given = Array.isArray(raw) ? raw[0] : raw;
  if (!given || !(await verifyPassword(view.passwordHash, given))) {
    await failed();
    throw new AppError(ErrorCode.INVALID_SHARED_VIEW_PASSWORD, INVALID_PASSWORD_MESSAGE);
  }
  return view;
}

/** A field a share may show, with its per-view settings. */
export interface SharedField {
  column: ColumnMeta;
  viewColumn: StoredViewColumn;
}

/**
 * The fields a card view is laid out by (a calendar's date range, a kanban's stacks, a map's places, a cover
 * image): read with its rows even when not shown on the cards, or the view could not place them.
 */
async function layoutFields(ctx: AppContext, view: StoredView): Promise<Set<string>> {
  const ids = new Set<string>();
  if (view.type === ViewType.GRID || view.type === ViewType.FORM) return ids;
  const settings = await ctx.views.settings(view.id);
  for (const id of [settings.fk_grp_col_id, settings.fk_geo_data_col_id, settings.fk_cover_image_col_id])
    if (id) ids.add(id);
  if (view.type === ViewType.CALENDAR)
    for (const r of await ctx.views.calendarRanges(view.id)) {
      ids.add(r.fk_from_column_id);
      if (r.fk_to_column_id) ids.add(r.fk_to_column_id);
    }
  return ids;
}

/**
 * The fields a share exposes: the view's visible fields of its own table (a form: the visible fields that
 * take input), in view order, plus the primary key so rows can be addressed and the fields a card view is
 * laid out by. Nothing else leaves the server.
 */
export async function sharedFields(ctx: AppContext, view: StoredView): Promise<SharedField[]> {
  const columns = new Map((await getColumns(ctx.db, view.fk_model_id)).map((c) => [c.id, c]));
  const layout = await layoutFields(ctx, view);
  const out: SharedField[] = [];
  for (const vc of await syncViewColumns(ctx, view)) {
    const column = columns.get(vc.fk_column_id);
    if (!column) continue;
    const visible =
      view.type === ViewType.FORM
        ? vc.show && formAcceptsInput(column)
        : column.pk || layout.has(column.id) || (vc.show && (!column.system || view.show_system_fields));
    if (visible) out.push({ column, viewColumn: vc });
  }
  return out;
}
