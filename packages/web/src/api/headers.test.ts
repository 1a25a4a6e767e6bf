import { describe, expect, it } from 'vitest';
import { buildHeaders, readCookie } from './headers';

describe('buildHeaders', () => {
  it('marks the GUI and sends the token when signed in', () => {
    expect(buildHeaders('/api/v1/db/meta/projects/', { token: 't1' })).toEqual({
      'xc-gui': 'true',
      'xc-auth': 't1',
    });
    expect(buildHeaders('/api/v1/db/meta/projects/', { token: null })).toEqual({ 'xc-gui': 'true' });
  });

  it('drops the auth token for shared-base and shared-ERD calls', () => {
    const base = buildHeaders('/x', { token: 't1', sharedBaseId: 'sb1' });
    expect(base['xc-shared-base-id']).toBe('sb1');
    expect(base['xc-auth']).toBeUndefined();
    const erd = buildHeaders('/x', { token: 't1', sharedErdId: 'erd1' });
    expect(erd['xc-shared-erd-id']).toBe('erd1');
    expect(erd['xc-auth']).toBeUndefined();
  });

  it('adds preview-as except on the current-user and admin-roles calls', () => {
    expect(buildHeaders('/api/v1/db/meta/projects/', { token: 't', previewAs: 'viewer' })['xc-preview']).toBe(
      'viewer',
    );
    expect(
      buildHeaders('/api/v1/auth/user/me?base_id=p1', { token: 't', previewAs: 'viewer' })['xc-preview'],
    ).toBe(undefined);
    expect(buildHeaders('/api/v1/admin/roles', { token: 't', previewAs: 'viewer' })['xc-preview']).toBe(
      undefined,
    );
  });

  it('echoes the XSRF cookie as a header', () => {
    const cookie = readCookie('a=1; XSRF-TOKEN=abc%3D; b=2', 'XSRF-TOKEN');
    expect(cookie).toBe('abc=');
    expect(buildHeaders('/x', { token: null, xsrfToken: cookie })['X-XSRF-TOKEN']).toBe('abc=');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
  });
});
