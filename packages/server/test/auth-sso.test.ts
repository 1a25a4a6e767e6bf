/** Sign-in with OpenID Connect against a real provider (oidc-provider) on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEmail } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { startOidcProvider, type TestOidcProvider, type TestPerson } from './oidc-test-provider.js';

/** Follows the browser's way from "sign in with…" to the provider and back; returns the app's query and cookie. */
async function signInAtProvider(server: TestServer, continueAfterSignIn?: string) {
  const start = await fetch(
    `${server.url}/api/v1/auth/oidc${continueAfterSignIn ? `?continueAfterSignIn=${encodeURIComponent(continueAfterSignIn)}` : ''}`,
    { redirect: 'manual' },
  );
  expect(start.status).toBe(302);
  const flowCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('rb_sso='))!
    .split(';')[0]!;
  const jar = new Map<string, string>();
  let next = start.headers.get('location')!;
  for (let hop = 0; hop < 10 && !next.startsWith(`${server.url}/`); hop++) {
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v ?? '');
    }
    next = new URL(res.headers.get('location')!, next).href;
  }
  expect(next.startsWith(`${server.url}/?`)).toBe(true);
  return { search: new URL(next).search, flowCookie };
}

const exchange = (server: TestServer, search: string, cookie?: string) =>
  server.api.post(`/api/v1/auth/oidc/genTokenByCode${search}`, {}, cookie ? { cookie } : {});

describe.each(testDatabases())('OpenID Connect sign-in on %s', (kind) => {
  let server: TestServer;
  let op: TestOidcProvider;

  const person = (over: Partial<TestPerson> = {}): TestPerson => ({
    sub: `sub-${Math.random().toString(36).slice(2)}`,
    email: randomEmail('sso'),
    email_verified: true,
    name: 'Ada Lovelace',
    ...over,
  });

  beforeAll(async () => {
    op = await startOidcProvider();
    server = await startTestServer(kind, {
      NC_OIDC_ISSUER: op.issuer,
      NC_OIDC_CLIENT_ID: op.clientId,
      NC_OIDC_CLIENT_SECRET: op.clientSecret,
      NC_OIDC_PROVIDER_NAME: 'Test IdP',
    });
    op.register(`${server.url}/`);
    await signUpUser(server.api, randomEmail('admin'));
  });
  afterAll(async () => {
    await server?.close();
    await op?.close();
  });

  it('reports the provider in app info', async () => {
    const info = await server.api.get('/api/v1/db/meta/nocodb/info');
    expect(info.body).toMatchObject({
      oidcAuthEnabled: true,
      oidcProviderName: 'Test IdP',
      googleAuthEnabled: false,
    });
  });

  it('signs a new person in with a verified e-mail, making their account, and honours continueAfterSignIn', async () => {
    const p = person();
    op.signInAs(p);
    const { search, flowCookie } = await signInAtProvider(server, '/base/p1');
    const params = new URLSearchParams(search);
    expect(params.get('state')).toMatch(/^oidc\./);
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const res = await exchange(server, search, flowCookie);
    expect(res.status).toBe(200);
    expect(res.body.data.extra).toEqual({ continueAfterSignIn: '/base/p1' });
    const me = await server.api.get('/api/v1/auth/user/me', { token: res.body.data.token });
    expect(me.body).toMatchObject({ email: p.email, email_verified: true, display_name: 'Ada Lovelace' });
    expect(me.body.roles).toMatchObject({ 'org-level-viewer': true });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('refresh_token='))).toBe(true);
  });

  it('links an existing account by its verified e-mail', async () => {
    const existing = await signUpUser(server.api, randomEmail('existing'));
    const before = await server.api.get('/api/v1/auth/user/me', { token: existing.token });
    op.signInAs(person({ email: existing.email }));
    const { search, flowCookie } = await signInAtProvider(server);
    const res = await exchange(server, search, flowCookie);
    expect(res.status).toBe(200);
    const me = await server.api.get('/api/v1/auth/user/me', { token: res.body.data.token });
    expect(me.body.id).toBe(before.body.id);
  });

  it('refuses an unverified e-mail and makes no account', async () => {
    const p = person({ email_verified: false });
    op.signInAs(p);
    const { search, flowCookie } = await signInAtProvider(server);
    const res = await exchange(server, search, flowCookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`Test IdP has not verified the e-mail address ${p.email}`);
    expect(await server.ctx.users.byEmail(p.email)).toBeUndefined();
  });

  it('refuses a wrong state, a missing flow cookie and a replayed code', async () => {
    op.signInAs(person());
    const { search, flowCookie } = await signInAtProvider(server);
    const wrong = new URLSearchParams(search);
    wrong.set('state', 'oidc.forged');
    const forged = await exchange(server, `?${wrong}`, flowCookie);
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('state: does not match the sign-in');

    const noCookie = await exchange(server, search);
    expect(noCookie.status).toBe(400);
    expect(noCookie.body.msg).toMatch(/not started here/);

    expect((await exchange(server, search, flowCookie)).status).toBe(200);
    const replay = await exchange(server, search, flowCookie);
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toMatch(/^Sign-in with Test IdP failed: invalid_grant/);
  });

  it('keeps invite-only sign-up closed to new people', async () => {
    await server.ctx.db('rb_app_settings').insert({ key: 'invite_only_signup', value: 'true' });
    try {
      const p = person();
      op.signInAs(p);
      const { search, flowCookie } = await signInAtProvider(server);
      const res = await exchange(server, search, flowCookie);
      expect(res.status).toBe(403);
      expect(await server.ctx.users.byEmail(p.email)).toBeUndefined();
    } finally {
      await server.ctx.db('rb_app_settings').where({ key: 'invite_only_signup' }).delete();
    }
  });

  it('audits failed sign-ins and sign-ups with the reason, as password sign-ins are', async () => {
    /** The account entries of an address (or, for null, those without one), once there are `n`. */
    const entriesOf = async (user: string | null, n: number) => {
      const until = Date.now() + 5000;
      for (;;) {
        const q = server.ctx.db('rb_audits').where({ op_type: 'AUTHENTICATION' });
        const rows = await (user === null ? q.whereNull('user') : q.where({ user })).orderBy('created_at');
        if (rows.length >= n || Date.now() > until)
          return rows.map((r) => ({
            op: r.op_sub_type,
            description: r.description,
            base: r.base_id,
            ip: r.ip,
            details: JSON.parse(r.details),
          }));
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    const unverified = person({ email_verified: false });
    op.signInAs(unverified);
    const refused = await signInAtProvider(server);
    expect((await exchange(server, refused.search, refused.flowCookie)).status).toBe(400);
    expect(await entriesOf(unverified.email, 1)).toEqual([
      {
        op: 'SIGNIN',
        description: `Sign-in as ${unverified.email} failed with Test IdP`,
        base: null,
        ip: expect.stringMatching(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/),
        details: {
          user_id: null,
          success: false,
          via: 'Test IdP',
          reason: `Test IdP has not verified the e-mail address ${unverified.email}`,
        },
      },
    ]);

    // Before the provider said whose sign-in it was: an entry without a user.
    const before = (await entriesOf(null, 0)).length;
    op.signInAs(person());
    const started = await signInAtProvider(server);
    const forged = new URLSearchParams(started.search);
    forged.set('state', 'oidc.forged');
    expect((await exchange(server, `?${forged}`, started.flowCookie)).status).toBe(400);
    const anonymous = await entriesOf(null, before + 1);
    expect(anonymous.slice(before)).toEqual([
      expect.objectContaining({
        op: 'SIGNIN',
        description: 'Sign-in failed with Test IdP',
        details: {
          user_id: null,
          success: false,
          via: 'Test IdP',
          reason: 'state: does not match the sign-in',
        },
      }),
    ]);

    await server.ctx.db('rb_app_settings').insert({ key: 'invite_only_signup', value: 'true' });
    try {
      const stranger = person();
      op.signInAs(stranger);
      const closed = await signInAtProvider(server);
      expect((await exchange(server, closed.search, closed.flowCookie)).status).toBe(403);
      expect(await entriesOf(stranger.email, 1)).toEqual([
        expect.objectContaining({
          op: 'SIGNUP',
          description: `Sign-up as ${stranger.email} failed with Test IdP`,
          details: {
            user_id: null,
            success: false,
            via: 'Test IdP',
            reason: 'Not allowed to signup, contact super admin.',
          },
        }),
      ]);
    } finally {
      await server.ctx.db('rb_app_settings').where({ key: 'invite_only_signup' }).delete();
    }

    // A blocked account: a failed sign-in of that account.
    const blocked = await signUpUser(server.api, randomEmail('blocked'));
    const account = (await server.ctx.users.byEmail(blocked.email))!;
    await server.ctx.users.update(account.id, { blocked: true });
    op.signInAs(person({ email: blocked.email }));
    const refusedBlocked = await signInAtProvider(server);
    expect((await exchange(server, refusedBlocked.search, refusedBlocked.flowCookie)).status).toBe(401);
    const blockedEntries = await entriesOf(blocked.email, 1);
    expect(blockedEntries.filter((e) => e.op === 'SIGNIN')).toEqual([
      expect.objectContaining({
        description: `Sign-in as ${blocked.email} failed with Test IdP`,
        details: { user_id: account.id, success: false, via: 'Test IdP', reason: 'User is blocked' },
      }),
    ]);
  });
});
