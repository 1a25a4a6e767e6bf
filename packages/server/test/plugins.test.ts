import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndUser, randomEmail, tokenFromMail } from './auth-fixtures.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { createBase, createTable } from './meta-factories.js';
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

  it("writes e-mails in the language of the request's Accept-Language, with text and HTML parts", async () => {
    const forgot = await server.api.post(
      '/api/v1/auth/password/forgot',
      { email: user.email },
      { headers: { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' } },
    );
    expect(forgot.status).toBe(200);
    const reset = await mailTo(user.email, 'Passwort zurücksetzen');
    const resetToken = tokenFromMail(server, user.email, 'password-reset');
    expect(reset.text).toContain(`Jemand hat angefordert, das Passwort von ${user.email} bei Rowbase`);
    expect(reset.text).toContain(`/#/reset/${resetToken}`);
    expect(reset.html).toContain(`href="${server.url}/#/reset/${resetToken}"`);
    expect(reset.html).toContain('Wenn Sie das nicht waren');

    // The web app sends its own locale codes (`zh-Hant`, `pt_BR`).
    const email = randomEmail('verify-ja');
    await server.api.post(
      '/api/v1/auth/user/signup',
      { email, password: 'Password123!' },
      { headers: { 'accept-language': 'ja' } },
    );
    const verify = await mailTo(email, 'メールアドレスを確認してください');
    expect(verify.text).toContain(`Rowbase で ${email} を確認するには`);
    const brEmail = randomEmail('verify-br');
    await server.api.post(
      '/api/v1/auth/user/signup',
      { email: brEmail, password: 'Password123!' },
      { headers: { 'accept-language': 'pt_BR' } },
    );
    expect((await mailTo(brEmail, 'Confirme seu endereço de e-mail')).text).toContain('Abra este link');
  });

  it('mails the answers of a shared form to whoever switched "e-mail me on submit" on, in their language', async () => {
    const base = await createBase(server, admin, 'Shop');
    const table = await createTable(server, admin, base.id, {
      table_name: 'orders',
      title: 'Orders',
      columns: [{ column_name: 'qty', title: 'Qty', uidt: 'Number' }],
    });
    const form = await server.api.post(
      `/api/v1/db/meta/tables/${table.id}/forms`,
      { title: 'Order form' },
      { token: admin.token },
    );
    const on = await server.api.patch(
      `/api/v1/db/meta/forms/${form.body.id}`,
      { email: true },
      { token: admin.token, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } },
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(
      (await server.api.get(`/api/v1/db/meta/forms/${form.body.id}`, { token: admin.token })).body.email,
    ).toBe(true);
    const share = await server.api.post(
      `/api/v1/db/meta/views/${form.body.id}/share`,
      {},
      { token: admin.token },
    );
    // Submitted by an anonymous visitor whose browser speaks German: the notice is in the admin's French.
    const submitted = await server.api.post(
      `/api/v1/db/public/shared-view/${share.body.uuid}/rows`,
      { Title: 'Tulip bulbs <50>', Qty: 12 },
      { headers: { 'accept-language': 'de' } },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const notice = await mailTo(admin.email, 'Nouvelle réponse à Order form');
    expect(notice.text).toContain('Quelqu’un a rempli le formulaire « Order form » sur Rowbase.');
    expect(notice.text).toContain('Title: Tulip bulbs <50>');
    expect(notice.text).toContain('Qty: 12');
    const link = `${server.url}/#/nc/${base.id}/${table.id}/${form.body.id}`;
    expect(notice.text).toContain(`Voir les réponses : ${link}`);
    expect(notice.html).toContain('Title: Tulip bulbs &lt;50&gt;');
    expect(notice.html).toContain(`href="${link}"`);

    // Switched off: the next submission sends nothing.
    await server.api.patch(`/api/v1/db/meta/forms/${form.body.id}`, { email: false }, { token: admin.token });
    const before = smtp.received.length;
    await server.api.post(`/api/v1/db/public/shared-view/${share.body.uuid}/rows`, {
      Title: 'Roses',
      Qty: 1,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.slice(before).filter((m) => m.subject?.startsWith('Nouvelle réponse'))).toEqual([]);
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
