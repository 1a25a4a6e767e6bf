/** rb_views rows that tables need: the default grid view of a new table. The views API is another issue's. */
import { ViewType, type ViewMeta } from '@rowbase/core/api/meta';
import type { Knex } from 'knex';
import { newId } from '../ids.js';
import { parseJson, toBool, toNumOrNull } from '../rows.js';

type Row = Record<string, any>;

function fromRow(r: Row): ViewMeta {
  return {
    id: r.id,
    fk_model_id: r.fk_model_id,
    base_id: r.base_id,
    source_id: r.source_id,
    title: r.title,
    type: Number(r.type) as ViewType,
    is_default: toBool(r.is_default),
    show_system_fields: toBool(r.show_system_fields),
    lock_type: r.lock_type,
    uuid: r.uuid ?? null,
    meta: parseJson(r.meta, null),
    order: toNumOrNull(r.order),
  };
}

export class ViewsRepo {
  constructor(private readonly db: Knex) {}

  async listByTable(tableId: string, trx: Knex = this.db): Promise<ViewMeta[]> {
    const rows = await trx('rb_views').where({ fk_model_id: tableId }).orderBy('order', 'asc');
    return rows.map(fromRow);
  }

  async listByTables(tableIds: string[], trx: Knex = this.db): Promise<ViewMeta[]> {
    if (!tableIds.length) return [];
    const rows = await trx('rb_views').whereIn('fk_model_id', tableIds).orderBy('order', 'asc');
    return rows.map(fromRow);
  }

  /** The default grid view (type 3, is_default) a new table gets, titled like the table. */
  async insertDefaultGrid(
    table: { id: string; base_id: string; source_id: string; title: string },
    trx: Knex = this.db,
  ): Promise<string> {
    const now = Date.now();
    const id = newId('view');
    await trx('rb_views').insert({
      id,
      fk_model_id: table.id,
      base_id: table.base_id,
      source_id: table.source_id,
      title: table.title,
      type: ViewType.GRID,
      is_default: true,
      show_system_fields: false,
      lock_type: 'collaborative',
      order: 1,
      created_at: now,
      updated_at: now,
    });
    return id;
  }

  async renameDefault(tableId: string, title: string, trx: Knex = this.db): Promise<void> {
    await trx('rb_views')
      .where({ fk_model_id: tableId, is_default: true })
      .update({ title, updated_at: Date.now() });
  }
}
