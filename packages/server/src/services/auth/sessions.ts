/**
 * Sessions: sign-up, sign-in, refresh-token rotation and sign-out. Refresh tokens are random, kept only as
 * SHA-256 hashes, single-use (rotated on every refresh) and revoked all at once on a password change.
 */
import { createHash, randomBytes } from 'node:crypto';
import { badRequest, forbidden, unauthorized } from '@rowbase/core/errors';
import type { SignupBody } from '@rowbase/core/api/auth';
import { OrgRole } from '@rowbase/core/permissions/roles';
import type { AppContext } from '../../context.js';
import { newId } from '../../meta/ids.js';
import type { User } from '../../meta/repos/users.js';
import { hashPassword, verifyPassword } from './passwords.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: User;
}

export async function issueAccessToken(ctx: AppContext, user: User): Promise<string> {
  return ctx.jwt.sign({
    id: user.id,
    email: user.email,
    roles: user.roles,
    token_version: user.tokenVersion,
  });
}

/** Starts a session: a new refresh token (stored hashed) and an access token. */
export async function issueSession(ctx: AppContext, user: User): Promise<IssuedSession> {
  const refreshToken = randomBytes(32).toString('base64url');
  const now = Date.now();
  await ctx.db('rb_refresh_tokens').insert({
    id: newId('refreshToken'),
    user_id: user.id,
    token_hash: sha256(refreshToken),
    expires_at: now + REFRESH_TOKEN_TTL_MS,
    created_at: now,
  });
  return { token: await issueAccessToken(ctx, user), refreshToken, user };
}

/**
 * The first user becomes super admin. Later sign-ups need an invite when invite-only sign-up is on, and
 * otherwise become org-level viewers (the safe default); an invite fixes the role chosen by the inviter.
 */
export async function signUp(ctx: AppContext, body: SignupBody): Promise<IssuedSession> {
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (trx) => {
    const existing = await ctx.users.byEmail(body.email, trx);
    const isFirst = (await ctx.users.count(trx)) === 0;
    const names = {
      firstname: body.firstname ?? null,
      lastname: body.lastname ?? null,
      displayName: [body.firstname, body.lastname].filter(Boolean).join(' ') || null,
    };
    if (existing) {
      const via = await invitedSignupRoute(ctx, existing, body.token, trx);
      await ctx.users.update(
        existing.id,
        {
          passwordHash,
          inviteToken: null,
          inviteTokenExpires: null,
          // Only the invitation link proves the mailbox; a sign-up by address alone still has to verify it.
          emailVerified: via === 'link',
          ...names,
        },
        trx,
      );
      return (await ctx.users.byId(existing.id, trx))!;
    }
    if (!isFirst && (await isInviteOnly(ctx, trx))) {
      throw forbidden('Not allowed to signup, contact super admin.');
    }
    return ctx.users.insert(
      { email: body.email, passwordHash, roles: isFirst ? OrgRole.SUPER : OrgRole.VIEWER, ...names },
      trx,
    );
  });
  return issueSession(ctx, user);
}

/**
 * How an existing account may be completed by a sign-up: an invited account that never set a password can be
 * taken over with its invitation link, or, when anyone may sign up, with the address alone as long as the
 * invitation grants no more than an open sign-up would (an org-level viewer). Anything else is refused.
 */
async function invitedSignupRoute(
  ctx: AppContext,
  existing: User,
  token: string | undefined,
  trx: Parameters<typeof isInviteOnly>[1],
): Promise<'link' | 'address'> {
  if (existing.passwordHash || !existing.inviteToken) throw badRequest('User already exist');
  if (token) {
    if (existing.inviteToken !== sha256(token)) throw badRequest('This invitation link is not valid');
    if ((existing.inviteTokenExpires ?? 0) < Date.now()) {
      throw badRequest('This invitation link has expired: ask for a new invitation');
    }
    return 'link';
  }
  const plainRole = existing.roles === OrgRole.VIEWER;
  if (!plainRole || (await isInviteOnly(ctx, trx))) {
    throw badRequest('This e-mail address was invited: open the link in the invitation to sign up');
  }
  return 'address';
}

export async function isInviteOnly(ctx: AppContext, trx = ctx.db): Promise<boolean> {
  if (ctx.config.inviteOnlySignup) return true;
  const row = await trx('rb_app_settings').where({ key: 'invite_only_signup' }).first();
  return row?.value === 'true';
}

export async function signIn(ctx: AppContext, email: string, password: string): Promise<IssuedSession> {
  const user = await ctx.users.byEmail(email);
  // Verify even for unknown e-mails so timing does not tell which addresses exist.
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  // Audited, failures included (docs/audit.md "Sign-ins and passwords").
  const activity = (what: 'signin' | 'signin-failed') =>
    ctx.changes.publish({
      type: 'auth.activity',
      activity: what,
      email: user?.email ?? email,
      userId: user?.id ?? null,
    });
  if (!user || !ok || !user.passwordHash) {
    activity('signin-failed');
    throw badRequest('Invalid credentials');
  }
  if (user.blocked) {
    activity('signin-failed');
    throw unauthorized('User is blocked');
  }
  const session = await issueSession(ctx, user);
  activity('signin');
  return session;
}

/** Exchanges a refresh token for a new access token and a new refresh token; the old one dies. */
export async function refresh(ctx: AppContext, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken) throw unauthorized('Missing refresh token');
  const hash = sha256(refreshToken);
  const user = await ctx.db.transaction(async (trx) => {
    const row = await trx('rb_refresh_tokens').where({ token_hash: hash }).first();
    if (!row) return undefined;
    await trx('rb_refresh_tokens').where({ id: row.id }).delete();
    if (Number(row.expires_at) < Date.now()) return undefined;
    return ctx.users.byId(row.user_id as string, trx);
  });
  if (!user || user.blocked) throw unauthorized('Invalid refresh token');
  return issueSession(ctx, user);
}

export async function signOut(ctx: AppContext, refreshToken: string | undefined): Promise<void> {
  if (refreshToken)
    await ctx
      .db('rb_refresh_tokens')
      .where({ token_hash: sha256(refreshToken) })
      .delete();
}

/** Ends every session of a user: refresh tokens go, and JWTs issued before now stop verifying. */
export async function revokeAllSessions(
  ctx: AppContext,
  user: Pick<User, 'id'>,
  trx = ctx.db,
): Promise<void> {
  await trx('rb_refresh_tokens').where({ user_id: user.id }).delete();
  // Incremented in SQL, so two revocations racing each other both take effect.
  await trx('rb_users').where({ id: user.id }).increment('token_version', 1);
  ctx.changes.publish({ type: 'user.changed', action: 'updated', userId: user.id }, trx);
}

/** A random secret for a link or token (43 URL-safe characters); store only its `sha256`. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

// A valid argon2id hash of a random string, so unknown e-mails cost the same as wrong passwords.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2bTPvUbTcKKGvH7WXsP8DfVgs0w3OjnHcTeUZbxNRrE';
