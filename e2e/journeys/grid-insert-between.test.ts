/**
 * Inserting rows between others from the row menu: right-click a row, insert above and below; the empty row
 * shows at once where it was put with its first editable cell selected, what is typed into it is saved there,
 * undo deletes an inserted row again, and after a reload every row is still in its place.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellPoint, clickCell, eventually, openGrid, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let tableId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'between@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Planning' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tasks',
    columns: [{ title: 'Note', uidt: 'SingleLineText' }],
  });
  tableId = table.id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [
    { Title: 'A' },
    { Title: 'B' },
    { Title: 'C' },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, tableId, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Titles as the grid shows them, top to bottom. */
const gridTitles = () =>
  page.evaluate(() => {
    const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
    const col = g.columns.findIndex((c: { title: string }) => c.title === 'Title');
    return Array.from({ length: g.rowCount }, (_, r) => g.value(r, col));
  });

/** Titles in the table's own order (no sort), as the server lists them. */
const serverTitles = async () =>
  (await call(api, 'GET', `/api/v2/tables/${tableId}/records?limit=100`)).list.map((r: any) => r.Title);

/** Waits until the grid shows exactly these titles (a refetch may still be on its way). */
async function expectGrid(expected: (string | null)[]) {
  const same = (t: unknown[]) => JSON.stringify(t) === JSON.stringify(expected);
  expect(await eventually(gridTitles, same)).toEqual(expected);
}

async function insertFromMenu(row: number, where: 'above' | 'below') {
  const p = await cellPoint(page, 'Title', row);
  await page.mouse.click(p.x, p.y, { button: 'right' });
  await page.waitForSelector('[data-testid=row-menu]');
  await page.click(`[data-testid=row-menu-insert-${where}]`); // waits until the menu knows the view is unsorted
}

it('inserts an empty row above a row, selects its first cell, and saves what is typed there', async () => {
  await insertFromMenu(1, 'above');
  await expectGrid(['A', null, 'B', 'C']);
  const active = await page.evaluate(
    () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.selection.active,
  );
  expect(active).toEqual({ row: 1, col: 0 });
  expect(await serverTitles()).toEqual(['A', null, 'B', 'C']);
  // The grid has focus: typing goes into the selected cell of the new row.
  await page.keyboard.type('above B');
  await page.keyboard.press('Enter');
  await eventually(serverTitles, (t) => t[1] === 'above B');
  expect(await serverTitles()).toEqual(['A', 'above B', 'B', 'C']);
});

it('inserts an empty row below a row', async () => {
  await insertFromMenu(2, 'below');
  await expectGrid(['A', 'above B', 'B', null, 'C']);
  await clickCell(page, 'Title', 3);
  await page.keyboard.type('below B');
  await page.keyboard.press('Enter');
  await eventually(serverTitles, (t) => t[3] === 'below B');
  expect(await serverTitles()).toEqual(['A', 'above B', 'B', 'below B', 'C']);
});

it('undoes an insert: the row is deleted again', async () => {
  await insertFromMenu(0, 'above');
  await expectGrid([null, 'A', 'above B', 'B', 'below B', 'C']);
  await eventually(serverTitles, (t) => t.length === 6);
  await page.click('[aria-label=Undo]');
  await eventually(serverTitles, (t) => t.length === 5);
  await expectGrid(['A', 'above B', 'B', 'below B', 'C']);
});

it('shows every row in its place after a reload', async () => {
  await page.reload();
  await page.waitForSelector('[data-testid=grid-scroller]');
  await waitForRows(page);
  await expectGrid(['A', 'above B', 'B', 'below B', 'C']);
});
