/**
 * Finding one's way: opening a table shows its whole toolbar at once; `?` or Ctrl + / lists the grid's keyboard
 * shortcuts (and `?` does not end up in a cell); a table created in the database outside Rowbase is listed
 * under Data sources as a schema change, and one click on Sync puts it in the sidebar without a reload.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellValue, clickCell, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

interface SqliteDb {
  prepare(sql: string): { get(...args: unknown[]): unknown; run(...args: unknown[]): unknown };
  exec(sql: string): void;
  close(): void;
}
// The server's own SQLite driver stands in for "someone working on the database directly".
const serverRequire = createRequire(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server/package.json'),
);
const Sqlite = serverRequire('better-sqlite3') as new (file: string) => SqliteDb;

let app: RunningApp;
let browser: Browser;
let api: Api;
let baseId: string;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  baseId = (await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Desk' })).id;
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Notes',
    columns: [{ column_name: 'title', title: 'Title', uidt: 'SingleLineText' }],
  });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, [{ Title: 'first' }]);
  page = await browser.newPage({ viewport: { width: 1200, height: 750 } });
  page.setDefaultTimeout(15_000);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  await page.goto(`${app.url}/#/nc/${baseId}`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('shows the whole toolbar as soon as a table opens', async () => {
  await page.click('[data-testid=table-list] >> text=Notes');
  for (const id of ['toolbar-fields', 'toolbar-filter', 'toolbar-sort', 'toolbar-group'])
    await page.waitForSelector(`[data-testid=${id}]`);
  await waitForRows(page);
});

it('lists the keyboard shortcuts on ? and on Ctrl + /', async () => {
  await clickCell(page, 'Title', 0);
  await page.keyboard.press('?');
  await page.waitForSelector('[data-testid=shortcut-help] >> text=Expand the record');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=shortcut-help]', { state: 'detached' });
  // The question mark opened the help; it did not start an edit of the cell.
  expect(await cellValue(page, 'Title', 0)).toBe('first');
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toMatch(/INPUT|TEXTAREA/);

  await clickCell(page, 'Title', 0);
  await page.keyboard.press('Control+/');
  await page.waitForSelector('[data-testid=shortcut-help] >> text=Undo');
  await page.keyboard.press('Escape');
  await page.click('[data-testid=toolbar-shortcuts]');
  await page.waitForSelector('[data-testid=shortcut-help]');
  await page.keyboard.press('Escape');
});

it('syncs a table created outside Rowbase into the sidebar without a reload', async () => {
  const db = new Sqlite(path.join(app.dataDir, 'rowbase.db'));
  try {
    const { prefix } = db.prepare('select prefix from rb_bases where id = ?').get(baseId) as {
      prefix: string;
    };
    db.exec(`create table "${prefix}_invoices" (id integer primary key autoincrement, code varchar(20))`);
  } finally {
    db.close();
  }
  await page.click('[data-testid=base-home-link]');
  await page.click('.ant-tabs-tab:has-text("Data sources")');
  await page.waitForSelector('[data-testid=schema-change] >> text=new table');
  expect(await page.locator('[data-testid=table-list] >> text=invoices').count()).toBe(0);
  await page.click('[data-testid=schema-sync]');
  await page.waitForSelector('[data-testid=table-list] >> text=invoices');
  await page.waitForSelector('[data-testid=schema-in-sync]');
});
