/**
 * API tokens (`xc-token`): random secrets shown once, stored as SHA-256 hashes. Lookups go through the
 * access cache, which the change feed clears of a deleted token when the deletion commits, so a deleted
 * token stops working at once.
 */
import { randomBytes } from 'node:crypto';
import type { CreatedApiToken } from '@rowbase/core/api/tokens';
import { parseRoles } from '@rowbase/core/permissions/roles';
import type { AppContext } from '../../context.js';
import type { Principal } from '../../http/principal.js';
import { presentApiToken } from '../../meta/repos/api-tokens.js';
import { sha256 } from './sessions.js';

/** Creates a token for a user, org-level (`baseId` null) or limited to one base. */
export async function createApiToken(
  ctx: AppContext,
  opts: { userId: string; baseId: string | null; description: string | undefined },
): Promise<CreatedApiToken> {
  // 30 random bytes -> 40 URL-safe characters, the length NocoDB tokens have.
  const token = randomBytes(30).toString('base64url');
  const record = await ctx.apiTokens.insert({
    userId: opts.userId,
    baseId: opts.baseId,
    description: opts.description || null,
    tokenHash: sha256(token),
    tokenHint: token.slice(-4),
  });
  return { ...presentApiToken(record), token };
}

/** The principal an `xc-token` header stands for, or null for an unknown token or a blocked owner. */
export async function resolveApiToken(ctx: AppContext, token: string): Promise<Principal | null> {
  const record = await ctx.access.tokenByHash(sha256(token));
  if (!record) return null;
  const user = await ctx.access.user(record.fk_user_id);
  if (!user || user.blocked) return null;
  return {
    user,
    roles: parseRoles(user.roles),
    via: 'api-token',
    tokenBaseId: record.base_id,
  };
}
