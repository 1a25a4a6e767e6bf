/**
 * Views of the meta store (rb_views), their per-type settings (rb_view_settings) and calendar ranges.
 * Lists for other services (`listByTable`, `listByTables`) never carry the share password hash.
 */
import { ViewType, type ViewMeta } from '@rowbase/core/api/meta';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import { newId } from '../ids.js';
import { parseJson, toBool, toNum, toNumOrNull } from '../rows.js';

type Row = Record<string, unknown>;

/** A view as stored, with the password hash that only the share service may read. */
export interface StoredView extends ViewMeta {
  passwordHash: string | null;
}

export interface ViewSettings {
  row_height: number | null;
  heading: string | null;
  subheading: string | null;
  success_msg: string | null;
  redirect_url: string | null;
  redirect_after_secs: number | null;
  submit_another_form: boolean;
  show_blank_form: boolean;
  email: boolean;
  banner_image_url: string | null;
  logo_url: string | null;
  fk_cover_image_col_id: string | null;
  fk_grp_col_id: string | null;
  fk_geo_data_col_id: string | null;
}

export interface CalendarRange {
  id: string;
  fk_view_id: string;
  fk_from_column_id: string;
  fk_to_column_id: string | null;
}

export const EMPTY_SETTINGS: ViewSettings = {
  row_height: null,
  heading: null,
  subheading: null,
  success_msg: null,
  redirect_url: null,
  redirect_after_secs: null,
  submit_another_form: false,
  show_blank_form: false,
  email: false,
  banner_image_url: null,
  logo_url: null,
  fk_cover_image_col_id: null,
  fk_grp_col_id: null,
  fk_geo_data_col_id: null,
};

function fromRow(r: Row): StoredView {
  return {
    id: r.id as string,
    fk_model_id: r.fk_model_id as string,
    base_id: r.base_id as string,
    source_id: r.source_id as string,
    title: r.title as string,
    type: toNum(r.type) as ViewType,
    is_default: toBool(r.is_default),
    show_system_fields: toBool(r.show_system_fields),
    lock_type: (r.lock_type as ViewMeta['lock_type']) ?? 'collaborative',
    uuid: (r.uuid as string | null) ?? null,
    meta: parseJson<Record<string, unknown>>(r.meta, {}),
    order: toNumOrNull(r.order),
    owned_by: (r.owned_by as string | null) ?? null,
    passwordHash: (r.password_hash as string | null) ?? null,
  };
}

function withoutHash(v: StoredView): ViewMeta {
  const { passwordHash: _hash, ...view } = v;
  return view;
}

function settingsFromRow(r: Row | undefined): ViewSettings {
  if (!r) return { ...EMPTY_SETTINGS };
  return {
    row_height: toNumOrNull(r.row_height),
    heading: (r.heading as string | null) ?? null,
    subheading: (r.subheading as string | null) ?? null,
    success_msg: (r.success_msg as string | null) ?? null,
    redirect_url: (r.redirect_url as string | null) ?? null,
    redirect_after_secs: toNumOrNull(r.redirect_after_secs),
    submit_another_form: toBool(r.submit_another_form),
    show_blank_form: toBool(r.show_blank_form),
    email: toBool(r.email),
    banner_image_url: (r.banner_image_url as string | null) ?? null,
    logo_url: (r.logo_url as string | null) ?? null,
    fk_cover_image_col_id: (r.fk_cover_image_col_id as string | null) ?? null,
    fk_grp_col_id: (r.fk_grp_col_id as string | null) ?? null,
    fk_geo_data_col_id: (r.fk_geo_data_col_id as string | null) ?? null,
  };
}

export interface NewView {
  fk_model_id: string;
  base_id: string;
  source_id: string;
  title: string;
  type: ViewType;
  is_default?: boolean;
  show_system_fields?: boolean;
  lock_type?: ViewMeta['lock_type'];
  meta?: Record<string, unknown>;
  order: number;
  owned_by?: string | null;
}

export type ViewPatch = Partial<
  Pick<ViewMeta, 'title' | 'order' | 'show_system_fields' | 'lock_type' | 'uuid' | 'meta' | 'owned_by'> & {
    passwordHash: string | null;
  }
>;

export class ViewsRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<StoredView | undefined> {
    const r = await trx('rb_views').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async byUuid(uuid: string, trx: Knex = this.db): Promise<StoredView | undefined> {
    const r = await trx('rb_views').where({ uuid }).first();
    return r ? fromRow(r) : undefined;
  }

  /** The table's views with their password hashes, for the view and share services only. */
  async listStoredByTable(tableId: string, trx: Knex = this.db): Promise<StoredView[]> {
    const rows = await trx('rb_views')
      .where({ fk_model_id: tableId })
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async listByTable(tableId: string, trx: Knex = this.db): Promise<ViewMeta[]> {
    return (await this.listStoredByTable(tableId, trx)).map(withoutHash);
  }

  async listByTables(tableIds: string[], trx: Knex = this.db): Promise<ViewMeta[]> {
    if (!tableIds.length) return [];
    const rows = await trx('rb_views')
      .whereIn('fk_model_id', tableIds)
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map((r: Row) => withoutHash(fromRow(r)));
  }

  /** The default grid view (type 3, is_default) a new table gets, titled like the table. */
  async insertDefaultGrid(
    table: { id: string; base_id: string; source_id: string; title: string },
    trx: Knex = this.db,
  ): Promise<string> {
    const view = await this.insert(
      {
        fk_model_id: table.id,
        base_id: table.base_id,
        source_id: table.source_id,
        title: table.title,
        type: ViewType.GRID,
        is_default: true,
        order: 1,
      },
      trx,
    );
    return view.id;
  }

  async renameDefault(tableId: string, title: string, trx: Knex = this.db): Promise<void> {
    const view = (await trx('rb_views').where({ fk_model_id: tableId, is_default: true }).first('id')) as
      { id: string } | undefined;
    if (!view) return;
    await trx('rb_views').where({ id: view.id }).update({ title, updated_at: Date.now() });
    this.changes.publish({ type: 'view.changed', action: 'updated', viewId: view.id, tableId }, trx);
  }

  async insert(v: NewView, trx: Knex = this.db): Promise<StoredView> {
    const now = Date.now();
    const id = newId('view');
    await trx('rb_views').insert({
      id,
      fk_model_id: v.fk_model_id,
      base_id: v.base_id,
      source_id: v.source_id,
      title: v.title,
      type: v.type,
      is_default: v.is_default ?? false,
      show_system_fields: v.show_system_fields ?? false,
      lock_type: v.lock_type ?? 'collaborative',
      meta: JSON.stringify(v.meta ?? {}),
      order: v.order,
      owned_by: v.owned_by ?? null,
      created_at: now,
      updated_at: now,
    });
    this.changes.publish(
      { type: 'view.changed', action: 'created', viewId: id, tableId: v.fk_model_id },
      trx,
    );
    return (await this.byId(id, trx))!;
  }

  async update(id: string, patch: ViewPatch, trx: Knex = this.db): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    if (patch.title !== undefined) row.title = patch.title;
    if (patch.order !== undefined) row.order = patch.order;
    if (patch.show_system_fields !== undefined) row.show_system_fields = patch.show_system_fields;
    if (patch.lock_type !== undefined) row.lock_type = patch.lock_type;
    if (patch.uuid !== undefined) row.uuid = patch.uuid;
    if (patch.owned_by !== undefined) row.owned_by = patch.owned_by;
    if (patch.meta !== undefined) row.meta = JSON.stringify(patch.meta ?? {});
    if (patch.passwordHash !== undefined) row.password_hash = patch.passwordHash;
    await trx('rb_views').where({ id }).update(row);
    const tableId = await this.tableOf(id, trx);
    this.changes.publish({ type: 'view.changed', action: 'updated', viewId: id, tableId }, trx);
    if (patch.uuid !== undefined || patch.passwordHash !== undefined) {
      const action = patch.uuid === null ? 'deleted' : patch.uuid !== undefined ? 'created' : 'updated';
      this.changes.publish({ type: 'share.changed', action, scope: 'view', targetId: id }, trx);
    }
  }

  /** Makes this view the table's default (the one a table opens with) and every other view not. */
  async setDefault(view: { id: string; fk_model_id: string }, trx: Knex): Promise<void> {
    const now = Date.now();
    await trx('rb_views')
      .where({ fk_model_id: view.fk_model_id })
      .whereNot({ id: view.id })
      .update({ is_default: false, updated_at: now });
    await trx('rb_views').where({ id: view.id }).update({ is_default: true, updated_at: now });
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    const view = (await trx('rb_views').where({ id }).first('fk_model_id', 'title')) as
      { fk_model_id: string; title: string } | undefined;
    await trx('rb_views').where({ id }).delete();
    this.changes.publish(
      { type: 'view.changed', action: 'deleted', viewId: id, tableId: view?.fk_model_id, title: view?.title },
      trx,
    );
  }

  private async tableOf(viewId: string, trx: Knex): Promise<string | undefined> {
    const r = (await trx('rb_views').where({ id: viewId }).first('fk_model_id')) as
      { fk_model_id: string } | undefined;
    return r?.fk_model_id;
  }

  async maxOrder(tableId: string, trx: Knex = this.db): Promise<number> {
    const r = await trx('rb_views').where({ fk_model_id: tableId }).max({ m: 'order' }).first();
    return r?.m === null || r?.m === undefined ? 0 : toNum(r.m);
  }

  async settings(viewId: string, trx: Knex = this.db): Promise<ViewSettings> {
    return settingsFromRow(await trx('rb_view_settings').where({ fk_view_id: viewId }).first());
  }

  async saveSettings(viewId: string, patch: Partial<ViewSettings>, trx: Knex = this.db): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    const exists = await trx('rb_view_settings').where({ fk_view_id: viewId }).first();
    if (exists) await trx('rb_view_settings').where({ fk_view_id: viewId }).update(patch);
    else await trx('rb_view_settings').insert({ ...EMPTY_SETTINGS, ...patch, fk_view_id: viewId });
    this.changes.publish({ type: 'view.changed', action: 'updated', viewId }, trx);
  }

  async calendarRanges(viewId: string, trx: Knex = this.db): Promise<CalendarRange[]> {
    const rows = await trx('rb_calendar_ranges').where({ fk_view_id: viewId }).orderBy('order');
    return rows.map((r: Row) => ({
      id: r.id as string,
      fk_view_id: r.fk_view_id as string,
      fk_from_column_id: r.fk_from_column_id as string,
      fk_to_column_id: (r.fk_to_column_id as string | null) ?? null,
    }));
  }

  async replaceCalendarRanges(
    viewId: string,
    ranges: { fk_from_column_id: string; fk_to_column_id?: string | null }[],
    trx: Knex = this.db,
  ): Promise<void> {
    await trx('rb_calendar_ranges').where({ fk_view_id: viewId }).delete();
    let order = 0;
    for (const r of ranges) {
      await trx('rb_calendar_ranges').insert({
        id: newId('view'),
        fk_view_id: viewId,
        fk_from_column_id: r.fk_from_column_id,
        fk_to_column_id: r.fk_to_column_id ?? null,
        order: order++,
      });
    }
    this.changes.publish({ type: 'view.changed', action: 'updated', viewId }, trx);
  }
}
