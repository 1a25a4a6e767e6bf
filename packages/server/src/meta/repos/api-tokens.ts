/** The API tokens table: secrets are stored only as SHA-256 hashes, with a short hint to tell them apart. */
import type { ApiTokenMeta } from '@rowbase/core/api/tokens';
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import { pageAndTotal } from '../page-and-total.js';
import { newId } from '../ids.js';
import { toNum } from '../rows.js';

export interface ApiTokenRecord extends ApiTokenMeta {
  tokenHash: string;
}

type Row = Record<string, unknown>;

function fromRow(r: Row): ApiTokenRecord {
  return {
    id: r.id as string,
    description: (r.description as string | null) ?? null,
    fk_user_id: r.user_id as string,
    base_id: (r.base_id as string | null) ?? null,
    token_hint: (r.token_hint as string | null) ?? null,
    created_at: toNum(r.created_at),
    tokenHash: r.token_hash as string,
  };
}

/** What the API shows of a token: everything except its hash. */
export function presentApiToken(t: ApiTokenRecord): ApiTokenMeta {
  const { tokenHash: _hash, ...shown } = t;
  return shown;
}

/** Which tokens a list is about: a user's own (org-level) tokens, or the tokens of one base. */
export type ApiTokenScope = { userId: string; baseId?: undefined } | { baseId: string; userId?: undefined };

export class ApiTokensRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async insert(t: {
    userId: string;
    baseId: string | null;
    description: string | null;
    tokenHash: string;
    tokenHint: string;
  }): Promise<ApiTokenRecord> {
    const id = newId('apiToken');
    await this.db('rb_api_tokens').insert({
      id,
      user_id: t.userId,
      base_id: t.baseId,
      description: t.description,
      token_hash: t.tokenHash,
      token_hint: t.tokenHint,
      created_at: Date.now(),
    });
    this.changes.publish({ type: 'token.changed', action: 'created', tokenId: id, userId: t.userId });
    return (await this.byId(id))!;
  }

  async byId(id: string): Promise<ApiTokenRecord | undefined> {
    const r = await this.db('rb_api_tokens').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async byHash(tokenHash: string): Promise<ApiTokenRecord | undefined> {
    const r = await this.db('rb_api_tokens').where({ token_hash: tokenHash }).first();
    return r ? fromRow(r) : undefined;
  }

  async list(
    scope: ApiTokenScope,
    page: { limit: number; offset: number },
  ): Promise<{ tokens: ApiTokenRecord[]; total: number }> {
    const filtered = () => {
      const q = this.db('rb_api_tokens');
      if (scope.baseId !== undefined) q.where({ base_id: scope.baseId });
      else q.where({ user_id: scope.userId }).whereNull('base_id');
      return q;
    };
    const { rows, total } = await pageAndTotal(filtered, {
      ...page,
      order: [{ column: 'created_at' }, { column: 'id' }],
    });
    return { tokens: rows.map(fromRow), total };
  }

  /** Deletes a token; returns false when there was none. */
  async delete(id: string): Promise<boolean> {
    const token = await this.byId(id);
    if (!token) return false;
    const gone = (await this.db('rb_api_tokens').where({ id }).delete()) > 0;
    if (gone)
      this.changes.publish({
        type: 'token.changed',
        action: 'deleted',
        tokenId: id,
        userId: token.fk_user_id,
      });
    return gone;
  }
}
