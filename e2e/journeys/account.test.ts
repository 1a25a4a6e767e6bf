/** Account pages: API tokens, users management and app settings for the super admin; none for others. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  adminToken = await signUpByApi(app.url, 'admin@example.com');
  await signUpByApi(app.url, 'member@example.com');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signInAt(path: string, email: string): Promise<Page> {
  const { page } = await openPage(browser, `${app.url}/#${path}`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, email);
  await waitForRoute(page, (r) => r === path);
  return page;
}

it('creates an API token, shows its secret once, and deletes it', async () => {
  const page = await signInAt('/account/tokens', 'admin@example.com');
  await page.fill('[data-testid=token-description]', 'ci robot');
  await page.click('[data-testid=token-create]');
  const secret = (await (await page.waitForSelector('.ant-alert-success code')).textContent())!.trim();
  expect(secret.length).toBeGreaterThan(20);
  const me = await fetch(`${app.url}/api/v1/auth/user/me`, { headers: { 'xc-token': secret } });
  expect(((await me.json()) as { email?: string }).email).toBe('admin@example.com');

  await page.click('tr:has-text("ci robot") button:has-text("Delete")');
  await page.waitForSelector('tr:has-text("ci robot")', { state: 'detached' });
  await page.context().close();
});

it('lets the super admin invite a user and turn on invite-only sign-up', async () => {
  const page = await signInAt('/account/users', 'admin@example.com');
  await page.fill('[data-testid=org-invite-email]', 'newcomer@example.com');
  await page.click('button:has-text("Invite")');
  await page.waitForSelector('tr:has-text("newcomer@example.com")');
  const link = await (await page.waitForSelector('.ant-alert-success .ant-typography')).textContent();
  expect(link).toContain('#/signup/');

  await page.goto(`${app.url}/#/account/app-settings`);
  await page.click('.ant-switch');
  await page.waitForSelector('.ant-switch-checked');
  const settings = await call<{ invite_only_signup: boolean }>(
    app.url,
    'GET',
    '/api/v1/app-settings',
    adminToken,
  );
  expect(settings.invite_only_signup).toBe(true);
  await page.context().close();
});

it('refuses users management to a member with the permission message', async () => {
  const page = await signInAt('/account/profile', 'member@example.com');
  expect(await page.locator('[data-testid=nav-users]').count()).toBe(0);
  await page.goto(`${app.url}/#/account/users`);
  await page.waitForSelector(
    '.ant-notification-notice:has-text("You don\'t have enough permission to access the page.")',
  );
  await waitForRoute(page, (r) => r === '/');
  await page.context().close();
});
