import { can } from '@rowbase/core/permissions/can';
import type { BaseRole } from '@rowbase/core/permissions/roles';
import { describe, expect, it } from 'vitest';
import { gridAccessOf } from './grid-access';

const accessOf = (role: BaseRole) => gridAccessOf((p) => can({ base: { [role]: true } }, p));

describe('gridAccessOf', () => {
  it('lets viewers and commenters only look', () => {
    expect(accessOf('viewer')).toEqual({ editData: false, editSchema: false });
    expect(accessOf('commenter')).toEqual({ editData: false, editSchema: false });
  });
  it('lets an editor change rows but not fields', () => {
    expect(accessOf('editor')).toEqual({ editData: true, editSchema: false });
  });
  it('lets a creator and an owner change everything', () => {
    expect(accessOf('creator')).toEqual({ editData: true, editSchema: true });
    expect(accessOf('owner')).toEqual({ editData: true, editSchema: true });
  });
});
