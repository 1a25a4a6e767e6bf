/**
 * What `GET /db/public/shared-view/{uuid}/meta` sends: the view (no password), its settings, the table's
 * title and only the fields the share exposes, each with its view column settings.
 */
import { optionsKindOf } from '@rowbase/core/fields/col-options';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import { getTable } from '../views/table-meta.js';
import { presentViewColumn } from '../views/view-columns.js';
import { presentView } from '../views/views.js';
import { sharedFields } from './shared-view-access.js';

export async function sharedViewMeta(ctx: AppContext, view: StoredView): Promise<Record<string, unknown>> {
  const table = await getTable(ctx.db, view.fk_model_id);
  const fields = await sharedFields(ctx, view);
  const presented = await presentView(ctx, view);
  const columns = fields.map((f) => ({
    id: f.column.id,
    fk_model_id: f.column.fk_model_id,
    title: f.column.title,
    column_name: f.column.column_name,
    uidt: f.column.uidt,
    dt: f.column.dt,
    pk: f.column.pk,
    pv: f.column.pv,
    rqd: f.column.rqd,
    system: f.column.system,
    meta: f.column.meta,
    ...(optionsKindOf(f.column.uidt) === 'select' ? { colOptions: f.column.colOptions } : {}),
  }));
  return {
    ...presented,
    ...presented.view,
    base_id: view.base_id,
    model: { id: table.id, title: table.title, table_name: table.table_name, columns },
    columns: fields.map((f) => presentViewColumn(f.viewColumn)),
  };
}
