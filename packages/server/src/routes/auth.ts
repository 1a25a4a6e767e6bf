/** Sign-up, sign-in, refresh, sign-out and the current user (docs/api-compatibility.md Auth). */
import { signinBody, signupBody, type MeReply, type TokenReply } from '@rowbase/core/api/auth';
import { unauthorized } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { limitAttempts, limitFailures } from '../http/rate-limit.js';
import { parseWith } from '../http/validate.js';
import { siteUrlOf } from '../mail/messages.js';
import { sendEmailVerification } from '../services/auth/credentials.js';
import {
  REFRESH_TOKEN_TTL_MS,
  refresh,
  signIn,
  signOut,
  signUp,
  type IssuedSession,
} from '../services/auth/sessions.js';

export const REFRESH_COOKIE = 'refresh_token';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/auth/user/signup', async (req, reply) => {
    const body = parseWith(signupBody, req.body);
    await limitAttempts(ctx, req, reply, 'signup', body.email);
    const session = await signUp(ctx, body);
    await sendEmailVerification(ctx, session.user, siteUrlOf(ctx.config.publicUrl, req));
    return sendSession(reply, ctx, session);
  });

  app.post('/api/v1/auth/user/signin', async (req, reply) => {
    const body = parseWith(signinBody, req.body);
    // Only failures count, so someone who types their password right is never slowed down.
    const failed = await limitFailures(ctx, req, reply, 'signin', body.email);
    let session: IssuedSession;
    try {
      session = await signIn(ctx, body.email, body.password);
    } catch (err) {
      await failed();
      throw err;
    }
    return sendSession(reply, ctx, session);
  });

  app.post('/api/v1/auth/token/refresh', async (req, reply) => {
    try {
      return sendSession(reply, ctx, await refresh(ctx, req.cookies[REFRESH_COOKIE]));
    } catch (err) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/' });
      throw err;
    }
  });

  app.post('/api/v1/auth/user/signout', async (req, reply) => {
    await signOut(ctx, req.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
    return { msg: 'Signed out successfully' };
  });

  app.get('/api/v1/auth/user/me', async (req): Promise<MeReply> => {
    const p = req.principal;
    // A refused token is a 401 (so the client refreshes and retries), not a silent guest.
    if (!p && req.authFailure) throw unauthorized(req.authFailure);
    if (!p) return { roles: { guest: true } };
    const u = p.user;
    const reply: MeReply = {
      id: u.id,
      email: u.email,
      firstname: u.firstname,
      lastname: u.lastname,
      display_name: u.displayName,
      email_verified: u.emailVerified,
      roles: { ...p.roles },
    };
    const baseId = (req.query as { base_id?: string }).base_id;
    if (baseId) {
      const row = await ctx.db('rb_base_users').where({ base_id: baseId, user_id: u.id }).first();
      const baseRoles: Record<string, boolean> = {};
      if (row) for (const r of String(row.roles).split(',')) if (r) baseRoles[r] = true;
      reply.base_roles = { ...baseRoles, base_id: baseId } as MeReply['base_roles'];
    }
    return reply;
  });
}

/** Answers `{ token }` and sets the httpOnly refresh cookie of a new session. */
export function sendSession(reply: FastifyReply, ctx: AppContext, session: IssuedSession): TokenReply {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: ctx.config.publicUrl?.startsWith('https://') ?? false,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
  return { token: session.token };
}
