/**
 * Undoing a row delete puts the rows back where they were, under their own Ids: select two rows in the
 * middle, Delete rows, Undo; the grid reads a, b, c, d again and the server holds the same Ids.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellPoint, cellValue, eventually, openGrid, records } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let tableId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Undo' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Steps',
    columns: [
      { column_name: 'title', title: 'Title', uidt: 'SingleLineText' },
      { column_name: 'note', title: 'Note', uidt: 'LongText' },
    ],
  });
  tableId = table.id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [
    { Title: 'a', Note: 'first' },
    { Title: 'b', Note: 'second' },
    { Title: 'c', Note: 'third' },
    { Title: 'd', Note: 'fourth' },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, tableId, viewId);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shownTitles = async () => {
  const out: unknown[] = [];
  const count = await page.evaluate(
    () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowCount as number,
  );
  for (let r = 0; r < count; r++) out.push(await cellValue(page, 'Title', r));
  return out;
};

it('brings deleted rows back in place with their Ids and every value', async () => {
  const before = await records(api, tableId);
  const b = await cellPoint(page, 'Title', 1);
  const c = await cellPoint(page, 'Title', 2);
  await page.mouse.click(b.x, b.y);
  await page.keyboard.down('Shift');
  await page.mouse.click(c.x, c.y);
  await page.keyboard.up('Shift');
  await page.click('[data-testid=delete-rows]');
  await eventually(
    () => records(api, tableId),
    (rows) => rows.length === 2,
  );
  await page.waitForFunction(
    () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowCount === 2,
  );

  await page.click('button[aria-label="Undo"]');
  const after = await eventually(
    () => records(api, tableId),
    (rows) => rows.length === 4,
  );
  const pick = (rows: Record<string, any>[]) => rows.map((r) => ({ Id: r.Id, Title: r.Title, Note: r.Note }));
  expect(pick(after)).toEqual(pick(before));
  await page.waitForFunction(
    () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowCount === 4,
  );
  await eventually(shownTitles, (t) => t.join() === 'a,b,c,d');

  // Redo deletes the same two rows again.
  await page.click('button[aria-label="Redo"]');
  const redone = await eventually(
    () => records(api, tableId),
    (rows) => rows.length === 2,
  );
  expect(redone.map((r) => r.Title)).toEqual(['a', 'd']);
});
