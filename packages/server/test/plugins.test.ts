import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndUser, randomEmail, tokenFromMail } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase } from './meta-factories.js';
import { startSmtp, type TestSmtp } from './protocol-servers.js';
import type { ParsedMail } from 'mailparser';

const PLUGINS = '/api/v1/db/meta/plugins';
const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-secret-pass';

describe.each(testDatabases())('plugins API and SMTP e-mail on %s', (kind) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let admin: { token: string; email: string };
  let user: { token: string; email: string };

  beforeAll(async () => {
    server = await startTestServer(kind);
    smtp = await startSmtp({ user: SMTP_USER, pass: SMTP_PASS });
    ({ admin, user } = await adminAndUser(server));
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const smtpInput = (over: Record<string, unknown> = {}) => ({
    from: 'rowbase@example.com',
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    username: SMTP_USER,
    password: SMTP_PASS,
    ...over,
  });

  it('lists the SMTP and S3 plugins with their input schema, to super admins only', async () => {
    const res = await server.api.get(PLUGINS, { token: admin.token });
    expect(res.status).toBe(200);
    const titles = res.body.list.map((p: { title: string }) => p.title);
    expect(titles).toEqual(expect.arrayContaining(['SMTP', 'S3']));
    const smtpPlugin = res.body.list.find((p: { title: string }) => p.title === 'SMTP');
    expect(smtpPlugin).toMatchObject({ category: 'Email', active: false, input: null });
    const schema = JSON.parse(smtpPlugin.input_schema);
    expect(schema.items.map((i: { key: string }) => i.key)).toEqual(
      expect.arrayContaining(['host', 'port', 'secure', 'starttls', 'username', 'password', 'from']),
    );

    expect((await server.api.get(PLUGINS, { token: user.token })).status).toBe(403);
    expect((await server.api.get(`${PLUGINS}/pl_smtp`, { token: user.token })).status).toBe(403);
    expect(
      (await server.api.patch(`${PLUGINS}/pl_smtp`, { active: true }, { token: user.token })).status,
    ).toBe(403);
    expect((await server.api.get(PLUGINS)).status).toBe(401);
    expect((await server.api.get(`${PLUGINS}/nope`, { token: admin.token })).status).toBe(404);
  });

  it('refuses incomplete or malformed settings naming the field, and activation before settings', async () => {
    const missing = await server.api.patch(
      `${PLUGINS}/pl_smtp`,
      { input: JSON.stringify({ host: 'x' }) },
      { token: admin.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/input\.from/);
    const badPort = await server.api.patch(
      `${PLUGINS}/pl_smtp`,
      { input: smtpInput({ port: 'abc' }) },
      { token: admin.token },
    );
    expect(badPort.status).toBe(400);
    expect(badPort.body.msg).toMatch(/input\.port/);
    const early = await server.api.patch(`${PLUGINS}/pl_smtp`, { active: true }, { token: admin.token });
    expect(early.status).toBe(400);
    expect((await server.api.get(`${PLUGINS}/pl_smtp/status`, { token: admin.token })).body).toBe(false);
  });

  it('sends a test message to the admin through the SMTP server, and reports a failing server', async () => {
    const ok = await server.api.post(
      `${PLUGINS}/test`,
      { title: 'SMTP', input: JSON.stringify(smtpInput()) },
      { token: admin.token },
    );
    expect(ok.status).toBe(200);
    const mail = await smtp.waitFor(admin.email);
    expect(mail.subject).toBe('Rowbase test e-mail');
    expect(mail.from?.value[0]?.address).toBe('rowbase@example.com');
    expect(mail.text).toMatch(/e-mail settings work/);

    const wrongPass = await server.api.post(
      `${PLUGINS}/test`,
      { id: 'pl_smtp', input: smtpInput({ password: 'wrong' }) },
      { token: admin.token },
    );
    expect(wrongPass.status).toBe(400);
    expect(wrongPass.body.msg).toMatch(/^SMTP test failed/);
  });

  it('stores the password sealed, masks it in replies and keeps it when the mask is sent back', async () => {
    const saved = await server.api.patch(
      `${PLUGINS}/pl_smtp`,
      { input: JSON.stringify(smtpInput()), active: true },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.active).toBe(true);
    const shown = JSON.parse(saved.body.input);
    expect(shown.password).toBe('********');
    expect(shown.host).toBe('127.0.0.1');

    const row = await server.ctx.db('rb_plugins').where({ id: 'pl_smtp' }).first();
    expect(row.input).not.toContain(SMTP_PASS);
    expect(row.input).not.toContain('127.0.0.1');

    const listed = await server.api.get(PLUGINS, { token: admin.token });
    expect(JSON.stringify(listed.body)).not.toContain(SMTP_PASS);

    // Changing the sender without retyping the password keeps the stored one working.
    const changed = await server.api.patch(
      `${PLUGINS}/pl_smtp`,
      { input: JSON.stringify({ ...shown, from: 'noreply@example.com' }) },
      { token: admin.token },
    );
    expect(changed.status).toBe(200);
    expect((await server.api.get(`${PLUGINS}/pl_smtp/status`, { token: admin.token })).body).toBe(true);
    const webhook = await server.api.get(`${PLUGINS}/webhook`, { token: admin.token });
    expect(webhook.body.list.map((p: { title: string }) => p.title)).toEqual(['SMTP']);
  });

  it('mails invitations, password resets and verification links through the active plugin', async () => {
    const invitee = randomEmail('invitee');
    const invited = await server.api.post(
      '/api/v1/users',
      { email: invitee, roles: 'org-level-viewer' },
      { token: admin.token },
    );
    expect(invited.status).toBe(200);
    const invite = await smtp.waitFor(invitee);
    expect(invite.from?.value[0]?.address).toBe('noreply@example.com');
    const token = tokenFromMail(server, invitee, 'invite');
    expect(invite.text).toContain(`/#/signup/${token}`);
    expect(invite.html).toContain(`href="${server.url}/#/signup/${token}"`);

    const forgot = await server.api.post('/api/v1/auth/password/forgot', { email: user.email });
    expect(forgot.status).toBe(200);
    const reset = await smtp.waitFor(user.email);
    const resetToken = tokenFromMail(server, user.email, 'password-reset');
    expect(reset.subject).toBe('Password reset');
    expect(reset.text).toContain(`/#/reset/${resetToken}`);
    // The reset link in the received e-mail works.
    const done = await server.api.post(`/api/v1/auth/password/reset/${resetToken}`, {
      password: 'Brand-new-pass-1',
    });
    expect(done.status).toBe(200);
  });

  /** The first received mail to an address whose subject matches (an address may get several kinds). */
  const mailTo = async (to: string, subject: string): Promise<ParsedMail> => {
    for (let i = 0; i < 200; i++) {
      const found = smtp.received.find(
        (m) => m.subject === subject && [m.to].flat().some((a) => a?.value.some((v) => v.address === to)),
      );
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail '${subject}' to ${to} arrived`);
  };

  it('mails a base invitation whose link signs the invitee up into the base', async () => {
    const base = await createBase(server, admin, 'Garden <plans>');
    const invitee = randomEmail('base-invitee');
    const invited = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/users`,
      { email: invitee, roles: 'editor' },
      { token: admin.token },
    );
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body.emailed).toBe(true);
    const mail = await mailTo(invitee, 'You are invited to Garden <plans> on Rowbase');
    expect(mail.text).toContain(`${admin.email} invited you to the base "Garden <plans>"`);
    expect(mail.html).toContain('Garden &lt;plans&gt;');
    // The link in the received e-mail is the one the API shows, and it works.
    const link = /https?:\/\/\S+/.exec(mail.text ?? '')![0];
    expect(link).toBe(invited.body.invite_url);
    expect(link).toContain(`?continueAfterSignIn=${encodeURIComponent(`/nc/${base.id}`)}`);
    const token = decodeURIComponent(new URL(link).hash.split('?')[0]!.split('/').pop()!);
    const signup = await server.api.post('/api/v1/auth/user/signup', {
      email: invitee,
      password: 'Invited-pass-1',
      token,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const opened = await server.api.get(`/api/v1/db/meta/projects/${base.id}`, { token: signup.body.token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.title).toBe('Garden <plans>');

    // Someone with an account already is told they were added, with a link to the base.
    const member = await signUpUser(server.api, randomEmail('member'));
    const added = await server.api.post(
      `/api/v1/db/meta/projects/${base.id}/users`,
      { email: member.email, roles: 'viewer' },
      { token: admin.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const notice = await mailTo(member.email, 'You are invited to Garden <plans> on Rowbase');
    expect(notice.text).toContain(`${server.url}/#/nc/${base.id}`);
  });

  it('sends e-mail verification links', async () => {
    const email = randomEmail('verify');
    const signup = await server.api.post('/api/v1/auth/user/signup', { email, password: 'Password123!' });
    expect(signup.status).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Verify your e-mail address');
    const token = tokenFromMail(server, email, 'email-verification');
    expect(mail.text).toContain(`/#/email/verify/${token}`);
    expect((await server.api.post(`/api/v1/auth/email/validate/${token}`)).status).toBe(200);
  });
});
