import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwtService } from '../src/services/auth/jwt.js';
import { PASSWORD, randomEmail, signIn, tokenFromMail, userIdOf } from './auth-fixtures.js';
import { refreshCookieOf, signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

// A route that needs a signed-in caller.
const PROTECTED = '/api/v1/tokens';

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe.each(testDatabases())('auth tokens and sessions on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof signUpUser>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await signUpUser(server.api, randomEmail('admin'));
  });
  afterAll(async () => server?.close());

  it('accepts a valid token on a protected route and refuses none with 401', async () => {
    expect((await server.api.get(PROTECTED, { token: admin.token })).status).toBe(200);
    const none = await server.api.get(PROTECTED);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ msg: 'Authentication required', message: 'Authentication required' });
  });

  it('answers /auth/user/me with 401 for a refused token and as a guest without one', async () => {
    const refused = await server.api.get('/api/v1/auth/user/me', { token: 'not.a.token' });
    expect(refused.status).toBe(401);
    const guest = await server.api.get('/api/v1/auth/user/me');
    expect(guest.body).toEqual({ roles: { guest: true } });
  });

  it('refuses an alg:none token', async () => {
    const [, payload] = admin.token.split('.');
    const forged = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const res = await server.api.get(PROTECTED, { token: forged });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ msg: 'Invalid token', message: 'Invalid token' });
  });

  it('refuses a token whose payload was tampered with', async () => {
    const [header, payload, signature] = admin.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${header}.${b64url({ ...claims, email: 'someone@else.com' })}.${signature}`;
    expect((await server.api.get(PROTECTED, { token: tampered })).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const id = await userIdOf(server, admin.token);
    const other = new JwtService('another-secret-of-enough-length', 600);
    const token = await other.sign({ id, email: admin.email, roles: 'super', token_version: 0 });
    expect((await server.api.get(PROTECTED, { token })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const id = await userIdOf(server, admin.token);
    const expired = await new JwtService(server.ctx.config.jwtSecret, -5).sign({
      id,
      email: admin.email,
      roles: 'super',
      token_version: 0,
    });
    const fresh = await new JwtService(server.ctx.config.jwtSecret, 60).sign({
      id,
      email: admin.email,
      roles: 'super',
      token_version: 0,
    });
    expect((await server.api.get(PROTECTED, { token: fresh })).status).toBe(200);
    expect((await server.api.get(PROTECTED, { token: expired })).status).toBe(401);
  });

  it('rotates refresh tokens: a refresh cookie works once', async () => {
    const user = await signUpUser(server.api, randomEmail());
    const first = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie: user.cookie });
    expect(first.status).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    const rotated = refreshCookieOf(first.headers);
    expect(rotated).not.toBe(user.cookie);

    const replay = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie: user.cookie });
    expect(replay.status).toBe(401);
    const next = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie: rotated });
    expect(next.status).toBe(200);
  });

  it('signs out: the refresh cookie stops working', async () => {
    const user = await signUpUser(server.api, randomEmail());
    expect((await server.api.post('/api/v1/auth/user/signout', {}, { cookie: user.cookie })).status).toBe(
      200,
    );
    const res = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie: user.cookie });
    expect(res.status).toBe(401);
  });

  it('ends every other session on a password change, old JWTs and refresh cookies included', async () => {
    const email = randomEmail();
    const first = await signUpUser(server.api, email);
    const second = await signIn(server, email);
    const change = await server.api.post(
      '/api/v1/auth/password/change',
      { currentPassword: PASSWORD, newPassword: 'NewPassword456!' },
      { token: first.token },
    );
    expect(change.status).toBe(200);
    expect(change.body.token).toEqual(expect.any(String));

    // Both sessions' access tokens carry the old token_version now.
    expect((await server.api.get(PROTECTED, { token: second.token })).status).toBe(401);
    expect((await server.api.get(PROTECTED, { token: first.token })).status).toBe(401);
    for (const cookie of [first.cookie, second.cookie]) {
      const res = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie });
      expect(res.status).toBe(401);
    }
    // The session that made the change carries on with the token and cookie it got back.
    expect((await server.api.get(PROTECTED, { token: change.body.token })).status).toBe(200);
    const cookie = refreshCookieOf(change.headers);
    expect((await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie })).status).toBe(200);
    // The old password is gone, the new one works.
    expect((await server.api.post('/api/v1/auth/user/signin', { email, password: PASSWORD })).status).toBe(
      400,
    );
    await signIn(server, email, 'NewPassword456!');
  });

  it('refuses a wrong current password on change with 400', async () => {
    const user = await signUpUser(server.api, randomEmail());
    const res = await server.api.post(
      '/api/v1/auth/password/change',
      { currentPassword: 'wrong-password1', newPassword: 'NewPassword456!' },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Current password is wrong');
    expect((await server.api.get(PROTECTED, { token: user.token })).status).toBe(200);
  });

  it('refuses a weak new password on change with a message naming the field', async () => {
    const user = await signUpUser(server.api, randomEmail());
    const res = await server.api.post(
      '/api/v1/auth/password/change',
      { currentPassword: PASSWORD, newPassword: 'short' },
      { token: user.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('newPassword');
  });

  it('refuses an invalid email or a weak password on sign-up with 400 and a message', async () => {
    const badEmail = await server.api.post('/api/v1/auth/user/signup', {
      email: 'not-an-email',
      password: PASSWORD,
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.msg).toMatch(/email/i);
    const weak = await server.api.post('/api/v1/auth/user/signup', { email: randomEmail(), password: 'abc' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toMatch(/password.*8 characters/i);
    const noDigit = await server.api.post('/api/v1/auth/user/signup', {
      email: randomEmail(),
      password: 'onlyletters',
    });
    expect(noDigit.status).toBe(400);
    expect(noDigit.body.errors[0]).toMatchObject({ instancePath: '/password' });
  });

  it('refuses a second sign-up with the same email', async () => {
    const email = randomEmail();
    await signUpUser(server.api, email);
    const again = await server.api.post('/api/v1/auth/user/signup', { email, password: PASSWORD });
    expect(again.status).toBe(400);
  });

  it('verifies the email address with the mailed link, once', async () => {
    const email = randomEmail();
    const user = await signUpUser(server.api, email);
    const before = await server.api.get('/api/v1/auth/user/me', { token: user.token });
    expect(before.body.email_verified).toBe(false);
    const token = tokenFromMail(server, email, 'email-verification');
    expect((await server.api.post(`/api/v1/auth/email/validate/${token}`)).status).toBe(200);
    const after = await server.api.get('/api/v1/auth/user/me', { token: user.token });
    expect(after.body.email_verified).toBe(true);
    const again = await server.api.post(`/api/v1/auth/email/validate/${token}`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Invalid verification url');
  });
});

describe.each(testDatabases())('invite-only sign-up on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('refuses uninvited sign-ups with 403 once a super admin turns it on', async () => {
    const admin = await signUpUser(server.api, randomEmail('admin'));
    await signUpUser(server.api, randomEmail());
    const set = await server.api.post(
      '/api/v1/app-settings',
      { invite_only_signup: true },
      { token: admin.token },
    );
    expect(set.status).toBe(200);
    const refused = await server.api.post('/api/v1/auth/user/signup', {
      email: randomEmail(),
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Not allowed to signup, contact super admin.');
    const info = await server.api.get('/api/v1/db/meta/nocodb/info');
    expect(info.body.inviteOnlySignup).toBe(true);

    // An invited user still gets in, with the invite token from their mail.
    const email = randomEmail('invited');
    const invite = await server.api.post(
      '/api/v1/users',
      { email, roles: 'org-level-creator' },
      { token: admin.token },
    );
    expect(invite.status).toBe(200);
    const token = tokenFromMail(server, email, 'invite');
    const signup = await server.api.post('/api/v1/auth/user/signup', { email, password: PASSWORD, token });
    expect(signup.status).toBe(200);
    const me = await server.api.get('/api/v1/auth/user/me', { token: signup.body.token });
    expect(me.body.roles).toEqual({ 'org-level-creator': true });
  });
});
