/** Organisation, base and workspace roles of docs/behaviour/roles.md, with their ordering and colours. */

export const OrgRole = {
  SUPER: 'super',
  CREATOR: 'org-level-creator',
  VIEWER: 'org-level-viewer',
} as const;
export type OrgRole = (typeof OrgRole)[keyof typeof OrgRole];

/** Base roles from most to least powerful. */
export const BASE_ROLES = ['owner', 'creator', 'editor', 'commenter', 'viewer', 'no-access'] as const;
export type BaseRole = (typeof BASE_ROLES)[number];

export const WORKSPACE_ROLES = [
  'workspace-level-owner',
  'workspace-level-creator',
  'workspace-level-editor',
  'workspace-level-commenter',
  'workspace-level-viewer',
] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const GUEST_ROLE = 'guest' as const;

/** Every role name a user can hold. */
export type RoleName = OrgRole | BaseRole | WorkspaceRole | typeof GUEST_ROLE;

/** A workspace role maps to the base role of the same name. */
export function baseRoleOfWorkspaceRole(role: WorkspaceRole): BaseRole {
  return role.replace('workspace-level-', '') as BaseRole;
}

export function isBaseRole(value: string): value is BaseRole {
  return (BASE_ROLES as readonly string[]).includes(value);
}

export function isOrgRole(value: string): value is OrgRole {
  return value === OrgRole.SUPER || value === OrgRole.CREATOR || value === OrgRole.VIEWER;
}

/** Role colours of docs/behaviour/roles.md. */
export const ROLE_COLOURS: Record<BaseRole | typeof OrgRole.SUPER, string> = {
  owner: 'purple',
  creator: 'blue',
  editor: 'green',
  commenter: 'orange',
  viewer: 'yellow',
  super: 'maroon',
  'no-access': 'red',
};

/** The roles object as the API sends it: `{ "org-level-creator": true }`. */
export type RoleMap = Partial<Record<RoleName, boolean>>;

/** Parses a comma-separated role list (as stored) into a role map. */
export function parseRoles(value: string | null | undefined): RoleMap {
  const map: RoleMap = {};
  for (const part of (value ?? '').split(',')) {
    const role = part.trim();
    if (role) map[role as RoleName] = true;
  }
  return map;
}

export function stringifyRoles(map: RoleMap): string {
  return Object.entries(map)
    .filter(([, on]) => on)
    .map(([role]) => role)
    .join(',');
}
