/**
 * The permission matrix of docs/behaviour/roles.md, exactly as written. Base roles inherit from the ones below them
 * (viewer < commenter < editor < creator < owner); org roles do not inherit from each other except that
 * super holds everything.
 */

export const ORG_PERMISSIONS = {
  CREATOR: [
    'workspaceSettings',
    'superAdminUserManagement',
    'baseCreate',
    'baseMove',
    'baseDelete',
    'baseDuplicate',
    'newUser',
    'tableRename',
    'tableDelete',
    'viewCreateOrEdit',
  ],
  VIEWER: ['importRequest'],
} as const;

export const BASE_PERMISSIONS = {
  OWNER: ['baseDelete'],
  CREATOR: [
    'baseCreate',
    'fieldUpdate',
    'hookList',
    'tableCreate',
    'tableRename',
    'tableDelete',
    'tableDuplicate',
    'tableSort',
    'layoutRename',
    'layoutDelete',
    'airtableImport',
    'jsonImport',
    'excelImport',
    'csvImport',
    'settingsPage',
    'newUser',
    'webhook',
    'fieldEdit',
    'fieldAdd',
    'tableIconEdit',
    'viewCreateOrEdit',
    'viewShare',
    'baseShare',
    'baseMiscSettings',
    'baseRename',
    'baseDuplicate',
    'sourceCreate',
  ],
  EDITOR: [
    'dataInsert',
    'dataEdit',
    'sortSync',
    'filterSync',
    'filterChildrenRead',
    'viewFieldEdit',
    'csvTableImport',
    'excelTableImport',
  ],
  COMMENTER: ['commentEdit'],
  // Viewers read a row's discussion but do not take part (docs/comments.md#who-may-do-what).
  VIEWER: ['baseSettings', 'expandedForm', 'apiDocs', 'commentList', 'commentCount'],
  NO_ACCESS: [],
} as const;

export type OrgPermission = (typeof ORG_PERMISSIONS)[keyof typeof ORG_PERMISSIONS][number];
export type BasePermission = (typeof BASE_PERMISSIONS)[keyof typeof BASE_PERMISSIONS][number];
export type Permission = OrgPermission | BasePermission;

/** Client naming of base roles, ascending; each inherits the permissions of the ones before it. */
export const BASE_ROLE_LADDER = ['NO_ACCESS', 'VIEWER', 'COMMENTER', 'EDITOR', 'CREATOR', 'OWNER'] as const;
export type ClientBaseRole = (typeof BASE_ROLE_LADDER)[number];

/**
 * Throws when one permission is listed twice in one group of roles; docs/behaviour/roles.md makes this a startup error.
 * Called once when the module loads, so a bad edit to the matrix fails every test and every start.
 */
export function assertNoDuplicatePermissions(
  groups: Record<string, Record<string, readonly string[]>>,
): void {
  for (const [groupName, group] of Object.entries(groups)) {
    const seen = new Map<string, string>();
    for (const [role, perms] of Object.entries(group)) {
      for (const perm of perms) {
        const other = seen.get(perm);
        if (other) {
          throw new Error(
            `Permission "${perm}" is listed for both ${other} and ${role} in ${groupName} roles`,
          );
        }
        seen.set(perm, role);
      }
    }
  }
}

assertNoDuplicatePermissions({ org: ORG_PERMISSIONS, base: BASE_PERMISSIONS });
