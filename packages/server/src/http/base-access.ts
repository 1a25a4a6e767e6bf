/**
 * Base/table/column access for the meta routes, on top of the auth issue's `authorize()` (org roles, base
 * roles, preview-as, base-scoped API tokens): resolves the entity and its base in the same step.
 */
import { notFound } from '@rowbase/core/errors';
import type { HeldRoles } from '@rowbase/core/permissions/can';
import type { Permission } from '@rowbase/core/permissions/matrix';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import { authorize, authorizeBaseAccess, type AuthorizeDeps } from './authorize.js';
import type { Principal } from './principal.js';

/** What the access checks read: the access cache, and the repositories that find a base, table or column. */
export type BaseAccessDeps = AuthorizeDeps & Pick<AppContext, 'bases' | 'tables' | 'columns'>;

export interface BaseAccess {
  principal: Principal;
  base: BaseRecord;
  held: HeldRoles;
}

/**
 * The base, once the caller may enter it and (when given) holds the permission there; 401/403/404 otherwise.
 * @example const { base } = await requireBaseAccess(ctx, req, baseId, 'tableCreate');
 */
export async function requireBaseAccess(
  ctx: BaseAccessDeps,
  req: FastifyRequest,
  baseId: string,
  permission?: Permission,
): Promise<BaseAccess> {
  const { principal, held } = permission
    ? await authorize(ctx, req, permission, { baseId })
    : await authorizeBaseAccess(ctx, req, baseId);
  const base = await ctx.bases.byId(baseId);
  if (!base) throw notFound('Base not found');
  return { principal, base, held };
}

/** Org-level check (e.g. creating a base). */
export async function requireOrgPermission(
  ctx: BaseAccessDeps,
  req: FastifyRequest,
  permission: Permission,
): Promise<Principal> {
  return (await authorize(ctx, req, permission)).principal;
}

/** Table-level routes: the table's base decides. */
export async function requireTableAccess(
  ctx: BaseAccessDeps,
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
  ctx: BaseAccessDeps,
  req: FastifyRequest,
  columnId: string,
  permission?: Permission,
) {
  const column = await ctx.columns.byId(columnId);
  if (!column) throw notFound(`Column '${columnId}' not found`);
  const access = await requireBaseAccess(ctx, req, column.base_id!, permission);
  return { ...access, column };
}
