/** Plugins page: the super admin configures SMTP against a real SMTP server on loopback, tests it and activates it. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let smtp: SMTPServer;
let smtpPort: number;
let adminToken: string;
const received: ParsedMail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          received.push(m);
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  app = await startApp();
  browser = await launchBrowser();
  adminToken = await signUpByApi(app.url, 'admin@example.com');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function mailTo(address: string, subject: string): Promise<ParsedMail> {
  for (let i = 0; i < 100; i++) {
    const found = received.find(
      (m) => m.subject === subject && [m.to].flat().some((a) => a?.value.some((v) => v.address === address)),
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" mail to ${address}`);
}

it('configures SMTP, sends a test e-mail, activates it, and invitations then arrive by e-mail', async () => {
  const { page } = await openPage(browser, `${app.url}/#/account/plugins`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, 'admin@example.com');
  await waitForRoute(page, (r) => r === '/account/plugins');

  const card = page.locator('[data-testid="plugin-SMTP"]');
  await card.getByText('Not configured').waitFor();
  await card.locator('[data-testid=plugin-configure]').click();
  await page.fill('[data-testid=plugin-field-from]', 'rowbase@example.com');
  await page.fill('[data-testid=plugin-field-host]', '127.0.0.1');
  await page.fill('[data-testid=plugin-field-port]', String(smtpPort));
  await page.click('[data-testid=plugin-field-ignoreTLS]');

  await page.click('[data-testid=plugin-test]');
  await page.getByText('SMTP test passed').waitFor();
  const test = await mailTo('admin@example.com', 'Rowbase test e-mail');
  expect(test.from?.value[0]?.address).toBe('rowbase@example.com');

  await page.click('[data-testid=plugin-save]');
  await card.getByText('Configured, not active').waitFor();
  await card.locator('[data-testid=plugin-active]').click();
  await card.getByText('Active', { exact: true }).waitFor();
  const status = await call<boolean>(app.url, 'GET', '/api/v1/db/meta/plugins/pl_smtp/status', adminToken);
  expect(status).toBe(true);

  await call(app.url, 'POST', '/api/v1/users', adminToken, {
    email: 'newcomer@example.com',
    roles: 'org-level-viewer',
  });
  const invite = await mailTo('newcomer@example.com', 'You are invited to Rowbase');
  expect(invite.text).toContain(`${app.url}/#/signup/`);
  await page.context().close();
});

it('shows the SMTP server refusing a wrong port in the settings form', async () => {
  const { page } = await openPage(browser, `${app.url}/#/account/plugins`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, 'admin@example.com');
  await waitForRoute(page, (r) => r === '/account/plugins');
  await page.locator('[data-testid="plugin-SMTP"] [data-testid=plugin-configure]').click();
  await page.fill('[data-testid=plugin-field-port]', '1');
  await page.click('[data-testid=plugin-test]');
  const error = await page.waitForSelector('[data-testid=plugin-error]');
  expect(await error.textContent()).toMatch(/SMTP test failed/);
  await page.context().close();
});
