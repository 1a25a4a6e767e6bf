/** Sign-in with GitHub (an OAuth app with PKCE) against a GitHub stand-in on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomEmail } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { startTestGithub, type GithubPerson, type TestGithub } from './github-test-server.js';

/** The browser's way: Rowbase → GitHub → back to the web app; returns the app's query and the flow cookie. */
async function signInAtGithub(server: TestServer, continueAfterSignIn?: string) {
  const query = continueAfterSignIn ? `?continueAfterSignIn=${encodeURIComponent(continueAfterSignIn)}` : '';
  const start = await fetch(`${server.url}/api/v1/auth/github${query}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const flowCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('rb_sso='))!
    .split(';')[0]!;
  const atGithub = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(atGithub.status).toBe(302);
  const back = new URL(atGithub.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${server.url}/`);
  return { search: back.search, flowCookie, authorize: new URL(start.headers.get('location')!) };
}

const exchange = (server: TestServer, search: string, cookie?: string) =>
  server.api.post(`/api/v1/auth/github/genTokenByCode${search}`, {}, cookie ? { cookie } : {});

describe.each(testDatabases())('GitHub sign-in on %s', (kind) => {
  let server: TestServer;
  let gh: TestGithub;
  const person = (over: Partial<GithubPerson> = {}): GithubPerson => ({
    login: `octo${Math.random().toString(36).slice(2, 7)}`,
    name: 'Mona Lisa',
    emails: [
      { email: randomEmail('old'), primary: false, verified: true },
      { email: randomEmail('gh'), primary: true, verified: true },
    ],
    ...over,
  });

  beforeAll(async () => {
    gh = await startTestGithub();
    server = await startTestServer(kind, {
      NC_GITHUB_CLIENT_ID: gh.clientId,
      NC_GITHUB_CLIENT_SECRET: gh.clientSecret,
      RB_GITHUB_URL: gh.url,
      RB_GITHUB_API_URL: gh.apiUrl,
    });
    await signUpUser(server.api, randomEmail('admin'));
  });
  afterAll(async () => {
    await server?.close();
    await gh?.close();
  });

  it('reports GitHub in app info and asks GitHub for the e-mail scope with PKCE', async () => {
    const info = await server.api.get('/api/v1/db/meta/nocodb/info');
    expect(info.body).toMatchObject({ githubAuthEnabled: true });
    gh.signInAs(person());
    const { authorize } = await signInAtGithub(server);
    expect(authorize.origin + authorize.pathname).toBe(`${gh.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('read:user user:email');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toMatch(/^github\./);
  });

  it('signs a new person in with their primary verified e-mail and honours continueAfterSignIn', async () => {
    const p = person();
    gh.signInAs(p);
    const { search, flowCookie } = await signInAtGithub(server, '/base/p1');
    const res = await exchange(server, search, flowCookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.extra).toEqual({ continueAfterSignIn: '/base/p1' });
    const me = await server.api.get('/api/v1/auth/user/me', { token: res.body.data.token });
    expect(me.body).toMatchObject({
      email: p.emails[1]!.email,
      email_verified: true,
      display_name: 'Mona Lisa',
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('refresh_token='))).toBe(true);
  });

  it('links an existing account by a verified e-mail', async () => {
    const existing = await signUpUser(server.api, randomEmail('existing'));
    const before = await server.api.get('/api/v1/auth/user/me', { token: existing.token });
    gh.signInAs(person({ name: null, emails: [{ email: existing.email, primary: true, verified: true }] }));
    const { search, flowCookie } = await signInAtGithub(server);
    const res = await exchange(server, search, flowCookie);
    expect(res.status).toBe(200);
    const me = await server.api.get('/api/v1/auth/user/me', { token: res.body.data.token });
    expect(me.body.id).toBe(before.body.id);
    // Audited as a sign-in, naming the provider (docs/audit.md "Sign-ins and passwords").
    const until = Date.now() + 5000;
    let rows: { description: string; op_sub_type: string }[] = [];
    while (!rows.length && Date.now() < until) {
      rows = await server.ctx.db('rb_audits').where({ op_type: 'AUTHENTICATION', user: existing.email });
      if (!rows.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows.map((r) => `${r.op_sub_type} ${r.description}`)).toEqual([
      `SIGNIN ${existing.email} signed in with GitHub`,
    ]);
  });

  it('refuses an unverified e-mail and makes no account', async () => {
    const email = randomEmail('unverified');
    gh.signInAs(person({ emails: [{ email, primary: true, verified: false }] }));
    const { search, flowCookie } = await signInAtGithub(server);
    const res = await exchange(server, search, flowCookie);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`GitHub has not verified the e-mail address ${email}`);
    expect(await server.ctx.users.byEmail(email)).toBeUndefined();
  });

  it('refuses a wrong state, a missing flow cookie and a replayed code', async () => {
    gh.signInAs(person());
    const { search, flowCookie } = await signInAtGithub(server);
    const wrong = new URLSearchParams(search);
    wrong.set('state', 'github.forged');
    const forged = await exchange(server, `?${wrong}`, flowCookie);
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toBe('state: does not match the sign-in');
    expect((await exchange(server, search)).body.msg).toMatch(/not started here/);

    expect((await exchange(server, search, flowCookie)).status).toBe(200);
    const replay = await exchange(server, search, flowCookie);
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe(
      'Sign-in with GitHub failed: bad_verification_code (The code passed is incorrect or expired.)',
    );
  });
});
