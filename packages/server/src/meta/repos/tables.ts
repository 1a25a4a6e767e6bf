/** rb_models: tables (and database views) of a source. */
import type { TableMeta } from '@rowbase/core/api/meta';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import type { MetaAction } from '../../changes/change-events.js';
import { newId } from '../ids.js';
import { parseJson, toBool, toNumOrNull } from '../rows.js';

type Row = Record<string, any>;

export interface TableRecord extends TableMeta {
  description?: string | null;
  created_at?: number;
  updated_at?: number;
}

function fromRow(r: Row): TableRecord {
  return {
    id: r.id,
    base_id: r.base_id,
    source_id: r.source_id,
    table_name: r.table_name,
    title: r.title,
    type: r.type,
    mm: toBool(r.mm),
    meta: parseJson(r.meta, null),
    order: toNumOrNull(r.order),
    pinned: toBool(r.pinned),
    enabled: toBool(r.enabled),
    description: r.description ?? null,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export type TablePatch = Partial<
  Pick<TableRecord, 'title' | 'table_name' | 'meta' | 'order' | 'description' | 'mm'>
>;

export class TablesRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<TableRecord | undefined> {
    const r = await trx('rb_models').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  /** Tables of a base (optionally of one source), in their order; junction tables only when asked. */
  async list(
    baseId: string,
    opts: { sourceId?: string; includeM2M?: boolean } = {},
    trx: Knex = this.db,
  ): Promise<TableRecord[]> {
    const q = trx('rb_models').where({ base_id: baseId });
    if (opts.sourceId) q.andWhere({ source_id: opts.sourceId });
    if (!opts.includeM2M) q.andWhere({ mm: false });
    const rows = await q.orderBy([
      { column: 'order', order: 'asc' },
      { column: 'created_at', order: 'asc' },
    ]);
    return rows.map(fromRow);
  }

  async nextOrder(baseId: string, trx: Knex = this.db): Promise<number> {
    const r = await trx('rb_models').where({ base_id: baseId }).max<{ m: unknown }[]>({ m: 'order' });
    return (Number(r[0]?.m) || 0) + 1;
  }

  async insert(
    t: Pick<TableRecord, 'base_id' | 'source_id' | 'table_name' | 'title'> &
      TablePatch & { type?: 'table' | 'view' },
    trx: Knex = this.db,
  ): Promise<string> {
    const now = Date.now();
    const id = newId('table');
    await trx('rb_models').insert({
      id,
      base_id: t.base_id,
      source_id: t.source_id,
      table_name: t.table_name,
      title: t.title,
      type: t.type ?? 'table',
      mm: t.mm ?? false,
      meta: t.meta ? JSON.stringify(t.meta) : null,
      order: t.order ?? null,
      description: t.description ?? null,
      created_at: now,
      updated_at: now,
    });
    this.changes.publish({ type: 'table.changed', action: 'created', baseId: t.base_id, tableId: id }, trx);
    return id;
  }

  async update(id: string, patch: TablePatch, trx: Knex = this.db): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      row[k] = k === 'meta' ? (v === null ? null : JSON.stringify(v)) : v;
    }
    const before =
      patch.title === undefined
        ? undefined
        : ((await trx('rb_models').where({ id }).first('title')) as { title: string } | undefined);
    await trx('rb_models').where({ id }).update(row);
    const baseId = await this.baseOf(id, trx);
    if (before && patch.title !== undefined && before.title !== patch.title && baseId)
      this.changes.publish(
        { type: 'table.changed', action: 'updated', baseId, tableId: id, renamedFrom: before.title },
        trx,
      );
    else this.publishTable('updated', baseId, id, trx);
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    const table = (await trx('rb_models').where({ id }).first('base_id', 'title')) as
      { base_id: string; title: string } | undefined;
    await trx('rb_columns').where({ fk_model_id: id }).delete();
    await trx('rb_views').where({ fk_model_id: id }).delete();
    await trx('rb_models').where({ id }).delete();
    if (table)
      this.changes.publish(
        { type: 'table.changed', action: 'deleted', baseId: table.base_id, tableId: id, title: table.title },
        trx,
      );
  }

  private async baseOf(tableId: string, trx: Knex): Promise<string | undefined> {
    const r = (await trx('rb_models').where({ id: tableId }).first('base_id')) as
      { base_id: string } | undefined;
    return r?.base_id;
  }

  /** Publishes a table event (queued until `trx` commits). */
  private publishTable(action: MetaAction, baseId: string | undefined, tableId: string, trx: Knex): void {
    if (baseId) this.changes.publish({ type: 'table.changed', action, baseId, tableId }, trx);
  }
}
