import { describe, expect, it } from 'vitest';
import { can, canAccessBase, effectiveBaseRole, permissionsOfBaseRole } from './can.js';
import { BASE_PERMISSIONS, ORG_PERMISSIONS } from './matrix.js';
import { WORKSPACE_ROLES, baseRoleOfWorkspaceRole, parseRoles, stringifyRoles } from './roles.js';

describe('base role inheritance', () => {
  it('gives each base role its own permissions plus those of every role below it', () => {
    expect(can({ base: { viewer: true } }, 'apiDocs')).toBe(true);
    expect(can({ base: { viewer: true } }, 'commentList')).toBe(true);
    expect(can({ base: { viewer: true } }, 'commentCount')).toBe(true);
    expect(can({ base: { viewer: true } }, 'commentEdit')).toBe(false);
    expect(can({ base: { commenter: true } }, 'commentEdit')).toBe(true);
    expect(can({ base: { commenter: true } }, 'expandedForm')).toBe(true);
    expect(can({ base: { commenter: true } }, 'dataEdit')).toBe(false);
    expect(can({ base: { editor: true } }, 'dataInsert')).toBe(true);
    expect(can({ base: { editor: true } }, 'commentCount')).toBe(true);
    expect(can({ base: { editor: true } }, 'tableCreate')).toBe(false);
    expect(can({ base: { creator: true } }, 'tableCreate')).toBe(true);
    expect(can({ base: { creator: true } }, 'csvTableImport')).toBe(true);
    expect(can({ base: { creator: true } }, 'baseDelete')).toBe(false);
    expect(can({ base: { owner: true } }, 'baseDelete')).toBe(true);
  });

  it('makes the owner hold every base permission and no-access none', () => {
    const all = Object.values(BASE_PERMISSIONS).flat();
    expect([...permissionsOfBaseRole('owner')].sort()).toEqual([...new Set(all)].sort());
    expect(permissionsOfBaseRole('no-access').size).toBe(0);
    for (const p of all) expect(can({ base: { 'no-access': true } }, p)).toBe(false);
  });

  it('uses the highest base role held', () => {
    expect(effectiveBaseRole({ viewer: true, editor: true })).toBe('editor');
    expect(can({ base: { viewer: true, creator: true } }, 'fieldAdd')).toBe(true);
    expect(effectiveBaseRole({})).toBeUndefined();
  });
});

describe('org roles', () => {
  it('lets a super admin do anything', () => {
    for (const p of [...Object.values(BASE_PERMISSIONS).flat(), ...Object.values(ORG_PERMISSIONS).flat()]) {
      expect(can({ org: { super: true } }, p)).toBe(true);
    }
  });

  it('grants the org creator exactly its list, and the org viewer importRequest only', () => {
    expect(can({ org: { 'org-level-creator': true } }, 'baseCreate')).toBe(true);
    expect(can({ org: { 'org-level-creator': true } }, 'tableRename')).toBe(true);
    expect(can({ org: { 'org-level-creator': true } }, 'dataEdit')).toBe(false);
    expect(can({ org: { 'org-level-creator': true } }, 'importRequest')).toBe(false);
    expect(can({ org: { 'org-level-viewer': true } }, 'importRequest')).toBe(true);
    expect(can({ org: { 'org-level-viewer': true } }, 'baseCreate')).toBe(false);
  });

  it('passes when either an org role or a base role grants the permission', () => {
    const held = { org: { 'org-level-viewer': true }, base: { editor: true } } as const;
    expect(can(held, 'importRequest')).toBe(true);
    expect(can(held, 'dataEdit')).toBe(true);
    expect(can(held, 'tableCreate')).toBe(false);
    expect(can({ org: { 'org-level-creator': true }, base: { viewer: true } }, 'tableDelete')).toBe(true);
  });
});

describe('workspace roles', () => {
  it('map to the base role of the same name', () => {
    for (const role of WORKSPACE_ROLES) {
      const base = baseRoleOfWorkspaceRole(role);
      expect(role).toBe(`workspace-level-${base}`);
      expect(effectiveBaseRole({ [role]: true })).toBe(base);
      expect(permissionsOfBaseRole(effectiveBaseRole({ [role]: true })!)).toEqual(
        permissionsOfBaseRole(base),
      );
    }
    expect(can({ base: { 'workspace-level-editor': true } }, 'dataEdit')).toBe(true);
    expect(can({ base: { 'workspace-level-viewer': true } }, 'dataEdit')).toBe(false);
  });
});

describe('base access', () => {
  it('refuses a guest, a no-access member and someone with no role in the base', () => {
    expect(canAccessBase({ base: { guest: true } })).toBe(false);
    expect(canAccessBase({ base: { guest: true, viewer: true } })).toBe(false);
    expect(canAccessBase({ base: { 'no-access': true } })).toBe(false);
    expect(canAccessBase({ org: { 'org-level-creator': true }, base: {} })).toBe(false);
    expect(canAccessBase({})).toBe(false);
  });

  it('admits any real base role, a workspace role and a super admin', () => {
    expect(canAccessBase({ base: { viewer: true } })).toBe(true);
    expect(canAccessBase({ base: { 'workspace-level-commenter': true } })).toBe(true);
    expect(canAccessBase({ org: { super: true } })).toBe(true);
  });
});

describe('role maps', () => {
  it('parse and print the stored comma-separated form', () => {
    expect(parseRoles('org-level-creator, editor')).toEqual({ 'org-level-creator': true, editor: true });
    expect(parseRoles(null)).toEqual({});
    expect(stringifyRoles({ super: true, editor: false, viewer: true })).toBe('super,viewer');
  });
});
