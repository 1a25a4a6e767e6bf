/**
 * Undo and redo reach fields and view settings: a field added or renamed, a sort, a filter, grouping, frozen
 * columns and the row height each come back with Undo and go again with Redo.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellPoint, eventually, openGrid, shownTitles } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let viewId: string;
let tableId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'undo-settings@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Undo' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tasks',
    columns: [{ column_name: 'qty', title: 'Qty', uidt: 'Number' }],
  });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, [
    { Title: 'b', Qty: 2 },
    { Title: 'a', Qty: 1 },
  ]);
  tableId = table.id;
  viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, table.id, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function headerMenu(title: string, item: string) {
  const p = await cellPoint(page, title, 0);
  await page.mouse.click(p.x, p.y - 32 /* header row */, { button: 'right' });
  await page.waitForSelector('[data-testid=header-menu]');
  await page.click(`[data-testid=header-menu] button:has-text("${item}")`);
}

/**
 * Saves the open field dialog and waits for it to close; if it stays open, fails with what it shows (an error
 * under a field, a message), not only with a timeout.
 */
async function saveFieldDialog() {
  await page.click('.ant-modal-footer .ant-btn-primary');
  try {
    await page.waitForSelector('.ant-modal-mask', { state: 'hidden' });
  } catch (e) {
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('.ant-modal-content, .ant-message'))
        .map((n) => n.textContent)
        .join(' | '),
    );
    throw new Error(`the field dialog stayed open showing: ${shown}`, { cause: e });
  }
}

// A test that failed with a dialog open must not leave it in the way of the next test (or of its retry).
beforeEach(async () => {
  if (!page) return;
  for (let i = 0; i < 3 && (await page.locator('.ant-modal-mask').isVisible()); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
});

const undo = () => page.click('button[aria-label="Undo"]');
const redo = () => page.click('button[aria-label="Redo"]');
const settings = (what: 'sorts' | 'filters' | 'columns') =>
  call(api, 'GET', `/api/v1/db/meta/views/${viewId}/${what}`).then((r) => r.list as any[]);
const frozenCount = () =>
  page.evaluate(() => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.layout.frozen);

it('undoes and redoes a sort and a filter added from the header menu', async () => {
  await headerMenu('Qty', 'Sort ascending');
  await eventually(
    () => settings('sorts'),
    (s) => s.length === 1,
  );
  await undo();
  await eventually(
    () => settings('sorts'),
    (s) => s.length === 0,
  );
  await redo();
  const [sort] = await eventually(
    () => settings('sorts'),
    (s) => s.length === 1,
  );
  expect(sort.direction).toBe('asc');
  await undo();
  await eventually(
    () => settings('sorts'),
    (s) => s.length === 0,
  );

  await headerMenu('Qty', 'Filter by this field');
  await eventually(
    () => settings('filters'),
    (f) => f.length === 1,
  );
  await undo();
  await eventually(
    () => settings('filters'),
    (f) => f.length === 0,
  );
});

it('undoes grouping and freezing', async () => {
  await headerMenu('Qty', 'Group by this field');
  await eventually(
    () => settings('columns'),
    (c) => c.some((x) => x.group_by),
  );
  await undo();
  await eventually(
    () => settings('columns'),
    (c) => !c.some((x) => x.group_by),
  );

  const before = await frozenCount();
  await headerMenu('Qty', 'Freeze up to here');
  await eventually(frozenCount, (n) => n !== before);
  await undo();
  await eventually(frozenCount, (n) => n === before);
  await redo();
  await eventually(frozenCount, (n) => n !== before);
});

it('undoes a row height change', async () => {
  const height = () =>
    page.evaluate(() => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowHeight);
  const start = await height();
  await page.click('[aria-label="Row height"]');
  await page.click('.ant-select-item-option:has-text("Tall")');
  await eventually(height, (h) => h > start);
  await undo();
  await eventually(height, (h) => h === start);
});

it('undoes adding a field and renaming one', async () => {
  const titles = async () =>
    (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.map(
      (c: any) => c.title,
    ) as string[];
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', 'Notes');
  await saveFieldDialog();
  await eventually(titles, (t) => t.includes('Notes'));
  await undo();
  await eventually(titles, (t) => !t.includes('Notes'));
  await redo();
  await eventually(titles, (t) => t.includes('Notes'));
  // The grid shows the field again before a header is clicked (the headers move as it comes back).
  await eventually(
    () => shownTitles(page),
    (t) => t.includes('Notes'),
  );

  await headerMenu('Qty', 'Edit field');
  expect(await page.inputValue('[data-testid=field-title]')).toBe('Qty');
  await page.fill('[data-testid=field-title]', 'Amount');
  await saveFieldDialog();
  await eventually(titles, (t) => t.includes('Amount') && !t.includes('Qty'));
  await undo();
  await eventually(titles, (t) => t.includes('Qty') && !t.includes('Amount'));
});

it('undoes changes made in the toolbar sort and filter panels', async () => {
  await page.click('[data-testid=toolbar-sort]');
  await page.click('[data-testid=sort-add]');
  await page.click('.ant-select-item-option[title="Title"], .ant-select-item-option:has-text("Title")');
  await eventually(
    () => settings('sorts'),
    (s) => s.length === 1,
  );
  await page.keyboard.press('Escape');
  await undo();
  await eventually(
    () => settings('sorts'),
    (s) => s.length === 0,
  );
  await redo();
  await eventually(
    () => settings('sorts'),
    (s) => s.length === 1,
  );

  await page.click('[data-testid=toolbar-filter]');
  await page.click('[data-testid=filter-add]');
  await eventually(
    () => settings('filters'),
    (f) => f.length === 1,
  );
  await page.keyboard.press('Escape');
  await undo();
  await eventually(
    () => settings('filters'),
    (f) => f.length === 0,
  );
  await redo();
  const [filter] = await eventually(
    () => settings('filters'),
    (f) => f.length === 1,
  );
  expect(filter.comparison_op).toBe('notblank');
});
