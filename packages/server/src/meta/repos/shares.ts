/** Shared bases and shared ERDs (rb_shares); shared views keep their uuid on rb_views. */
import type { SharedBaseRole } from '@rowbase/core/api/shares';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import type { MetaAction } from '../../changes/change-events.js';
import { parseJson } from '../rows.js';

export type ShareKind = 'base' | 'erd';

export interface StoredShare {
  uuid: string;
  kind: ShareKind;
  base_id: string;
  source_id: string | null;
  roles: SharedBaseRole | null;
  passwordHash: string | null;
  meta: Record<string, unknown>;
}

type Row = Record<string, unknown>;

function fromRow(r: Row): StoredShare {
  return {
    uuid: r.uuid as string,
    kind: r.kind as ShareKind,
    base_id: r.base_id as string,
    source_id: (r.source_id as string | null) ?? null,
    roles: (r.roles as SharedBaseRole | null) ?? null,
    passwordHash: (r.password_hash as string | null) ?? null,
    meta: parseJson<Record<string, unknown>>(r.meta, {}),
  };
}

export class SharesRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byUuid(uuid: string, kind: ShareKind, trx: Knex = this.db): Promise<StoredShare | undefined> {
    const r = await trx('rb_shares').where({ uuid, kind }).first();
    return r ? fromRow(r) : undefined;
  }

  /** The base's share (kind 'base'), or the ERD share of one source (kind 'erd'). */
  async find(
    kind: ShareKind,
    baseId: string,
    sourceId: string | null,
    trx: Knex = this.db,
  ): Promise<StoredShare | undefined> {
    const q = trx('rb_shares').where({ kind, base_id: baseId });
    if (sourceId) q.where({ source_id: sourceId });
    const r = await q.first();
    return r ? fromRow(r) : undefined;
  }

  async insert(s: Omit<StoredShare, 'meta'>, trx: Knex = this.db): Promise<void> {
    const now = Date.now();
    await trx('rb_shares').insert({
      uuid: s.uuid,
      kind: s.kind,
      base_id: s.base_id,
      source_id: s.source_id,
      roles: s.roles,
      password_hash: s.passwordHash,
      meta: '{}',
      created_at: now,
      updated_at: now,
    });
    this.changes.publish(
      { type: 'share.changed', action: 'created', scope: s.kind, targetId: s.base_id },
      trx,
    );
  }

  async update(
    uuid: string,
    patch: { roles?: SharedBaseRole; passwordHash?: string | null },
    trx: Knex = this.db,
  ): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    if (patch.roles !== undefined) row.roles = patch.roles;
    if (patch.passwordHash !== undefined) row.password_hash = patch.passwordHash;
    await trx('rb_shares').where({ uuid }).update(row);
    await this.publishShare('updated', uuid, trx);
  }

  async delete(uuid: string, trx: Knex = this.db): Promise<void> {
    await this.publishShare('deleted', uuid, trx);
    await trx('rb_shares').where({ uuid }).delete();
  }

  private async publishShare(action: MetaAction, uuid: string, trx: Knex): Promise<void> {
    const share = (await trx('rb_shares').where({ uuid }).first('kind', 'base_id')) as
      { kind: ShareKind; base_id: string } | undefined;
    if (share)
      this.changes.publish(
        { type: 'share.changed', action, scope: share.kind, targetId: share.base_id },
        trx,
      );
  }
}
