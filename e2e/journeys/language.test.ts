/** Switching the interface to Arabic turns the page right-to-left and the choice survives a reload. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  await signUpByApi(app.url, 'owner@example.com');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('switches to Arabic: html dir=rtl, translated text, kept after reload; back to English is ltr', async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await waitForRoute(page, (r) => r === '/signin');
  const english = await page.textContent('[data-testid=auth-title]');
  await page.click('[data-testid=language-picker]');
  await page.click('.ant-select-item-option[title="العربية"]');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  const arabic = await page.textContent('[data-testid=auth-title]');
  expect(arabic).not.toBe(english);
  expect(arabic).toMatch(/[\u0600-\u06FF]/);
  expect(await page.locator('.ant-form-rtl, .ant-row-rtl, .ant-card-rtl').count()).toBeGreaterThan(0);

  await page.reload();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');

  await page.click('[data-testid=language-picker]');
  await page.click('.ant-select-item-option[title="English"]');
  await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  expect(await page.textContent('[data-testid=auth-title]')).toBe(english);
  await context.close();
});
