import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, adminAndUser, randomEmail, signIn, tokenFromMail, userIdOf } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

describe.each(testDatabases())('organisation users on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUpUser>>;
  let viewer: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ admin, user: viewer } = await adminAndUser(server));
  });
  afterAll(async () => server?.close());

  const asAdmin = () => ({ token: admin.token });

  it('lists users with pageInfo and a search query', async () => {
    const res = await server.api.get('/api/v1/users', asAdmin());
    expect(res.status).toBe(200);
    expect(res.body.pageInfo).toMatchObject({ totalRows: 2, page: 1, pageSize: 25, isFirstPage: true });
    expect(res.body.list.map((u: { email: string }) => u.email)).toEqual([admin.email, viewer.email]);
    expect(res.body.list[0]).toMatchObject({ roles: 'super', invite_pending: false });
    expect(res.body.list[0].password_hash).toBeUndefined();

    const found = await server.api.get(`/api/v1/users?query=${viewer.email.slice(0, 10)}`, asAdmin());
    expect(found.body.list.map((u: { email: string }) => u.email)).toEqual([viewer.email]);
    const paged = await server.api.get('/api/v1/users?limit=1&offset=1', asAdmin());
    expect(paged.body.list).toHaveLength(1);
    expect(paged.body.pageInfo).toMatchObject({ page: 2, isFirstPage: false, isLastPage: true });
    expect((await server.api.get('/api/v1/users?limit=0', asAdmin())).status).toBe(400);
  });

  it('refuses every user-management call from a non-super user with 403', async () => {
    const token = { token: viewer.token };
    const id = await userIdOf(server, admin.token);
    const calls = [
      server.api.get('/api/v1/users', token),
      server.api.post('/api/v1/users', { email: randomEmail(), roles: 'org-level-viewer' }, token),
      server.api.patch(`/api/v1/users/${id}`, { roles: 'org-level-viewer' }, token),
      server.api.delete(`/api/v1/users/${id}`, undefined, token),
      server.api.post(`/api/v1/users/${id}/resend-invite`, {}, token),
      server.api.post(`/api/v1/users/${id}/generate-reset-url`, {}, token),
      server.api.get('/api/v1/app-settings', token),
      server.api.post('/api/v1/app-settings', { invite_only_signup: true }, token),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Only a super admin can do this');
    }
    expect((await server.api.get('/api/v1/users')).status).toBe(401);
  });

  it('invites a user with a role; the mailed token completes sign-up', async () => {
    const email = randomEmail('invitee');
    const invite = await server.api.post('/api/v1/users', { email, roles: 'org-level-creator' }, asAdmin());
    expect(invite.status).toBe(200);
    expect(invite.body).toMatchObject({ email, invite_token: expect.any(String) });
    const token = tokenFromMail(server, email, 'invite');
    expect(token).toBe(invite.body.invite_token);

    const listed = await server.api.get(`/api/v1/users?query=${email}`, asAdmin());
    expect(listed.body.list[0]).toMatchObject({ email, roles: 'org-level-creator', invite_pending: true });
    // Without the token the address cannot be claimed: the invitation grants more than an open sign-up.
    const hijack = await server.api.post('/api/v1/auth/user/signup', { email, password: PASSWORD });
    expect(hijack.status).toBe(400);
    expect(hijack.body.msg).toBe(
      'This e-mail address was invited: open the link in the invitation to sign up',
    );
    const forged = await server.api.post('/api/v1/auth/user/signup', {
      email,
      password: PASSWORD,
      token: 'x',
    });
    expect(forged.body.msg).toBe('This invitation link is not valid');
    const signup = await server.api.post('/api/v1/auth/user/signup', { email, password: PASSWORD, token });
    expect(signup.status).toBe(200);
    const me = await server.api.get('/api/v1/auth/user/me', { token: signup.body.token });
    expect(me.body).toMatchObject({ email, roles: { 'org-level-creator': true }, email_verified: true });
    // The invite token is used up.
    const replay = await server.api.post('/api/v1/auth/user/signup', {
      email,
      password: 'Other-pass-1',
      token,
    });
    expect(replay.status).toBe(400);
  });

  it('invites several comma-separated addresses at once, all or none', async () => {
    const a = randomEmail('a');
    const b = randomEmail('b');
    const res = await server.api.post('/api/v1/users', { email: `${a}, ${b}` }, asAdmin());
    expect(res.status).toBe(200);
    expect(res.body.invited.map((i: { email: string }) => i.email)).toEqual([a, b]);
    const c = randomEmail('c');
    const dup = await server.api.post('/api/v1/users', { email: `${c},${a}` }, asAdmin());
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toBe(`User already exists: ${a}`);
    expect((await server.api.get(`/api/v1/users?query=${c}`, asAdmin())).body.list).toEqual([]);
  });

  it('refuses a bad invite: invalid email or an unassignable role', async () => {
    const badEmail = await server.api.post(
      '/api/v1/users',
      { email: 'nope', roles: 'org-level-viewer' },
      asAdmin(),
    );
    expect(badEmail.status).toBe(400);
    const superRole = await server.api.post(
      '/api/v1/users',
      { email: randomEmail(), roles: 'super' },
      asAdmin(),
    );
    expect(superRole.status).toBe(400);
    expect(superRole.body.msg).toContain('roles');
  });

  it('resends an invite: only the newest token works', async () => {
    const email = randomEmail('resend');
    const invite = await server.api.post('/api/v1/users', { email }, asAdmin());
    const first = invite.body.invite_token;
    const id = (await server.api.get(`/api/v1/users?query=${email}`, asAdmin())).body.list[0].id;
    expect((await server.api.post(`/api/v1/users/${id}/resend-invite`, {}, asAdmin())).status).toBe(200);
    const second = tokenFromMail(server, email, 'invite');
    expect(second).not.toBe(first);
    const old = await server.api.post('/api/v1/auth/user/signup', {
      email,
      password: PASSWORD,
      token: first,
    });
    expect(old.status).toBe(400);
    const ok = await server.api.post('/api/v1/auth/user/signup', {
      email,
      password: PASSWORD,
      token: second,
    });
    expect(ok.status).toBe(200);
    const again = await server.api.post(`/api/v1/users/${id}/resend-invite`, {}, asAdmin());
    expect(again.status).toBe(400);
  });

  it('changes an org role, which takes effect at once', async () => {
    const u = await signUpUser(server.api, randomEmail('promote'));
    const id = await userIdOf(server, u.token);
    const res = await server.api.patch(`/api/v1/users/${id}`, { roles: 'org-level-creator' }, asAdmin());
    expect(res.status).toBe(200);
    expect(res.body.roles).toBe('org-level-creator');
    const me = await server.api.get('/api/v1/auth/user/me', { token: u.token });
    expect(me.body.roles).toEqual({ 'org-level-creator': true });
    // A super admin's role is not changed through the API, nor is a super admin deleted.
    const adminId = await userIdOf(server, admin.token);
    expect(
      (await server.api.patch(`/api/v1/users/${adminId}`, { roles: 'org-level-viewer' }, asAdmin())).status,
    ).toBe(403);
    expect((await server.api.delete(`/api/v1/users/${adminId}`, undefined, asAdmin())).status).toBe(403);
    expect(
      (await server.api.patch('/api/v1/users/us_nobody', { roles: 'org-level-viewer' }, asAdmin())).status,
    ).toBe(404);
  });

  it('deletes a user: their sessions and tokens stop working', async () => {
    const u = await signUpUser(server.api, randomEmail('gone'));
    const apiToken = (await server.api.post('/api/v1/tokens', {}, { token: u.token })).body.token;
    const id = await userIdOf(server, u.token);
    expect((await server.api.delete(`/api/v1/users/${id}`, undefined, asAdmin())).status).toBe(200);
    expect((await server.api.get('/api/v1/tokens', { token: u.token })).status).toBe(401);
    expect((await server.api.get('/api/v1/tokens', { apiToken })).status).toBe(401);
    const refresh = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie: u.cookie });
    expect(refresh.status).toBe(401);
    expect((await server.api.delete(`/api/v1/users/${id}`, undefined, asAdmin())).status).toBe(404);
  });

  it('generates a reset URL the user can reset with', async () => {
    const u = await signUpUser(server.api, randomEmail('reset'));
    const id = await userIdOf(server, u.token);
    const res = await server.api.post(`/api/v1/users/${id}/generate-reset-url`, {}, asAdmin());
    expect(res.status).toBe(200);
    expect(res.body.reset_password_url).toBe(`${server.url}/#/reset/${res.body.reset_password_token}`);
    const reset = await server.api.post(`/api/v1/auth/password/reset/${res.body.reset_password_token}`, {
      password: 'Brand-new-pass-1',
    });
    expect(reset.status).toBe(200);
    await signIn(server, u.email, 'Brand-new-pass-1');
  });

  it('reads and saves app settings', async () => {
    expect((await server.api.get('/api/v1/app-settings', asAdmin())).body).toEqual({
      invite_only_signup: false,
      audit_retention_days: 0,
    });
    for (const value of [true, false, true]) {
      const res = await server.api.post('/api/v1/app-settings', { invite_only_signup: value }, asAdmin());
      expect(res.status).toBe(200);
      expect((await server.api.get('/api/v1/app-settings', asAdmin())).body).toEqual({
        invite_only_signup: value,
        audit_retention_days: 0,
      });
    }
    const bad = await server.api.post('/api/v1/app-settings', { invite_only_signup: 'yes' }, asAdmin());
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('invite_only_signup');
    const empty = await server.api.post('/api/v1/app-settings', {}, asAdmin());
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('audit_retention_days');
    await server.api.post('/api/v1/app-settings', { invite_only_signup: false }, asAdmin());
  });

  it('shows a profile card by id or e-mail to signed-in users only', async () => {
    const id = await userIdOf(server, admin.token);
    const byId = await server.api.get(`/api/v1/users/${id}`, { token: viewer.token });
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({
      id,
      email: admin.email,
      firstname: null,
      lastname: null,
      display_name: null,
    });
    const byEmail = await server.api.get(`/api/v1/users/${encodeURIComponent(admin.email)}`, {
      token: viewer.token,
    });
    expect(byEmail.body.id).toBe(id);
    expect((await server.api.get('/api/v1/users/us_nobody', { token: viewer.token })).status).toBe(404);
    expect((await server.api.get(`/api/v1/users/${id}`)).status).toBe(401);
  });

  it('updates the caller profile', async () => {
    const res = await server.api.patch(
      '/api/v1/user/profile',
      { firstname: 'Ada', lastname: 'Lovelace', display_name: 'Ada L.' },
      { token: viewer.token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace', display_name: 'Ada L.' });
    const me = await server.api.get('/api/v1/auth/user/me', { token: viewer.token });
    expect(me.body).toMatchObject({ firstname: 'Ada', display_name: 'Ada L.' });
    const tooLong = await server.api.patch(
      '/api/v1/user/profile',
      { firstname: 'x'.repeat(300) },
      { token: viewer.token },
    );
    expect(tooLong.status).toBe(400);
    expect((await server.api.patch('/api/v1/user/profile', { firstname: 'A' })).status).toBe(401);
  });
});
