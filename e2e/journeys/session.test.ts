/**
 * Token refresh before expiry and the forced sign-out when it fails, with access tokens living 10 s
 * (NC_JWT_EXPIRES_IN) so that both happen within seconds.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, route, signUpByApi, storedToken, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp({ NC_JWT_EXPIRES_IN: '10' });
  browser = await launchBrowser();
  await signUpByApi(app.url, 'owner@example.com');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('refreshes the token before it expires and stays signed in', async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'owner@example.com');
  await waitForRoute(page, (r) => r === '/');
  const first = await storedToken(page);
  await page.waitForFunction(
    (old) => JSON.parse(localStorage.getItem('rowbase-gui-v1') ?? '{}').token !== old,
    first,
    { timeout: 9_000 },
  );
  // Past the first token's expiry: still signed in, also after a reload.
  await page.waitForTimeout(6_000);
  await page.reload();
  await page.waitForSelector('[data-testid=home-signed-in-as]:has-text("owner@example.com")');
  expect(route(page)).toBe('/');
  await context.close();
});

it("signs out with 'You have been signed out' when the refresh fails", async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'owner@example.com');
  await waitForRoute(page, (r) => r === '/');
  // Without its refresh cookie the next refresh is refused.
  await context.clearCookies();
  await page.waitForSelector('.ant-notification-notice:has-text("You have been signed out")', {
    timeout: 12_000,
  });
  await waitForRoute(page, (r) => r.toLowerCase().startsWith('/signin'));
  expect(await storedToken(page)).toBeNull();
  await context.close();
});
