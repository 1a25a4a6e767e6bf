/** Sign-in with OpenID Connect in Chromium, against a real provider (oidc-provider) started on loopback. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../../packages/server/test/oidc-test-provider.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { openPage, signUpByApi, storedToken, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let op: TestOidcProvider;

beforeAll(async () => {
  op = await startOidcProvider();
  app = await startApp({
    NC_OIDC_ISSUER: op.issuer,
    NC_OIDC_CLIENT_ID: op.clientId,
    NC_OIDC_CLIENT_SECRET: op.clientSecret,
    NC_OIDC_PROVIDER_NAME: 'Test IdP',
  });
  op.register(`${app.url}/`);
  browser = await launchBrowser();
  await signUpByApi(app.url, 'admin@example.com');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await op?.close();
});

it('signs a new person in through the provider and returns them to the page they asked for', async () => {
  op.signInAs({ sub: 'grace', email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' });
  const { page } = await openPage(browser, `${app.url}/#/account/profile`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await page.click('[data-testid=sso-oidc]:has-text("Sign in with Test IdP")');
  await waitForRoute(page, (r) => r === '/account/profile');
  // The address no longer carries the code and state.
  expect(new URL(page.url()).search).toBe('');
  const token = await storedToken(page);
  const me = await fetch(`${app.url}/api/v1/auth/user/me`, { headers: { 'xc-auth': token! } });
  expect(await me.json()).toMatchObject({ email: 'grace@example.com', display_name: 'Grace Hopper' });
  await page.getByText('grace@example.com').first().waitFor();
  await page.context().close();
});

it('shows why an unverified e-mail is refused and stays on sign-in', async () => {
  op.signInAs({ sub: 'mallory', email: 'admin@example.com', email_verified: false });
  const { page } = await openPage(browser, `${app.url}/#/signin`);
  await page.click('[data-testid=sso-oidc]');
  await page.getByText('Test IdP has not verified the e-mail address admin@example.com').waitFor();
  expect(await storedToken(page)).toBeNull();
  await page.context().close();
});
