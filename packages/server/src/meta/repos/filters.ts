/** View (and webhook) filters of the meta store (rb_filters): conditions and nested groups. */
import type { FilterReply, LogicalOp } from '@rowbase/core/api/filters';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import type { MetaAction } from '../../changes/change-events.js';
import { newId } from '../ids.js';
import { toBool, toNum } from '../rows.js';

type Row = Record<string, unknown>;

function fromRow(r: Row): FilterReply {
  return {
    id: r.id as string,
    fk_view_id: (r.fk_view_id as string | null) ?? null,
    fk_hook_id: (r.fk_hook_id as string | null) ?? null,
    fk_parent_id: (r.fk_parent_id as string | null) ?? null,
    fk_column_id: (r.fk_column_id as string | null) ?? null,
    base_id: r.base_id as string,
    source_id: r.source_id as string,
    is_group: toBool(r.is_group),
    logical_op: ((r.logical_op as string) || 'and') as LogicalOp,
    comparison_op: (r.comparison_op as string | null) ?? null,
    comparison_sub_op: (r.comparison_sub_op as string | null) ?? null,
    value: (r.value as string | null) ?? null,
    order: toNum(r.order),
  };
}

export type NewFilter = Omit<FilterReply, 'id' | 'children'>;
export type FilterPatch = Partial<
  Pick<
    FilterReply,
    'fk_column_id' | 'fk_parent_id' | 'logical_op' | 'comparison_op' | 'comparison_sub_op' | 'value' | 'order'
  >
>;

/** Whose filters: a view's or a webhook's (its conditions). */
export type FilterOwnerKey = { fk_view_id: string } | { fk_hook_id: string };

export class FiltersRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<FilterReply | undefined> {
    const r = await trx('rb_filters').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  /** Every filter of the view, flat, in order (groups and their children alike). */
  async listByView(viewId: string, trx: Knex = this.db): Promise<FilterReply[]> {
    return this.listByOwner({ fk_view_id: viewId }, trx);
  }

  /** Every condition of a webhook, flat, in order. */
  async listByHook(hookId: string, trx: Knex = this.db): Promise<FilterReply[]> {
    return this.listByOwner({ fk_hook_id: hookId }, trx);
  }

  private async listByOwner(owner: FilterOwnerKey, trx: Knex): Promise<FilterReply[]> {
    const rows = await trx('rb_filters')
      .where(owner)
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async children(parentId: string, trx: Knex = this.db): Promise<FilterReply[]> {
    const rows = await trx('rb_filters')
      .where({ fk_parent_id: parentId })
      .orderBy([
        { column: 'order', order: 'asc' },
        { column: 'created_at', order: 'asc' },
      ]);
    return rows.map(fromRow);
  }

  async maxOrder(owner: FilterOwnerKey, parentId: string | null, trx: Knex = this.db): Promise<number> {
    const q = trx('rb_filters').where(owner);
    if (parentId) q.where({ fk_parent_id: parentId });
    else q.whereNull('fk_parent_id');
    const r = await q.max({ m: 'order' }).first();
    return r?.m === null || r?.m === undefined ? 0 : toNum(r.m);
  }

  async insert(f: NewFilter, trx: Knex = this.db): Promise<FilterReply> {
    const now = Date.now();
    const id = newId('filter');
    await trx('rb_filters').insert({ id, ...f, created_at: now, updated_at: now });
    const created = (await this.byId(id, trx))!;
    this.publishFilter('created', created.fk_view_id, trx);
    return created;
  }

  async update(id: string, patch: FilterPatch, trx: Knex = this.db): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) row[k] = v;
    await trx('rb_filters').where({ id }).update(row);
    this.publishFilter('updated', (await this.byId(id, trx))?.fk_view_id, trx);
  }

  /** Removes every condition of a webhook. */
  async deleteByHook(hookId: string, trx: Knex = this.db): Promise<void> {
    const top = await trx('rb_filters').where({ fk_hook_id: hookId }).whereNull('fk_parent_id').select('id');
    for (const r of top) await this.delete(r.id as string, trx);
  }

  /** Deletes a filter and, for a group, everything under it (the FK cascades, sqlite included). */
  async delete(id: string, trx: Knex = this.db): Promise<void> {
    const viewId = (await this.byId(id, trx))?.fk_view_id;
    for (const child of await this.children(id, trx)) await this.delete(child.id, trx);
    await trx('rb_filters').where({ id }).delete();
    this.publishFilter('deleted', viewId, trx);
  }

  /** Filters of hooks and other owners than views publish nothing yet. */
  private publishFilter(action: MetaAction, viewId: string | null | undefined, trx: Knex): void {
    if (viewId) this.changes.publish({ type: 'filter.changed', action, viewId }, trx);
  }
}
