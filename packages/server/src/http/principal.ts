/**
 * Who is calling: resolved once per request from `xc-auth` (JWT) or `xc-token` (API token) by one hook,
 * before any route runs. Routes ask with `requireUser(req)`; permission checks go through `authorize`.
 */
import { unauthorized } from '@rowbase/core/errors';
import { parseRoles, type RoleMap } from '@rowbase/core/permissions/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { User } from '../meta/repos/users.js';
import { resolveApiToken } from '../services/auth/api-tokens.js';

export interface Principal {
  user: User;
  /** Org roles of the user. */
  roles: RoleMap;
  /** How the caller proved who they are. */
  via: 'jwt' | 'api-token';
  /** For an API token scoped to one base. */
  tokenBaseId?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** Set when a credential was sent but refused; routes needing a user answer 401 with it. */
    authFailure: string | null;
  }
}

/** A hook that can resolve an API token (`xc-token`) to a principal; the API-token service plugs in here. */
export type ApiTokenResolver = (token: string) => Promise<Principal | null>;

export function registerPrincipal(
  app: FastifyInstance,
  ctx: AppContext,
  resolvers: { apiToken?: ApiTokenResolver } = {},
): void {
  // Users and API tokens come from the access cache; the change feed retires a deleted token or a changed
  // user when the change commits, so it takes effect on the next request.
  const apiTokenResolver = resolvers.apiToken ?? ((token: string) => resolveApiToken(ctx, token));
  app.decorateRequest('principal', null);
  app.decorateRequest('authFailure', null);
  app.addHook('onRequest', async (req) => {
    const jwt = headerValue(req, 'xc-auth') ?? bearer(req);
    const apiToken = headerValue(req, 'xc-token');
    if (jwt) {
      const claims = await ctx.jwt.verify(jwt);
      const user = claims ? await ctx.access.user(claims.id) : undefined;
      if (!claims || !user || user.blocked || user.tokenVersion !== claims.token_version) {
        req.authFailure = 'Invalid token';
        return;
      }
      req.principal = { user, roles: parseRoles(user.roles), via: 'jwt' };
      return;
    }
    if (apiToken) {
      const principal = await apiTokenResolver(apiToken);
      if (!principal) {
        req.authFailure = 'Invalid token';
        return;
      }
      req.principal = principal;
    }
  });
}

/** The signed-in caller, or a 401. */
export function requireUser(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized(req.authFailure ?? 'Authentication required');
  return req.principal;
}

function headerValue(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : undefined;
}

function bearer(req: FastifyRequest): string | undefined {
  const h = headerValue(req, 'authorization');
  return h?.toLowerCase().startsWith('bearer ') ? h.slice(7).trim() : undefined;
}
