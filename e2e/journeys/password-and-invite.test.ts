/** Forgot password, reset by link, and sign-up through an invitation link, all in the browser. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { PASSWORD, fillAuthForm, openPage, signUpByApi, storedToken, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let adminToken: string;

async function adminPost<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'xc-auth': adminToken },
    body: JSON.stringify(body ?? {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  adminToken = await signUpByApi(app.url, 'admin@example.com');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('answers the forgot-password form the same way for any address', async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/forgot-password`);
  await page.fill('[data-testid=email]', 'nobody@example.com');
  await page.click('[data-testid=submit]');
  await page.waitForSelector('[data-testid=forgot-sent]');
  await context.close();
});

it('signs up through an invitation link', async () => {
  const invite = await adminPost<{ invite_token: string }>('/api/v1/users', {
    email: 'invited@example.com',
    roles: 'org-level-viewer',
  });
  const { context, page } = await openPage(browser, `${app.url}/#/signup/${invite.invite_token}`);
  await fillAuthForm(page, 'invited@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.waitForSelector('[data-testid=home-signed-in-as]:has-text("invited@example.com")');
  // An org viewer may not create bases: the button is not there.
  expect(await page.locator('[data-testid=create-base]').count()).toBe(0);
  await context.close();
});

it('resets a password from a reset link and signs in with the new one', async () => {
  await signUpByApi(app.url, 'forgetful@example.com').catch(() => undefined);
  const users = await (
    await fetch(`${app.url}/api/v1/users?limit=100`, { headers: { 'xc-auth': adminToken } })
  ).json();
  const user = (users as { list: { id: string; email: string }[] }).list.find(
    (u) => u.email === 'forgetful@example.com',
  )!;
  const { reset_password_url } = await adminPost<{ reset_password_url: string }>(
    `/api/v1/users/${user.id}/generate-reset-url`,
  );
  const { context, page } = await openPage(browser, reset_password_url.replace(/^https?:\/\/[^/]+/, app.url));
  await page.fill('[data-testid=password]', 'Brand-new-pass-2');
  await page.fill('[data-testid=confirm]', 'Brand-new-pass-2');
  await page.click('[data-testid=submit]');
  await page.waitForSelector('[data-testid=reset-done]');

  await page.goto(`${app.url}/#/signin`);
  await fillAuthForm(page, 'forgetful@example.com', PASSWORD);
  await page.waitForSelector('.ant-alert-error');
  await fillAuthForm(page, 'forgetful@example.com', 'Brand-new-pass-2');
  await waitForRoute(page, (r) => r === '/');
  expect(await storedToken(page)).toMatch(/^ey/);
  await context.close();
});
