import { describe, expect, it } from 'vitest';
import { NO_BASE_PERMISSION, NO_PAGE_PERMISSION, decide, type GuardInput } from './guard';
import type { RouteFlags } from './route-flags';

function target(fullPath: string, flags: RouteFlags = {}, params: Record<string, string> = {}) {
  const [path = '/', qs = ''] = fullPath.split('?');
  return { path, fullPath, params, query: new URLSearchParams(qs), flags };
}

function input(over: Partial<GuardInput> & { to: GuardInput['to'] }): GuardInput {
  return {
    appInfo: { firstUser: false },
    host: 'app.example.com',
    signedIn: false,
    refreshTried: false,
    orgRoles: {},
    baseRoles: {},
    ...over,
  };
}

describe('navigation guard (in its documented order)', () => {
  it('1. sends a bare base host visiting / to its first label', () => {
    const d = decide(
      input({
        to: target('/'),
        host: 'acme.rowbase.io',
        appInfo: { baseHostName: 'rowbase.io', mainSubDomain: 'app' },
        signedIn: true,
      }),
    );
    expect(d).toEqual({ kind: 'redirect', to: '/acme' });
    const main = decide(
      input({
        to: target('/'),
        host: 'app.rowbase.io',
        appInfo: { baseHostName: 'rowbase.io', mainSubDomain: 'app' },
        signedIn: true,
      }),
    );
    expect(main).toEqual({ kind: 'allow' });
  });

  it('lets anyone see public pages', () => {
    expect(decide(input({ to: target('/error/404', { public: true }) }))).toEqual({ kind: 'allow' });
    expect(
      decide(input({ to: target('/nc/view/vw1', { public: true, requiresAuth: false }), signedIn: true })),
    ).toEqual({ kind: 'allow' });
  });

  it('2. sends visitors to sign-up with continueAfterSignIn when there is no first user yet', () => {
    const d = decide(input({ to: target('/nc/p1?a=1'), appInfo: { firstUser: true } }));
    expect(d).toEqual({
      kind: 'redirect',
      to: '/signup?continueAfterSignIn=%2Fnc%2Fp1%3Fa%3D1',
      rememberContinue: '/nc/p1?a=1',
    });
    expect(decide(input({ to: target('/'), appInfo: { firstUser: true } }))).toEqual({
      kind: 'redirect',
      to: '/signup',
    });
  });

  it('2. tries a refresh, then sends to sign-in with continueAfterSignIn', () => {
    expect(decide(input({ to: target('/account/profile') }))).toEqual({ kind: 'refresh' });
    expect(decide(input({ to: target('/account/profile'), refreshTried: true }))).toEqual({
      kind: 'redirect',
      to: '/signin?continueAfterSignIn=%2Faccount%2Fprofile',
    });
  });

  it('2. leaves shared-base pages (typeOrId = base) open', () => {
    expect(decide(input({ to: target('/base/sb1', {}, { typeOrId: 'base', baseId: 'sb1' }) }))).toEqual({
      kind: 'allow',
    });
  });

  it('3. sends a signed-in user away from sign-in, honouring ?logout', () => {
    const signin: RouteFlags = { requiresAuth: false };
    expect(decide(input({ to: target('/signin', signin), signedIn: true }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(
      decide(
        input({
          to: target('/signin', signin),
          signedIn: true,
          from: { fullPath: '/nc/p1', params: {}, flags: {} },
        }),
      ),
    ).toEqual({ kind: 'redirect', to: '/nc/p1' });
    expect(decide(input({ to: target('/signin?logout', signin), signedIn: true }))).toEqual({
      kind: 'redirect',
      to: '/signin',
      signOut: true,
    });
    expect(decide(input({ to: target('/signin', signin) }))).toEqual({ kind: 'allow' });
  });

  it('4. refuses pages whose allowedRoles the user does not hold', () => {
    const flags: RouteFlags = { allowedRoles: ['super'] };
    expect(
      decide(
        input({
          to: target('/account/users', flags),
          signedIn: true,
          orgRoles: { 'org-level-creator': true },
        }),
      ),
    ).toEqual({ kind: 'redirect', to: '/', error: NO_PAGE_PERMISSION });
    expect(
      decide(input({ to: target('/account/users', flags), signedIn: true, orgRoles: { super: true } })),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('5. reloads roles when the base changes and refuses a guest', () => {
    const to = target('/nc/p2', {}, { typeOrId: 'nc', baseId: 'p2' });
    expect(decide(input({ to, signedIn: true, baseRolesFor: 'p1' }))).toEqual({
      kind: 'loadRoles',
      baseId: 'p2',
    });
    expect(decide(input({ to, signedIn: true, baseRolesFor: 'p2', baseRoles: { guest: true } }))).toEqual({
      kind: 'redirect',
      to: '/',
      error: NO_BASE_PERMISSION,
    });
    expect(decide(input({ to, signedIn: true, baseRolesFor: 'p2', baseRoles: { editor: true } }))).toEqual({
      kind: 'allow',
    });
    expect(decide(input({ to, signedIn: true, baseRolesFor: 'p2', orgRoles: { super: true } }))).toEqual({
      kind: 'allow',
    });
  });

  it('6. follows the redirect lookup last', () => {
    expect(decide(input({ to: target('/signIn', { requiresAuth: false }) }))).toEqual({
      kind: 'redirect',
      to: '/signin',
    });
    expect(decide(input({ to: target('/dashboard'), signedIn: true }))).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });
});
