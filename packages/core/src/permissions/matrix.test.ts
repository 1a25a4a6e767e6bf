import { describe, expect, it } from 'vitest';
import {
  BASE_PERMISSIONS,
  BASE_ROLE_LADDER,
  ORG_PERMISSIONS,
  assertNoDuplicatePermissions,
} from './matrix.js';

describe('permission matrix', () => {
  it('loads: no permission is listed twice within one group', () => {
    expect(() =>
      assertNoDuplicatePermissions({ org: ORG_PERMISSIONS, base: BASE_PERMISSIONS }),
    ).not.toThrow();
  });

  it('fails at startup when one permission is listed for two roles of one group', () => {
    const broken = { base: { EDITOR: ['dataEdit'], VIEWER: ['apiDocs', 'dataEdit'] } };
    expect(() => assertNoDuplicatePermissions(broken)).toThrow(
      'Permission "dataEdit" is listed for both EDITOR and VIEWER in base roles',
    );
  });

  it('allows the same permission in different groups (org and base)', () => {
    expect(ORG_PERMISSIONS.CREATOR).toContain('baseCreate');
    expect(BASE_PERMISSIONS.CREATOR).toContain('baseCreate');
  });

  it('orders base roles from NO_ACCESS up to OWNER', () => {
    expect(BASE_ROLE_LADDER).toEqual(['NO_ACCESS', 'VIEWER', 'COMMENTER', 'EDITOR', 'CREATOR', 'OWNER']);
  });
});
