/** Permission checks for the UI, through core's `can()` over the roles the server reported. */
import { can } from '@rowbase/core/permissions/can';
import type { Permission } from '@rowbase/core/permissions/matrix';
import { OrgRole, parseRoles, type RoleMap } from '@rowbase/core/permissions/roles';
import { useMe } from '../api/auth';
import { useSyncExternalStore } from 'react';
import { getSettings, subscribeSettings } from '../session/stored-settings';

/** Roles arrive as `{ editor: true }` or as a comma-separated string; `base_id` is not a role. */
export function toRoleMap(value: unknown): RoleMap {
  if (typeof value === 'string') return parseRoles(value);
  if (value && typeof value === 'object') {
    const { base_id: _ignored, ...roles } = value as Record<string, unknown>;
    const map: RoleMap = {};
    for (const [k, v] of Object.entries(roles)) if (v === true) map[k as keyof RoleMap] = true;
    return map;
  }
  return {};
}

/**
 * `allowed('tableCreate')` for the signed-in user, in the given base when baseId is set. In preview-as mode
 * the previewed base role replaces the real ones, and the org roles shrink to a plain org-level viewer as
 * the server does, since a super admin's org role would otherwise grant everything and the preview would
 * change nothing.
 */
export function usePermissions(baseId?: string) {
  const me = useMe(baseId).data;
  const previewAs = useSyncExternalStore(subscribeSettings, () => getSettings().previewAs);
  const org: RoleMap = previewAs ? { [OrgRole.VIEWER]: true } : toRoleMap(me?.roles);
  const base = previewAs ? parseRoles(previewAs) : toRoleMap(me?.base_roles);
  return {
    loaded: !!me,
    org,
    base,
    allowed: (permission: Permission) => can({ org, base }, permission),
  };
}
