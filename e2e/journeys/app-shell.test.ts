import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';

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

it('serves the web app and the API on one port', async () => {
  const page = await browser.newPage();
  await page.goto(app.url);
  // A fresh install has no user: the app renders and its guard shows the first user's sign-up form.
  await page.waitForSelector('#root [data-testid=email]');
  expect(await page.locator('#root').innerText()).toContain('Create the admin account');
  expect(new URL(page.url()).hash).toMatch(/^#\/signup/);
  const health = await page.evaluate(async () => (await fetch('/api/v1/health')).json());
  expect(health.message).toBe('OK');
});
