/**
 * API tokens: a user's own tokens (`/api/v1/tokens`) and the tokens of a base
 * (`/api/v1/db/meta/projects/{baseId}/api-tokens`, for the base's creators and owners).
 */
import type { ListReply } from '@rowbase/core/api/meta';
import { createApiTokenBody, type ApiTokenMeta, type CreatedApiToken } from '@rowbase/core/api/tokens';
import { pageInfoOf, pageQuery } from '@rowbase/core/api/users';
import { forbidden, notFound } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authorize } from '../http/authorize.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import { presentApiToken, type ApiTokenScope } from '../meta/repos/api-tokens.js';
import type { User } from '../meta/repos/users.js';
import { createApiToken } from '../services/auth/api-tokens.js';

/** Managing base tokens is a base-settings action: creators and owners (docs/behaviour/roles.md settingsPage). */
const BASE_TOKENS_PERMISSION = 'settingsPage';

export function tokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/tokens', async (req) => {
    const user = ownTokensCaller(req);
    return listTokens(ctx, { userId: user.id }, req.query);
  });

  app.post('/api/v1/tokens', async (req): Promise<CreatedApiToken> => {
    const user = ownTokensCaller(req);
    const body = parseWith(createApiTokenBody, req.body);
    return createApiToken(ctx, { userId: user.id, baseId: null, description: body.description });
  });

  app.delete('/api/v1/tokens/:id', async (req) => {
    const user = ownTokensCaller(req);
    const token = await ctx.apiTokens.byId((req.params as { id: string }).id);
    if (!token || token.fk_user_id !== user.id || token.base_id !== null) throw notFound('Token not found');
    await ctx.apiTokens.delete(token.id);
    return { msg: 'Token has been deleted successfully' };
  });

  app.get('/api/v1/db/meta/projects/:baseId/api-tokens', async (req) => {
    const { baseId } = req.params as { baseId: string };
    await authorize(ctx, req, BASE_TOKENS_PERMISSION, { baseId });
    return listTokens(ctx, { baseId }, req.query);
  });

  app.post('/api/v1/db/meta/projects/:baseId/api-tokens', async (req): Promise<CreatedApiToken> => {
    const { baseId } = req.params as { baseId: string };
    const body = parseWith(createApiTokenBody, req.body);
    const { principal } = await authorize(ctx, req, BASE_TOKENS_PERMISSION, { baseId });
    return createApiToken(ctx, { userId: principal.user.id, baseId, description: body.description });
  });

  app.delete('/api/v1/db/meta/projects/:baseId/api-tokens/:tokenId', async (req) => {
    const { baseId, tokenId } = req.params as { baseId: string; tokenId: string };
    await authorize(ctx, req, BASE_TOKENS_PERMISSION, { baseId });
    const token = await ctx.apiTokens.byId(tokenId);
    if (!token || token.base_id !== baseId) throw notFound('Token not found');
    await ctx.apiTokens.delete(token.id);
    return { msg: 'Token has been deleted successfully' };
  });
}

/** A token limited to one base must not mint org-level tokens for its owner. */
function ownTokensCaller(req: FastifyRequest): User {
  const principal = requireUser(req);
  if (principal.tokenBaseId) throw forbidden('This API token is limited to one base');
  return principal.user;
}

async function listTokens(
  ctx: AppContext,
  scope: ApiTokenScope,
  query: unknown,
): Promise<ListReply<ApiTokenMeta>> {
  const { limit, offset } = parseWith(pageQuery, query);
  const { tokens, total } = await ctx.apiTokens.list(scope, { limit, offset });
  return { list: tokens.map(presentApiToken), pageInfo: pageInfoOf(total, limit, offset) };
}
