/**
 * The permission check of every view, filter, sort and share route: the caller must hold a role in the
 * view's base (or be super admin), and the role must grant the permission (SPEC §6 matrix).
 */
import { forbidden } from '@rowbase/core/errors';
import { can, canAccessBase, type HeldRoles } from '@rowbase/core/permissions/can';
import type { Permission } from '@rowbase/core/permissions/matrix';
import { parseRoles } from '@rowbase/core/permissions/roles';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireUser, type Principal } from '../../http/principal.js';

/** Org roles of the caller plus its roles in the base. */
export async function heldRolesIn(ctx: AppContext, p: Principal, baseId: string): Promise<HeldRoles> {
  const row = await ctx.db('rb_base_users').where({ base_id: baseId, user_id: p.user.id }).first();
  return { org: p.roles, base: parseRoles(row?.roles as string | undefined) };
}

/**
 * The caller, if it may reach the base and (when given) holds the permission; otherwise 401 / 403.
 * @example await requireBasePermission(ctx, req, view.base_id, 'viewCreateOrEdit')
 */
export async function requireBasePermission(
  ctx: AppContext,
  req: FastifyRequest,
  baseId: string,
  permission?: Permission,
): Promise<Principal> {
  const p = requireUser(req);
  if (p.tokenBaseId && p.tokenBaseId !== baseId) throw forbidden('This token cannot access this base');
  const held = await heldRolesIn(ctx, p, baseId);
  if (!canAccessBase(held)) throw forbidden("You don't have enough permission to access the base.");
  if (permission && !can(held, permission)) throw forbidden(`You don't have the permission: ${permission}`);
  return p;
}
