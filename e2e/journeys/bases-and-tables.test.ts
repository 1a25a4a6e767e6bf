/** Creating a base and a table from the UI (needs the meta routes: bases, tables). */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { call } from '../support/api.js';
import {
  chooseFromMenu,
  fillAuthForm,
  openPage,
  route,
  signUpByApi,
  storedToken,
  waitForRoute,
} from '../support/web.js';

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

  // Rows added through the API show in the table.
  const tableId = route(page).split('/')[3]!;
  const token = (await storedToken(page))!;
  await call(app.url, 'POST', `/api/v2/tables/${tableId}/records`, token, [{ Title: 'First order' }]);
  await page.reload();
  // The canvas grid holds (and paints) the row.
  await page.waitForFunction(() => {
    const g = (document.querySelector('[data-testid=grid] canvas') as any)?.rowbaseGrid;
    return (
      !!g &&
      g.value(
        0,
        g.columns.findIndex((c: { title: string }) => c.title === 'Title'),
      ) === 'First order'
    );
  });

  await chooseFromMenu(page, '[data-testid=table-list] button[aria-label=Actions]', 'Rename');
  await page.fill('[data-testid=title-input]', 'Purchase orders');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=table-list] >> text=Purchase orders');

  // Data sources: templates fill in their default ports, and the connection test reaches local PostgreSQL.
  await page.click('[data-testid=base-home-link]');
  await page.click('.ant-tabs-tab:has-text("Data sources")');
  await page.click('[data-testid=source-template]');
  await page.click('.ant-select-item-option[title="MySQL"]');
  await page.waitForFunction(
    (port) =>
      (
        document.querySelector(
          'input[data-testid=source-port], [data-testid=source-port] input',
        ) as HTMLInputElement
      )?.value === port,
    '3306',
  );
  await page.click('[data-testid=source-template]');
  await page.click('.ant-select-item-option[title="PostgreSQL"]');
  await page.waitForFunction(
    (port) =>
      (
        document.querySelector(
          'input[data-testid=source-port], [data-testid=source-port] input',
        ) as HTMLInputElement
      )?.value === port,
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
  expect(await page.locator('[data-testid=base-list] >> text=Sales').count()).toBeGreaterThanOrEqual(1);
  await context.close();
});

async function tableTitles(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=table-list] > li > div > a')
    .allTextContents()
    .then((t) => t.map((s) => s.trim()));
}

it('reorders, duplicates and deletes tables, then renames, duplicates and deletes the base', async () => {
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'owner@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.click('[data-testid=create-base]');
  await page.fill('[data-testid=title-input]', 'Ops');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=base-title]:has-text("Ops")');
  for (const title of ['Alpha', 'Beta']) {
    await page.click('[data-testid=create-table]');
    await page.fill('[data-testid=title-input]', title);
    await page.click('[data-testid=modal-ok]');
    await page.waitForSelector(`[data-testid=table-title]:has-text("${title}")`);
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] > li').length === 2);
  expect((await tableTitles(page)).map((t) => t.replace(/^\W+/, ''))).toEqual(['Alpha', 'Beta']);

  // Move Beta above Alpha.
  await chooseFromMenu(
    page,
    '[data-testid=table-list] li:has-text("Beta") button[aria-label=Actions]',
    'Move up',
  );
  await page.waitForFunction(() =>
    document.querySelector('[data-testid=table-list] > li')?.textContent?.includes('Beta'),
  );

  // Delete Alpha.
  await chooseFromMenu(
    page,
    '[data-testid=table-list] li:has-text("Alpha") button[aria-label=Actions]',
    'Delete',
  );
  await page.click('.ant-modal-confirm-btns .ant-btn-dangerous');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=table-list] > li').length === 1);

  // The base from the home page: rename, duplicate, delete.
  await page.goto(`${app.url}/#/`);
  await chooseFromMenu(page, '[data-testid="base-actions-Ops"]', 'Rename');
  await page.fill('[data-testid=title-input]', 'Operations');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=base-Operations]');
  // Count the cards first: a retried journey leaves bases of its first attempt behind.
  const cards = await page.locator('[data-testid=base-list] .ant-card').count();
  await chooseFromMenu(page, '[data-testid="base-actions-Operations"]', 'Duplicate');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=base-list] .ant-card').length === n + 1,
    cards,
  );
  // The copy is filled by a job; deleting the original before it ends would fail the copy.
  await page.waitForSelector('.ant-message >> text=Base duplicated');
  await chooseFromMenu(page, '[data-testid="base-actions-Operations"]', 'Delete');
  await page.click('.ant-modal-confirm-btns .ant-btn-dangerous');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid=base-list] .ant-card').length === n,
    cards,
  );
  await context.close();
});
