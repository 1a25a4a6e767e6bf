/** The users table of the meta store. */
import type { Knex } from 'knex';
import { NO_PUBLISHER, type ChangePublisher } from '../../changes/change-feed.js';
import { newId } from '../ids.js';
import { pageAndTotal } from '../page-and-total.js';
import { toBool, toNum, toNumOrNull } from '../rows.js';

export interface User {
  id: string;
  email: string;
  passwordHash: string | null;
  firstname: string | null;
  lastname: string | null;
  displayName: string | null;
  /** Comma-separated org roles as stored, e.g. `super` or `org-level-creator`. */
  roles: string;
  tokenVersion: number;
  emailVerified: boolean;
  emailVerificationToken: string | null;
  inviteToken: string | null;
  inviteTokenExpires: number | null;
  resetPasswordToken: string | null;
  resetPasswordExpires: number | null;
  blocked: boolean;
  createdAt: number;
  updatedAt: number;
}

type Row = Record<string, unknown>;

function fromRow(r: Row): User {
  return {
    id: r.id as string,
    email: r.email as string,
    passwordHash: (r.password_hash as string | null) ?? null,
    firstname: (r.firstname as string | null) ?? null,
    lastname: (r.lastname as string | null) ?? null,
    displayName: (r.display_name as string | null) ?? null,
    roles: r.roles as string,
    tokenVersion: toNum(r.token_version),
    emailVerified: toBool(r.email_verified),
    emailVerificationToken: (r.email_verification_token as string | null) ?? null,
    inviteToken: (r.invite_token as string | null) ?? null,
    inviteTokenExpires: toNumOrNull(r.invite_token_expires),
    resetPasswordToken: (r.reset_password_token as string | null) ?? null,
    resetPasswordExpires: toNumOrNull(r.reset_password_expires),
    blocked: toBool(r.blocked),
    createdAt: toNum(r.created_at),
    updatedAt: toNum(r.updated_at),
  };
}

const COLUMN_OF: Record<keyof Omit<User, 'id' | 'createdAt'>, string> = {
  email: 'email',
  passwordHash: 'password_hash',
  firstname: 'firstname',
  lastname: 'lastname',
  displayName: 'display_name',
  roles: 'roles',
  tokenVersion: 'token_version',
  emailVerified: 'email_verified',
  emailVerificationToken: 'email_verification_token',
  inviteToken: 'invite_token',
  inviteTokenExpires: 'invite_token_expires',
  resetPasswordToken: 'reset_password_token',
  resetPasswordExpires: 'reset_password_expires',
  blocked: 'blocked',
  updatedAt: 'updated_at',
};

export type UserPatch = Partial<Omit<User, 'id' | 'createdAt' | 'updatedAt'>>;

export class UsersRepo {
  constructor(
    private readonly db: Knex,
    private readonly changes: ChangePublisher = NO_PUBLISHER,
  ) {}

  async byId(id: string, trx: Knex = this.db): Promise<User | undefined> {
    const r = await trx('rb_users').where({ id }).first();
    return r ? fromRow(r) : undefined;
  }

  async byEmail(email: string, trx: Knex = this.db): Promise<User | undefined> {
    const r = await trx('rb_users')
      .where({ email: normaliseEmail(email) })
      .first();
    return r ? fromRow(r) : undefined;
  }

  async byColumn(
    column: 'invite_token' | 'reset_password_token' | 'email_verification_token',
    value: string,
    trx: Knex = this.db,
  ): Promise<User | undefined> {
    const r = await trx('rb_users').where(column, value).first();
    return r ? fromRow(r) : undefined;
  }

  async count(trx: Knex = this.db): Promise<number> {
    const r = await trx('rb_users').count<{ n: unknown }[]>({ n: '*' });
    return toNum(r[0]?.n ?? 0);
  }

  async list(opts: {
    limit: number;
    offset: number;
    query?: string;
  }): Promise<{ users: User[]; total: number }> {
    const filtered = () => {
      const q = this.db('rb_users');
      if (opts.query) q.whereILike('email', `%${opts.query}%`);
      return q;
    };
    const { rows, total } = await pageAndTotal(filtered, {
      limit: opts.limit,
      offset: opts.offset,
      order: [{ column: 'created_at' }, { column: 'id' }],
    });
    return { users: rows.map(fromRow), total };
  }

  async insert(user: Pick<User, 'email' | 'roles'> & UserPatch, trx: Knex = this.db): Promise<User> {
    const now = Date.now();
    const id = newId('user');
    const row: Row = { id, created_at: now, updated_at: now };
    for (const [k, v] of Object.entries(user)) {
      row[COLUMN_OF[k as keyof typeof COLUMN_OF]] = k === 'email' ? normaliseEmail(v as string) : v;
    }
    await trx('rb_users').insert(row);
    this.changes.publish({ type: 'user.changed', action: 'created', userId: id }, trx);
    return (await this.byId(id, trx))!;
  }

  async update(id: string, patch: UserPatch, trx: Knex = this.db): Promise<void> {
    const row: Row = { updated_at: Date.now() };
    for (const [k, v] of Object.entries(patch)) row[COLUMN_OF[k as keyof typeof COLUMN_OF]] = v;
    await trx('rb_users').where({ id }).update(row);
    this.changes.publish({ type: 'user.changed', action: 'updated', userId: id }, trx);
    if (patch.roles !== undefined)
      this.changes.publish({ type: 'role.changed', userId: id, baseId: null }, trx);
  }

  async delete(id: string, trx: Knex = this.db): Promise<void> {
    await trx('rb_users').where({ id }).delete();
    this.changes.publish({ type: 'user.changed', action: 'deleted', userId: id }, trx);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
