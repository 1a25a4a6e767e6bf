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
  await expect(page.locator('#root')).toBeDefined();
  await page.waitForSelector('#root *');
  const health = await page.evaluate(async () => (await fetch('/api/v1/health')).json());
  expect(health.message).toBe('OK');
});
