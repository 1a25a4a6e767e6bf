/**
 * The one place meta routes check base permissions: org roles from the principal, the base role from
 * rb_base_users, decided by core `can()`. Swappable for the auth issue's `authorize()` in one edit.
 */
import { forbidden, notFound } from '@rowbase/core/errors';
import type { Permission } from '@rowbase/core/permissions/matrix';
import { can, canAccessBase, type HeldRoles } from '@rowbase/core/permissions/can';
import type { RoleMap } from '@rowbase/core/permissions/roles';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import { requireUser, type Principal } from './principal.js';

export const NO_BASE_ACCESS = "You don't have enough permission to access the base.";

export interface BaseAccess {
  principal: Principal;
  base: BaseRecord;
  held: HeldRoles;
}

/** The roles a principal holds in a base (org roles plus its base role). */
export async function heldRolesIn(ctx: AppContext, principal: Principal, baseId: string): Promise<HeldRoles> {
  const baseRole = await ctx.bases.roleOf(baseId, principal.user.id);
  const base: RoleMap = baseRole ? { [baseRole]: true } : {};
  return { org: principal.roles, base };
}

/**
 * Resolves the base and checks that the caller may see it and, when given, holds the permission.
 * Unknown bases and bases the caller cannot see are both 404/403 without leaking which.
 */
export async function requireBaseAccess(
  ctx: AppContext,
  req: FastifyRequest,
  baseId: string,
  permission?: Permission,
): Promise<BaseAccess> {
  const principal = requireUser(req);
  if (principal.tokenBaseId && principal.tokenBaseId !== baseId) throw forbidden(NO_BASE_ACCESS);
  const base = await ctx.bases.byId(baseId);
  if (!base) throw notFound(`Base '${baseId}' not found`);
  const held = await heldRolesIn(ctx, principal, baseId);
  if (!canAccessBase(held)) throw forbidden(NO_BASE_ACCESS);
  if (permission && !can(held, permission)) {
    throw forbidden(`You don't have permission to perform '${permission}' in this base`);
  }
  return { principal, base, held };
}

/** Org-level check (e.g. creating a base). */
export function requireOrgPermission(req: FastifyRequest, permission: Permission): Principal {
  const principal = requireUser(req);
  if (!can({ org: principal.roles }, permission)) {
    throw forbidden(`You don't have permission to perform '${permission}'`);
  }
  return principal;
}

/** Whether the caller sees every base (super admin) rather than only those they belong to. */
export const seesAllBases = (principal: Principal) => principal.roles.super === true;

/** Table-level routes: the table's base decides. */
export async function requireTableAccess(
  ctx: AppContext,
  req: FastifyRequest,
  tableId: string,
  permission?: Permission,
) {
  const table = await ctx.tables.byId(tableId);
  if (!table) throw notFound(`Table '${tableId}' not found`);
  const access = await requireBaseAccess(ctx, req, table.base_id, permission);
  return { ...access, table };
}

/** Column-level routes: the column's base decides. */
export async function requireColumnAccess(
  ctx: AppContext,
  req: FastifyRequest,
  columnId: string,
  permission?: Permission,
) {
  const column = await ctx.columns.byId(columnId);
  if (!column) throw notFound(`Column '${columnId}' not found`);
  const access = await requireBaseAccess(ctx, req, column.base_id!, permission);
  return { ...access, column };
}
