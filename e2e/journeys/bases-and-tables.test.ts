/** Creating a base and a table from the UI (needs the meta routes: bases, tables). */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

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

it('creates a base and a table in it, renames the table, and tests a source connection', async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'owner@example.com');
  await waitForRoute(page, (r) => r === '/');

  await page.click('[data-testid=create-base]');
  await page.fill('[data-testid=title-input]', 'Sales');
  await page.click('[data-testid=modal-ok]');
  const basePath = await waitForRoute(page, (r) => /^\/nc\/[^/]+$/.test(r));
  await page.waitForSelector('[data-testid=base-title]:has-text("Sales")');

  await page.click('[data-testid=create-table]');
  await page.fill('[data-testid=title-input]', 'Orders');
  await page.click('[data-testid=modal-ok]');
  await waitForRoute(page, (r) => r.startsWith(basePath + '/'));
  await page.waitForSelector('[data-testid=table-title]:has-text("Orders")');
  await page.waitForSelector('[data-testid=table-list] >> text=Orders');

  await page.click('[data-testid=table-list] button[aria-label=Actions]');
  await page.click('.ant-dropdown-menu-item:has-text("Rename")');
  await page.fill('[data-testid=title-input]', 'Purchase orders');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=table-list] >> text=Purchase orders');

  // Data sources: templates fill in their default ports, and the connection test reaches local PostgreSQL.
  await page.click('[data-testid=base-home-link]');
  await page.click('.ant-tabs-tab:has-text("Data sources")');
  await page.click('[data-testid=source-template]');
  await page.click('.ant-select-item-option[title="MySQL"]');
  expect(await page.inputValue('input[data-testid=source-port], [data-testid=source-port] input')).toBe(
    '3306',
  );
  await page.click('[data-testid=source-template]');
  await page.click('.ant-select-item-option[title="PostgreSQL"]');
  expect(await page.inputValue('input[data-testid=source-port], [data-testid=source-port] input')).toBe(
    '5432',
  );
  await page.fill('input#host', '127.0.0.1');
  await page.fill('input#user', 'postgres');
  await page.fill('input#database', 'postgres');
  await page.fill('input#alias', 'Local pg');
  await page.click('[data-testid=source-test]');
  await page.waitForSelector('.ant-alert-success:has-text("Connection succeeded")');

  // The base is listed on the home page after a reload.
  await page.goto(`${app.url}/#/`);
  await page.waitForSelector('[data-testid=base-Sales]');
  expect(await page.locator('[data-testid=base-list] >> text=Sales').count()).toBe(1);
  await context.close();
});
