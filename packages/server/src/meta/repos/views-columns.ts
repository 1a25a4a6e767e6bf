/** Per-view columns (rb_view_columns): visibility, order, width, pinning, group-by and form field texts. */
import type { ViewColumnReply } from '@rowbase/core/api/views';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import { newId } from '../ids.js';
import { parseJson, toBool, toNum, toNumOrNull } from '../rows.js';

type Row = Record<string, unknown>;

export type StoredViewColumn = Required<Omit<ViewColumnReply, 'frozen' | 'meta'>> & {
  meta: Record<string, unknown>;
};

function fromRow(r: Row): StoredViewColumn {
  return {
    id: r.id as string,
    fk_view_id: r.fk_view_id as string,
    fk_column_id: r.fk_column_id as string,
    base_id: r.base_id as string,
    show: toBool(r.show),
    order: toNum(r.order),
    width: (r.width as string | null) ?? null,
    pinned: toBool(r.pinned),
    group_by: toBool(r.group_by),
    group_by_order: toNumOrNull(r.group_by_order),
    group_by_sort: (r.group_by_sort as string | null) ?? null,
    label: (r.label as string | null) ?? null,
    help: (r.help as string | null) ?? null,
    description: (r.description as string | null) ?? null,
    required: toBool(r.required),
    meta: parseJson<Record<string, unknown>>(r.meta, {}),
  };
}

export type ViewColumnFields = Partial<
  Omit<StoredViewColumn, 'id' | 'fk_view_id' | 'fk_column_id' | 'base_id'>
>;

function toRow(f: ViewColumnFields): Row {
  const row: Row = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined) continue;
    row[k] = k === 'meta' ? JSON.stringify(v ?? {}) : v;
  }
  return row;
}

export class ViewColumnsRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async listByView(viewId: string, trx: Knex = this.db): Promise<StoredViewColumn[]> {
    const rows = await trx('rb_view_columns')
      .where({ fk_view_id: viewId })
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async byId(id: string, trx: Knex = this.db): Promise<StoredViewColumn | undefined> {
    const r = await trx('rb_view_columns').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  /** By its own id, or by the field (`fk_column_id`) within the view, as NocoDB clients send either. */
  async inView(
    viewId: string,
    idOrColumnId: string,
    trx: Knex = this.db,
  ): Promise<StoredViewColumn | undefined> {
    const r = await trx('rb_view_columns')
      .where({ fk_view_id: viewId })
      .andWhere((q) => q.where({ id: idOrColumnId }).orWhere({ fk_column_id: idOrColumnId }))
      .first();
    return r ? fromRow(r) : undefined;
  }

  async insert(
    v: { fk_view_id: string; fk_column_id: string; base_id: string } & ViewColumnFields,
    trx: Knex = this.db,
  ): Promise<StoredViewColumn> {
    const now = Date.now();
    const id = newId('column');
    const { fk_view_id, fk_column_id, base_id, ...fields } = v;
    await trx('rb_view_columns').insert({
      id: 'nc' + id.slice(1),
      fk_view_id,
      fk_column_id,
      base_id,
      ...toRow(fields),
      created_at: now,
      updated_at: now,
    });
    this.changes.publish({ type: 'view.changed', action: 'updated', viewId: fk_view_id }, trx);
    return (await this.byId('nc' + id.slice(1), trx))!;
  }

  async update(id: string, f: ViewColumnFields, trx: Knex = this.db): Promise<void> {
    await trx('rb_view_columns')
      .where({ id })
      .update({ ...toRow(f), updated_at: Date.now() });
    const viewId = (await this.byId(id, trx))?.fk_view_id;
    if (viewId) this.changes.publish({ type: 'view.changed', action: 'updated', viewId }, trx);
  }

  /** Sets `show` on every column of the view except the ignored fields. */
  async setShowAll(
    viewId: string,
    show: boolean,
    ignoreColumnIds: string[],
    trx: Knex = this.db,
  ): Promise<void> {
    const q = trx('rb_view_columns').where({ fk_view_id: viewId });
    if (ignoreColumnIds.length) q.whereNotIn('fk_column_id', ignoreColumnIds);
    await q.update({ show, updated_at: Date.now() });
    this.changes.publish({ type: 'view.changed', action: 'updated', viewId }, trx);
  }
}
