/** View sorts of the meta store (rb_sorts). */
import type { SortDirection, SortReply } from '@rowbase/core/api/sorts';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import type { MetaAction } from '../../changes/change-events.js';
import { newId } from '../ids.js';
import { toNum } from '../rows.js';

type Row = Record<string, unknown>;

function fromRow(r: Row): SortReply {
  return {
    id: r.id as string,
    fk_view_id: r.fk_view_id as string,
    fk_column_id: r.fk_column_id as string,
    base_id: r.base_id as string,
    direction: ((r.direction as string) === 'desc' ? 'desc' : 'asc') as SortDirection,
    order: toNum(r.order),
  };
}

export class SortsRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<SortReply | undefined> {
    const r = await trx('rb_sorts').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async listByView(viewId: string, trx: Knex = this.db): Promise<SortReply[]> {
    const rows = await trx('rb_sorts')
      .where({ fk_view_id: viewId })
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async insert(s: Omit<SortReply, 'id'>, trx: Knex = this.db): Promise<SortReply> {
    const now = Date.now();
    const id = newId('sort');
    await trx('rb_sorts').insert({ id, ...s, created_at: now, updated_at: now });
    this.changes.publish({ type: 'sort.changed', action: 'created', viewId: s.fk_view_id }, trx);
    return (await this.byId(id, trx))!;
  }

  async update(
    id: string,
    patch: Partial<Pick<SortReply, 'fk_column_id' | 'direction' | 'order'>>,
    trx: Knex = this.db,
  ): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) row[k] = v;
    await trx('rb_sorts').where({ id }).update(row);
    await this.publishSort('updated', id, trx);
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    await this.publishSort('deleted', id, trx);
    await trx('rb_sorts').where({ id }).delete();
  }

  /** Publishes a sort event for the sort's view (queued until `trx` commits). */
  private async publishSort(action: MetaAction, id: string, trx: Knex): Promise<void> {
    const sort = await this.byId(id, trx);
    if (sort) this.changes.publish({ type: 'sort.changed', action, viewId: sort.fk_view_id }, trx);
  }
}
