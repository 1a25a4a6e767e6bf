/**
 * `can()`: does a set of held roles (org and base) grant a permission? Used by the server to enforce and by
 * the web to show or hide actions.
 */
import {
  BASE_PERMISSIONS,
  BASE_ROLE_LADDER,
  ORG_PERMISSIONS,
  type ClientBaseRole,
  type Permission,
} from './matrix.js';
import {
  GUEST_ROLE,
  OrgRole,
  baseRoleOfWorkspaceRole,
  isBaseRole,
  type BaseRole,
  type RoleMap,
  type WorkspaceRole,
} from './roles.js';

const CLIENT_NAME_OF_BASE_ROLE: Record<BaseRole, ClientBaseRole> = {
  owner: 'OWNER',
  creator: 'CREATOR',
  editor: 'EDITOR',
  commenter: 'COMMENTER',
  viewer: 'VIEWER',
  'no-access': 'NO_ACCESS',
};

/** All permissions a base role holds, including those inherited from the roles below it. */
export function permissionsOfBaseRole(role: BaseRole): Set<Permission> {
  const rank = BASE_ROLE_LADDER.indexOf(CLIENT_NAME_OF_BASE_ROLE[role]);
  const perms = new Set<Permission>();
  if (role === 'no-access') return perms;
  for (const clientRole of BASE_ROLE_LADDER.slice(0, rank + 1)) {
    for (const p of BASE_PERMISSIONS[clientRole]) perms.add(p);
  }
  return perms;
}

/** Highest base role among the held ones (base roles and workspace roles mapped to them). */
export function effectiveBaseRole(roles: RoleMap): BaseRole | undefined {
  let best: BaseRole | undefined;
  let bestRank = -1;
  for (const [name, on] of Object.entries(roles)) {
    if (!on) continue;
    const baseRole = name.startsWith('workspace-level-')
      ? baseRoleOfWorkspaceRole(name as WorkspaceRole)
      : isBaseRole(name)
        ? name
        : undefined;
    if (!baseRole) continue;
    const rank = BASE_ROLE_LADDER.indexOf(CLIENT_NAME_OF_BASE_ROLE[baseRole]);
    if (rank > bestRank) {
      best = baseRole;
      bestRank = rank;
    }
  }
  return best;
}

export interface HeldRoles {
  /** Organisation roles, e.g. `{ 'org-level-creator': true }`. */
  org?: RoleMap;
  /** Base (or workspace) roles in the base at hand. */
  base?: RoleMap;
}

/**
 * True if any held role grants the permission. A super admin can do everything; an explicit no-access
 * base role grants nothing from the base side.
 * @example can({ base: { editor: true } }, 'dataEdit') // true
 */
export function can(held: HeldRoles, permission: Permission): boolean {
  const org = held.org ?? {};
  if (org[OrgRole.SUPER]) return true;
  if (org[OrgRole.CREATOR] && (ORG_PERMISSIONS.CREATOR as readonly string[]).includes(permission))
    return true;
  if (org[OrgRole.VIEWER] && (ORG_PERMISSIONS.VIEWER as readonly string[]).includes(permission)) return true;
  const baseRole = held.base ? effectiveBaseRole(held.base) : undefined;
  return baseRole ? permissionsOfBaseRole(baseRole).has(permission) : false;
}

/** A guest (or a user with no role in the base) is refused access to a base. */
export function canAccessBase(held: HeldRoles): boolean {
  if (held.org?.[OrgRole.SUPER]) return true;
  const base = held.base ?? {};
  if (base[GUEST_ROLE]) return false;
  const role = effectiveBaseRole(base);
  return role !== undefined && role !== 'no-access';
}
