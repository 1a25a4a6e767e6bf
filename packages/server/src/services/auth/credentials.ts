/**
 * Password forgot / reset / change and e-mail verification. Every link token is random, mailed once and kept
 * only as a SHA-256 hash; a reset or a change ends every session of the user (refresh tokens and JWTs).
 */
import { badRequest, forbidden } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { emailVerificationMail, passwordResetMail } from '../../mail/messages.js';
import type { User } from '../../meta/repos/users.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { issueSession, newSecret, revokeAllSessions, sha256, type IssuedSession } from './sessions.js';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export const FORGOT_PASSWORD_REPLY = { msg: 'Please check your email to reset the password' } as const;

/**
 * Mails a reset link when the address belongs to an account; says nothing about whether it does.
 * Each request replaces the previous link, so only the newest one works.
 */
export async function forgotPassword(ctx: AppContext, email: string, site: string): Promise<void> {
  const user = await ctx.users.byEmail(email);
  if (!user || user.blocked) return;
  const token = await createResetToken(ctx, user);
  await sendQuietly(ctx, () => ctx.mailer.send(passwordResetMail(site, user.email, token)));
  ctx.changes.publish({
    type: 'auth.activity',
    activity: 'password-forgot',
    email: user.email,
    userId: user.id,
  });
}

/** Stores a new reset token for the user (replacing any older one) and returns it in clear. */
export async function createResetToken(ctx: AppContext, user: Pick<User, 'id'>): Promise<string> {
  const token = newSecret();
  await ctx.users.update(user.id, {
    resetPasswordToken: sha256(token),
    resetPasswordExpires: Date.now() + RESET_TOKEN_TTL_MS,
  });
  return token;
}

/** The user a reset token belongs to, or a 400 saying why the link is no good. */
export async function userOfResetToken(ctx: AppContext, token: string, trx = ctx.db): Promise<User> {
  const user = await ctx.users.byColumn('reset_password_token', sha256(token), trx);
  if (!user) throw badRequest('Invalid reset url');
  if ((user.resetPasswordExpires ?? 0) < Date.now()) throw badRequest('Password reset url expired');
  return user;
}

/** Sets a new password from a reset link. The link works once; every session of the user ends. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  await userOfResetToken(ctx, token);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (trx) => {
    const user = await userOfResetToken(ctx, token, trx);
    // Guarded by the token hash, so two requests racing with one link cannot both succeed.
    const changed = await trx('rb_users')
      .where({ id: user.id, reset_password_token: sha256(token) })
      .update({
        password_hash: passwordHash,
        reset_password_token: null,
        reset_password_expires: null,
        // Whoever reads the mailbox owns the address; an unanswered invite is answered too.
        email_verified: true,
        invite_token: null,
        invite_token_expires: null,
        updated_at: Date.now(),
      });
    if (changed !== 1) throw badRequest('Invalid reset url');
    await revokeAllSessions(ctx, user, trx);
    ctx.changes.publish(
      { type: 'auth.activity', activity: 'password-reset', email: user.email, userId: user.id },
      trx,
    );
  });
}

/**
 * Changes the caller's password after checking the current one. Every session ends, including the caller's
 * own; the caller gets a fresh one back so they stay signed in.
 */
export async function changePassword(
  ctx: AppContext,
  user: User,
  currentPassword: string,
  newPassword: string,
): Promise<IssuedSession> {
  if (!user.passwordHash) throw forbidden('This account has no password yet');
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest('Current password is wrong');
  }
  if (currentPassword === newPassword) {
    throw badRequest('New password must be different from the current one');
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (trx) => {
    await ctx.users.update(
      user.id,
      { passwordHash, resetPasswordToken: null, resetPasswordExpires: null },
      trx,
    );
    await revokeAllSessions(ctx, user, trx);
    ctx.changes.publish(
      { type: 'auth.activity', activity: 'password-change', email: user.email, userId: user.id },
      trx,
    );
  });
  return issueSession(ctx, (await ctx.users.byId(user.id))!);
}

/** Mails a verification link for a user whose address is not verified yet. */
export async function sendEmailVerification(ctx: AppContext, user: User, site: string): Promise<void> {
  if (user.emailVerified) return;
  const token = newSecret();
  await ctx.users.update(user.id, { emailVerificationToken: sha256(token) });
  await sendQuietly(ctx, () => ctx.mailer.send(emailVerificationMail(site, user.email, token)));
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<void> {
  const user = (await ctx
    .db('rb_users')
    .where({ email_verification_token: sha256(token) })
    .first('id')) as { id: string } | undefined;
  if (!user) throw badRequest('Invalid verification url');
  const changed = await ctx
    .db('rb_users')
    .where({ id: user.id, email_verification_token: sha256(token) })
    .update({ email_verified: true, email_verification_token: null, updated_at: Date.now() });
  if (changed !== 1) throw badRequest('Invalid verification url');
  ctx.changes.publish({ type: 'user.changed', action: 'updated', userId: user.id });
}

/** A mail transport failure is logged, never shown: the reply must not differ by whether mail went out. */
async function sendQuietly(ctx: AppContext, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (err) {
    ctx.log.error({ err }, 'sending mail failed');
  }
}
