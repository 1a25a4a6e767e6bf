import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, randomEmail, signIn, tokenFromMail } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';

const PROTECTED = '/api/v1/tokens';
const NEW_PASSWORD = 'Another-pass-789';

describe.each(testDatabases())('password forgot and reset on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
    await signUpUser(server.api, randomEmail('admin'));
  });
  afterAll(async () => server?.close());

  async function forgot(email: string) {
    return server.api.post('/api/v1/auth/password/forgot', { email });
  }

  it('answers forgot-password the same whether or not the email exists, and mails only real accounts', async () => {
    const email = randomEmail();
    await signUpUser(server.api, email);
    const unknownEmail = randomEmail('nobody');
    const known = await forgot(email);
    const unknown = await forgot(unknownEmail);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(server.ctx.outbox.latest(email, 'password-reset')?.link).toMatch(/\/#\/reset\/[^/?]+$/);
    expect(server.ctx.outbox.latest(unknownEmail)).toBeUndefined();
  });

  it('stores the reset token only as a hash', async () => {
    const email = randomEmail();
    await signUpUser(server.api, email);
    await forgot(email);
    const token = tokenFromMail(server, email, 'password-reset');
    const row = await server.ctx.db('rb_users').where({ email }).first();
    expect(row.reset_password_token).toMatch(/^[0-9a-f]{64}$/);
    expect(row.reset_password_token).not.toBe(token);
  });

  it('refuses an invalid email on forgot with 400', async () => {
    const res = await forgot('nope');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/email/i);
  });

  it('resets the password once with the mailed token and ends every session', async () => {
    const email = randomEmail();
    const first = await signUpUser(server.api, email);
    const second = await signIn(server, email);
    await forgot(email);
    const token = tokenFromMail(server, email, 'password-reset');

    expect((await server.api.post(`/api/v1/auth/token/validate/${token}`)).status).toBe(200);
    const reset = await server.api.post(`/api/v1/auth/password/reset/${token}`, { password: NEW_PASSWORD });
    expect(reset.status).toBe(200);

    for (const s of [first, second]) {
      expect((await server.api.get(PROTECTED, { token: s.token })).status).toBe(401);
      const refresh = await server.api.post('/api/v1/auth/token/refresh', undefined, { cookie: s.cookie });
      expect(refresh.status).toBe(401);
    }
    await signIn(server, email, NEW_PASSWORD);
    const old = await server.api.post('/api/v1/auth/user/signin', { email, password: PASSWORD });
    expect(old.status).toBe(400);

    // The link is single-use.
    const again = await server.api.post(`/api/v1/auth/password/reset/${token}`, {
      password: 'Third-pass-000',
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('Invalid reset url');
    expect((await server.api.post(`/api/v1/auth/token/validate/${token}`)).status).toBe(400);
  });

  it('refuses an expired reset token with 400 and a message', async () => {
    const email = randomEmail();
    await signUpUser(server.api, email);
    await forgot(email);
    const token = tokenFromMail(server, email, 'password-reset');
    await server.ctx
      .db('rb_users')
      .where({ email })
      .update({ reset_password_expires: Date.now() - 1000 });
    const validate = await server.api.post(`/api/v1/auth/token/validate/${token}`);
    expect(validate.status).toBe(400);
    expect(validate.body.msg).toBe('Password reset url expired');
    const reset = await server.api.post(`/api/v1/auth/password/reset/${token}`, { password: NEW_PASSWORD });
    expect(reset.status).toBe(400);
    expect(reset.body.msg).toBe('Password reset url expired');
    await signIn(server, email, PASSWORD);
  });

  it('sets a reset token to expire within an hour', async () => {
    const email = randomEmail();
    await signUpUser(server.api, email);
    const before = Date.now();
    await forgot(email);
    const row = await server.ctx.db('rb_users').where({ email }).first();
    const expires = Number(row.reset_password_expires);
    expect(expires).toBeGreaterThan(before);
    expect(expires).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
  });

  it('only honours the newest link when forgot is asked twice', async () => {
    const email = randomEmail();
    await signUpUser(server.api, email);
    await forgot(email);
    const older = tokenFromMail(server, email, 'password-reset');
    await forgot(email);
    const newer = tokenFromMail(server, email, 'password-reset');
    expect(newer).not.toBe(older);
    expect((await server.api.post(`/api/v1/auth/token/validate/${older}`)).status).toBe(400);
    expect((await server.api.post(`/api/v1/auth/token/validate/${newer}`)).status).toBe(200);
  });

  it('refuses an unknown token and a weak new password', async () => {
    const unknown = await server.api.post('/api/v1/auth/password/reset/not-a-token', {
      password: NEW_PASSWORD,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('Invalid reset url');
    const email = randomEmail();
    await signUpUser(server.api, email);
    await forgot(email);
    const token = tokenFromMail(server, email, 'password-reset');
    const weak = await server.api.post(`/api/v1/auth/password/reset/${token}`, { password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].instancePath).toBe('/password');
    // A refused attempt does not use the link up.
    expect((await server.api.post(`/api/v1/auth/token/validate/${token}`)).status).toBe(200);
  });
});
