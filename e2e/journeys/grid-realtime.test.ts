/** Two tabs on the same grid view: an edit, an added row and a deleted row in one show in the other without a reload. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellValue, clickCell, eventually, openGrid } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let tableId: string;
let writer: Page;
let watcher: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'realtime@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Live' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tasks',
    columns: [{ title: 'Qty', uidt: 'Number' }],
  });
  tableId = table.id;
  await call(
    api,
    'POST',
    `/api/v2/tables/${tableId}/records`,
    Array.from({ length: 5 }, (_, i) => ({ Title: `task ${i}`, Qty: i })),
  );
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  writer = await context.newPage();
  watcher = await context.newPage();
  for (const page of [writer, watcher]) {
    page.setDefaultTimeout(15_000);
    await openGrid(page, api, base.id, tableId, viewId);
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const rowCount = (page: Page) =>
  page.evaluate(() => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowCount);

it('shows a cell edited in one tab in the other', async () => {
  await clickCell(writer, 'Title', 1);
  await writer.keyboard.type('edited live');
  await writer.keyboard.press('Enter');
  await eventually(
    () => cellValue(watcher, 'Title', 1),
    (v) => v === 'edited live',
  );
  await clickCell(writer, 'Qty', 2);
  await writer.keyboard.type('42');
  await writer.keyboard.press('Enter');
  expect(
    await eventually(
      () => cellValue(watcher, 'Qty', 2),
      (v) => v === 42,
    ),
  ).toBe(42);
});

it('shows rows added and deleted elsewhere', async () => {
  const before = await rowCount(watcher);
  const [{ Id }] = await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [{ Title: 'from the API' }]);
  await eventually(
    () => rowCount(watcher),
    (n) => n === before + 1,
  );
  await call(api, 'DELETE', `/api/v2/tables/${tableId}/records`, [{ Id }]);
  await eventually(
    () => rowCount(watcher),
    (n) => n === before,
  );
});
