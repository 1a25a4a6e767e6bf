/** Sign-up of the first user, staying signed in across a reload, sign-in with continueAfterSignIn, 404. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, route, signUpByApi, storedToken, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('signs up the first user in the browser, and a reload keeps them signed in', async () => {
  const { context, page } = await openPage(browser, app.url);
  const socketCalls: { url: string; status: number }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/socket.io/')) socketCalls.push({ url: res.url(), status: res.status() });
  });
  // No user yet: the guard sends the visitor to sign-up.
  await waitForRoute(page, (r) => r.startsWith('/signup'));
  await fillAuthForm(page, 'first@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.waitForSelector('[data-testid=home-signed-in-as]:has-text("first@example.com")');
  expect(await storedToken(page)).toMatch(/^ey/);
  // Signed in: the telemetry socket opens at /socket.io and stays open (no reconnect storm).
  await page.waitForTimeout(1500);
  expect(socketCalls.some((c) => c.status === 200)).toBe(true);
  expect(socketCalls.length).toBeLessThan(10);

  await page.reload();
  await page.waitForSelector('[data-testid=home-signed-in-as]:has-text("first@example.com")');
  expect(route(page)).toBe('/');
  await context.close();
});

it('sends a visitor to sign-in with continueAfterSignIn, and back there after signing in', async () => {
  await signUpByApi(app.url, 'second@example.com').catch(() => undefined);
  const { context, page } = await openPage(browser, `${app.url}/#/account/tokens`);
  const atSignIn = await waitForRoute(page, (r) => r.startsWith('/signin'));
  expect(atSignIn).toBe('/signin?continueAfterSignIn=/account/tokens');
  await fillAuthForm(page, 'second@example.com');
  await waitForRoute(page, (r) => r === '/account/tokens');
  await page.waitForSelector('h1:has-text("API tokens")');
  await context.close();
});

it('shows a wrong password as the server words it', async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'first@example.com', 'Wrong-pass-9');
  const alert = await page.waitForSelector('.ant-alert-error');
  expect((await alert.textContent())?.length).toBeGreaterThan(3);
  expect(route(page)).toBe('/signin');
  await context.close();
});

it("shows 'Page Not Found: {path}' for an address that names nothing", async () => {
  const { context, page } = await openPage(browser, app.url);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, 'first@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.goto(`${app.url}/#/nc/p_doesnotexist`);
  const text = await (await page.waitForSelector('[data-testid=not-found]')).textContent();
  expect(text).toBe('Page Not Found: /nc/p_doesnotexist');
  await page.goto(`${app.url}/#/account/nothing-here`);
  await page.waitForSelector('[data-testid=not-found]:text-is("Page Not Found: /account/nothing-here")');
  await context.close();
});
