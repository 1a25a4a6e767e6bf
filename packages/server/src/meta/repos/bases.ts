/** rb_bases and rb_base_users: bases (projects) and who holds which role in them. */
import type { BaseMeta } from '@rowbase/core/api/meta';
import type { BaseRole } from '@rowbase/core/permissions/roles';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import { newId } from '../ids.js';
import { parseJson, toBool, toNum, toNumOrNull } from '../rows.js';

type Row = Record<string, any>;

export interface BaseRecord extends BaseMeta {
  created_by: string | null;
}

function fromRow(r: Row): BaseRecord {
  return {
    id: r.id,
    title: r.title,
    description: r.description ?? null,
    prefix: r.prefix ?? null,
    status: r.status ?? null,
    type: r.type,
    color: r.color ?? null,
    meta: parseJson(r.meta, null),
    order: toNumOrNull(r.order),
    deleted: toBool(r.deleted),
    fk_workspace_id: r.workspace_id ?? null,
    created_by: r.created_by ?? null,
    created_at: toNum(r.created_at),
    updated_at: toNum(r.updated_at),
  };
}

export interface BaseUserRecord {
  base_id: string;
  user_id: string;
  roles: BaseRole;
  invited_by: string | null;
  created_at: number;
}

export type BasePatch = Partial<
  Pick<BaseMeta, 'title' | 'description' | 'color' | 'meta' | 'order' | 'status'>
>;

export class BasesRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<BaseRecord | undefined> {
    const r = await trx('rb_bases').where({ id, deleted: false }).first();
    return r ? fromRow(r) : undefined;
  }

  /** Every base, or only those where the user holds a role other than no-access. */
  async list(userId: string | null, trx: Knex = this.db): Promise<BaseRecord[]> {
    const q = trx('rb_bases').where('rb_bases.deleted', false).select('rb_bases.*');
    if (userId) {
      q.join('rb_base_users', 'rb_base_users.base_id', 'rb_bases.id')
        .where('rb_base_users.user_id', userId)
        .whereNot('rb_base_users.roles', 'no-access');
    }
    const rows = await q.orderBy([
      { column: 'rb_bases.order', order: 'asc' },
      { column: 'rb_bases.created_at', order: 'asc' },
    ]);
    return rows.map(fromRow);
  }

  async insert(
    base: Pick<BaseMeta, 'title' | 'type'> & BasePatch & { prefix: string; created_by: string },
    trx: Knex = this.db,
  ): Promise<string> {
    const now = Date.now();
    const id = newId('base');
    await trx('rb_bases').insert({
      id,
      title: base.title,
      description: base.description ?? null,
      prefix: base.prefix,
      type: base.type,
      color: base.color ?? null,
      meta: base.meta ? JSON.stringify(base.meta) : null,
      order: base.order ?? null,
      status: base.status ?? null,
      created_by: base.created_by,
      created_at: now,
      updated_at: now,
    });
    this.changes.publish({ type: 'base.changed', action: 'created', baseId: id }, trx);
    return id;
  }

  async update(id: string, patch: BasePatch, trx: Knex = this.db): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      row[k] = k === 'meta' ? (v === null ? null : JSON.stringify(v)) : v;
    }
    await trx('rb_bases').where({ id }).update(row);
    this.changes.publish({ type: 'base.changed', action: 'updated', baseId: id }, trx);
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    await trx('rb_bases').where({ id }).delete();
    this.changes.publish({ type: 'base.changed', action: 'deleted', baseId: id }, trx);
  }

  // ---- base users ----

  async roleOf(baseId: string, userId: string, trx: Knex = this.db): Promise<BaseRole | undefined> {
    const r = await trx('rb_base_users').where({ base_id: baseId, user_id: userId }).first();
    return r ? (r.roles as BaseRole) : undefined;
  }

  async users(baseId: string, trx: Knex = this.db): Promise<Row[]> {
    return trx('rb_base_users')
      .join('rb_users', 'rb_users.id', 'rb_base_users.user_id')
      .where('rb_base_users.base_id', baseId)
      .select(
        'rb_users.id',
        'rb_users.email',
        'rb_users.display_name',
        'rb_users.invite_token',
        'rb_base_users.roles',
        'rb_base_users.created_at',
      )
      .orderBy('rb_base_users.created_at', 'asc');
  }

  async setRole(
    baseId: string,
    userId: string,
    role: BaseRole,
    invitedBy: string | null,
    trx: Knex = this.db,
  ): Promise<void> {
    const now = Date.now();
    const existing = await trx('rb_base_users').where({ base_id: baseId, user_id: userId }).first();
    if (existing) {
      await trx('rb_base_users')
        .where({ base_id: baseId, user_id: userId })
        .update({ roles: role, updated_at: now });
    } else {
      await trx('rb_base_users').insert({
        base_id: baseId,
        user_id: userId,
        roles: role,
        invited_by: invitedBy,
        created_at: now,
        updated_at: now,
      });
    }
    const action = existing ? 'updated' : 'created';
    this.changes.publish({ type: 'role.changed', userId, baseId, action, role }, trx);
  }

  async removeUser(baseId: string, userId: string, trx: Knex = this.db): Promise<number> {
    const n = await trx('rb_base_users').where({ base_id: baseId, user_id: userId }).delete();
    this.changes.publish({ type: 'role.changed', userId, baseId, action: 'deleted' }, trx);
    return n;
  }

  async countOwners(baseId: string, trx: Knex = this.db): Promise<number> {
    const r = await trx('rb_base_users')
      .where({ base_id: baseId, roles: 'owner' })
      .count<{ n: unknown }[]>({ n: '*' });
    return toNum(r[0]?.n ?? 0);
  }
}
