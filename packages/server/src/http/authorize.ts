/**
 * The authorization step of every route: who is calling (principal), which roles they hold here (org roles,
 * plus their base roles when the route is about a base), narrowed by preview-as, checked with core `can()`.
 *
 * A route calls it in one line after validating its input:
 * @example
 * app.post('/api/v1/db/meta/projects/:baseId/tables', async (req) => {
 *   const { baseId } = req.params as { baseId: string };
 *   const body = parseWith(createTableBody, req.body);
 *   const { principal } = await authorize(ctx, req, 'tableCreate', { baseId });
 *   return createTable(ctx, principal.user, baseId, body);
 * });
 *
 * Outcomes: 401 without a valid credential; 404 'Base not found' for an unknown base; 403 for a guest or
 * no-access user on the base, for a base-level API token used elsewhere, and for a role lacking the permission.
 */
import { badRequest, forbidden, notFound } from '@rowbase/core/errors';
import { can, canAccessBase, effectiveBaseRole, type HeldRoles } from '@rowbase/core/permissions/can';
import { BASE_ROLE_LADDER, type Permission } from '@rowbase/core/permissions/matrix';
import {
  BASE_ROLES,
  OrgRole,
  WORKSPACE_ROLES,
  baseRoleOfWorkspaceRole,
  parseRoles,
  type BaseRole,
  type RoleMap,
  type WorkspaceRole,
} from '@rowbase/core/permissions/roles';
import type { FastifyRequest } from 'fastify';
import type { AccessCache } from './access-cache.js';
import { requireUser, type Principal } from './principal.js';
import { sharedBaseHeldRoles } from '../services/shares/shared-base-principal.js';

/** The header the web sends while a user previews the app as a lower role (docs/behaviour/roles.md preview-as). */
export const PREVIEW_HEADER = 'xc-preview';

/** What authorizing reads: the access cache (users, tokens, bases and base roles); the app context has it. */
export interface AuthorizeDeps {
  access: Pick<AccessCache, 'baseExists' | 'baseRole'>;
}

export interface Authorized {
  principal: Principal;
  /** The roles the check used: org roles and, for a base, base roles (after preview-as). */
  held: HeldRoles;
}

/**
 * Passes when the caller holds `permission` (in the base `baseId`, when given); throws 401/403/404 otherwise.
 * See the module comment for an example.
 */
export async function authorize(
  ctx: AuthorizeDeps,
  req: FastifyRequest,
  permission: Permission,
  opts: { baseId?: string } = {},
): Promise<Authorized> {
  const authorized = opts.baseId
    ? await authorizeBaseAccess(ctx, req, opts.baseId)
    : { principal: orgLevelPrincipal(req), held: { org: previewedOrgRoles(req) } };
  if (!can(authorized.held, permission)) {
    throw forbidden(`You are not allowed to do this: ${permission} needs a higher role`);
  }
  return authorized;
}

/**
 * Passes when the caller may enter the base at all (any role but guest / no-access; a super admin always).
 * Use it for reads that every member of a base may do.
 * @example const { held } = await authorizeBaseAccess(ctx, req, baseId);
 */
export async function authorizeBaseAccess(
  ctx: AuthorizeDeps,
  req: FastifyRequest,
  baseId: string,
): Promise<Authorized> {
  const principal = requireUser(req);
  if (principal.tokenBaseId && principal.tokenBaseId !== baseId) {
    throw forbidden('This API token is limited to another base');
  }
  if (!(await ctx.access.baseExists(baseId))) throw notFound('Base not found');
  const sharedBaseHeld = sharedBaseHeldRoles(principal, baseId);
  if (sharedBaseHeld) return { principal, held: sharedBaseHeld };
  const held = applyPreview(req, {
    org: principal.roles,
    base: parseRoles(await ctx.access.baseRole(baseId, principal.user.id)),
  });
  if (!canAccessBase(held)) throw forbidden('You do not have access to this base');
  return { principal, held };
}

/**
 * The caller when they are a super admin (and not previewing a lower role); 403 otherwise.
 * @example requireSuperAdmin(req); // first line of an organisation-management route
 */
export function requireSuperAdmin(req: FastifyRequest): Principal {
  const principal = orgLevelPrincipal(req);
  if (!previewedOrgRoles(req)[OrgRole.SUPER]) throw forbidden('Only a super admin can do this');
  return principal;
}

/** The caller of an organisation-level route; a token limited to one base cannot reach those. */
function orgLevelPrincipal(req: FastifyRequest): Principal {
  const principal = requireUser(req);
  if (principal.tokenBaseId) throw forbidden('This API token is limited to one base');
  return principal;
}

function previewedOrgRoles(req: FastifyRequest): RoleMap {
  return applyPreview(req, { org: requireUser(req).roles }).org ?? {};
}

const ORG_RANK: Record<string, number> = { [OrgRole.VIEWER]: 0, [OrgRole.CREATOR]: 1, [OrgRole.SUPER]: 2 };
// A super admin outranks every base role.
const SUPER_BASE_RANK = BASE_ROLE_LADDER.length;

/**
 * Narrows the held roles to the previewed one. Only a LOWER role can be previewed: a base role below the
 * caller's role in the base, or an org role below the caller's org role. While previewing a base role the
 * caller also loses their org privileges and keeps those of a plain org-level viewer.
 */
export function applyPreview(req: FastifyRequest, held: HeldRoles): HeldRoles {
  const raw = req.headers[PREVIEW_HEADER];
  const preview = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!preview) return held;
  const org = held.org ?? {};
  const previewBase = baseRoleOfPreview(preview);
  if (previewBase) {
    // Outside a base, previewing a base role only takes org privileges away: nothing to check.
    if (!held.base) return { org: { [OrgRole.VIEWER]: true } };
    const ownBase = effectiveBaseRole(held.base);
    const ownRank = org[OrgRole.SUPER] ? SUPER_BASE_RANK : ownBase ? baseRank(ownBase) : -1;
    if (baseRank(previewBase) >= ownRank)
      throw forbidden(`You cannot preview as ${preview}: it is not below your role`);
    return { org: { [OrgRole.VIEWER]: true }, base: { [previewBase]: true } };
  }
  if (preview in ORG_RANK) {
    const ownRank = Math.max(
      -1,
      ...Object.keys(org)
        .filter((r) => org[r as OrgRole])
        .map((r) => ORG_RANK[r] ?? -1),
    );
    if (ORG_RANK[preview]! >= ownRank)
      throw forbidden(`You cannot preview as ${preview}: it is not below your role`);
    return { org: { [preview as OrgRole]: true }, base: held.base };
  }
  throw badRequest(`${PREVIEW_HEADER}: unknown role "${preview}"`);
}

function baseRoleOfPreview(role: string): BaseRole | undefined {
  if ((BASE_ROLES as readonly string[]).includes(role)) return role as BaseRole;
  if ((WORKSPACE_ROLES as readonly string[]).includes(role))
    return baseRoleOfWorkspaceRole(role as WorkspaceRole);
  return undefined;
}

function baseRank(role: BaseRole): number {
  return BASE_ROLE_LADDER.indexOf(
    role === 'no-access' ? 'NO_ACCESS' : (role.toUpperCase() as (typeof BASE_ROLE_LADDER)[number]),
  );
}
