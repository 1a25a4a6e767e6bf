/**
 * Sign-in with OpenID Connect, Google and GitHub: `GET /api/v1/auth/{provider}` sends the browser to the provider;
 * the provider sends it back to the web app, which posts the query string to
 * `POST /api/v1/auth/{provider}/genTokenByCode` and gets `{ data: { token, extra } }` plus the refresh cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { siteUrlOf } from '../mail/messages.js';
import type { SsoProviderId } from '../services/auth/sso/sso-config.js';
import {
  SSO_FLOW_TTL_MS,
  finishSignIn,
  providerOf,
  startSignIn,
  type SsoFlow,
} from '../services/auth/sso/sso-sign-in.js';
import { sendSession } from './auth.js';

const FLOW_COOKIE = 'rb_sso';
const COOKIE_PATH = '/api/v1/auth/';
const PROVIDERS: SsoProviderId[] = ['oidc', 'google', 'github'];

export function authSsoRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const id of PROVIDERS) {
    app.get(`/api/v1/auth/${id}`, async (req, reply) => {
      const provider = providerOf(ctx, id);
      const next = (req.query as { continueAfterSignIn?: unknown }).continueAfterSignIn;
      const { url, flow } = await startSignIn(
        provider,
        siteUrlOf(ctx.config.publicUrl, req),
        typeof next === 'string' && next.startsWith('/') ? next.slice(0, 2000) : undefined,
      );
      reply.setCookie(FLOW_COOKIE, ctx.secrets.seal(flow), {
        httpOnly: true,
        sameSite: 'lax',
        path: COOKIE_PATH,
        secure: ctx.config.publicUrl?.startsWith('https://') ?? false,
        maxAge: Math.floor(SSO_FLOW_TTL_MS / 1000),
      });
      return reply.redirect(url, 302);
    });

    app.post(`/api/v1/auth/${id}/genTokenByCode`, async (req, reply) => {
      const provider = providerOf(ctx, id);
      const flow = flowOf(ctx, req);
      // One code exchange per started sign-in, whatever its outcome.
      reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH });
      const search = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      const session = await finishSignIn(ctx, provider, flow, siteUrlOf(ctx.config.publicUrl, req), search);
      const { token } = sendSession(reply as FastifyReply, ctx, session);
      const extra = flow?.continueAfterSignIn ? { continueAfterSignIn: flow.continueAfterSignIn } : {};
      return { token, data: { token, extra } };
    });
  }
}

function flowOf(ctx: AppContext, req: FastifyRequest): SsoFlow | undefined {
  const sealed = req.cookies[FLOW_COOKIE];
  if (!sealed) return undefined;
  try {
    return ctx.secrets.open<SsoFlow>(sealed);
  } catch {
    return undefined;
  }
}
