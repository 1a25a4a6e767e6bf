/** The grid's view settings from the toolbar and header menu: filter, sort, group, hide and reorder fields, add and delete rows. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import {
  type Api,
  call,
  cellPoint,
  eventually,
  openGrid,
  records,
  shownTitles,
  waitForRows,
} from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let tableId: string;
let viewId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'views@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Shop' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Orders',
    columns: [
      { title: 'Qty', uidt: 'Number' },
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'open' }, { title: 'closed' }] },
      },
      { title: 'Note', uidt: 'SingleLineText' },
    ],
  });
  tableId = table.id;
  await call(
    api,
    'POST',
    `/api/v2/tables/${tableId}/records`,
    Array.from({ length: 30 }, (_, i) => ({
      Title: `order ${i}`,
      Qty: (i * 7) % 30,
      Status: i % 3 ? 'open' : 'closed',
    })),
  );
  viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, tableId, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Values of a field in the rows the grid shows, top to bottom. */
async function column(title: string, n = 30): Promise<unknown[]> {
  await waitForRows(page);
  return page.evaluate(
    ({ title, n }) => {
      const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
      const col = g.columns.findIndex((c: any) => c.title === title);
      const out = [];
      for (let r = 0; r < Math.min(n, g.rowCount); r++) out.push(g.value(r, col));
      return out;
    },
    { title, n },
  );
}

async function openHeaderMenu(title: string) {
  const p = await cellPoint(page, title, 0);
  await page.mouse.click(p.x, p.y - 32 /* header row */, { button: 'right' });
  await page.waitForSelector('[data-testid=header-menu]');
}

it('sorts from the header menu', async () => {
  await openHeaderMenu('Qty');
  await page.click('[data-testid=header-menu] button:has-text("Sort descending")');
  await eventually(
    () => column('Qty'),
    (qty) => qty.length === 30 && qty.every((v, i) => i === 0 || Number(qty[i - 1]) >= Number(v)),
  );
  const sorts = await call(api, 'GET', `/api/v1/db/meta/views/${viewId}/sorts`);
  expect(sorts.list).toHaveLength(1);
  await call(api, 'DELETE', `/api/v1/db/meta/sorts/${sorts.list[0].id}`);
});

it('filters from the toolbar, and the row count follows', async () => {
  await page.click('[data-testid=toolbar-filter]');
  await page.click('[data-testid=filter-add]');
  await eventually(
    () => call(api, 'GET', `/api/v1/db/meta/views/${viewId}/filters`),
    (f) => f.list.length === 1,
  );
  const filter = (await call(api, 'GET', `/api/v1/db/meta/views/${viewId}/filters`)).list[0];
  const status = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find(
    (c: any) => c.title === 'Status',
  );
  await call(api, 'PATCH', `/api/v1/db/meta/filters/${filter.id}`, {
    fk_column_id: status.id,
    comparison_op: 'eq',
    value: 'closed',
  });
  await page.keyboard.press('Escape');
  // The search applies after a pause: wait for its read, so that clearing it below is a change the grid sees.
  const searched = page.waitForRequest((r) => r.url().includes('where=') && r.url().includes('order'));
  await page.fill('input[data-testid=toolbar-search], [data-testid=toolbar-search] input', 'order');
  await searched;
  await eventually(
    () => column('Status'),
    (s) => s.length === 10 && s.every((v) => v === 'closed'),
  );
  await call(api, 'DELETE', `/api/v1/db/meta/filters/${filter.id}`);
  await page.fill('input[data-testid=toolbar-search], [data-testid=toolbar-search] input', '');
  await eventually(
    () => column('Status'),
    (s) => s.length === 30,
  );
});

it('groups by a field from the header menu', async () => {
  await openHeaderMenu('Status');
  expect(await page.textContent('[data-testid=header-menu-type]')).toBe('Single select');
  await page.click('[data-testid=header-menu] button:has-text("Group by this field")');
  await eventually(
    () => call(api, 'GET', `/api/v1/db/meta/views/${viewId}/columns`),
    (r) => r.list.some((c: any) => c.group_by),
  );
  // Two groups in option order (open, closed), each under a header with its count; collapsing one hides its rows.
  const groups = () =>
    page.evaluate(() => {
      const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
      return { rows: g.rowCount, first: g.groups?.header(0) ?? null };
    });
  await eventually(groups, (v) => v.rows === 32 && v.first?.value === 'open' && v.first?.count === 20);
  expect((await column('Status', 32)).slice(1, 21)).toEqual(Array(20).fill('open'));
  expect((await column('Status', 32)).slice(22)).toEqual(Array(10).fill('closed'));
  const header = await cellPoint(page, 'Title', 0);
  await page.mouse.click(header.x, header.y);
  await eventually(groups, (v) => v.rows === 12);
  await page.mouse.click(header.x, header.y);
  await eventually(groups, (v) => v.rows === 32);
  // Ungroup again for the journeys below.
  const status = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find(
    (c: any) => c.title === 'Status',
  );
  await call(api, 'PATCH', `/api/v1/db/meta/views/${viewId}/columns/${status.id}`, { group_by: false });
  await page.reload();
  await waitForRows(page);
});

it('hides a field and reorders fields', async () => {
  await openHeaderMenu('Note');
  await page.click('[data-testid=header-menu] button:has-text("Hide field")');
  await eventually(
    () => shownTitles(page),
    (t) => !t.includes('Note'),
  );

  // Drag "Status" onto "Qty"'s place.
  const before = await shownTitles(page);
  expect(before.indexOf('Status')).toBeGreaterThan(before.indexOf('Qty'));
  const from = await cellPoint(page, 'Status', 0);
  const to = await cellPoint(page, 'Qty', 0);
  await page.mouse.move(from.x, from.y - 32);
  await page.mouse.down();
  await page.mouse.move(from.x - 20, from.y - 32, { steps: 2 });
  await page.mouse.move(to.x - 10, to.y - 32, { steps: 5 });
  await page.mouse.up();
  await eventually(
    () => shownTitles(page),
    (t) => t.indexOf('Status') < t.indexOf('Qty'),
  );
  await page.reload();
  await waitForRows(page);
  const after = await shownTitles(page);
  expect(after.indexOf('Status')).toBeLessThan(after.indexOf('Qty'));
  expect(after).not.toContain('Note');
});

it('adds a row and deletes selected rows, with undo', async () => {
  await page.click('[data-testid=add-row]');
  await eventually(
    () => records(api, tableId),
    (rs) => rs.length === 31,
  );
  const p = await cellPoint(page, 'Title', 0);
  const box = (await page.locator('[data-testid=grid] canvas').boundingBox())!;
  await page.mouse.click(box.x + 10, p.y); // the row number: selects the whole row
  expect(
    await page.evaluate(
      () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowsSelected,
    ),
  ).toBe(true);
  await page.click('[data-testid=delete-rows]');
  await eventually(
    () => records(api, tableId),
    (rs) => rs.length === 30,
  );
  await page.click('[aria-label=Undo]');
  await eventually(
    () => records(api, tableId),
    (rs) => rs.length === 31,
  );
});

it('adds a field with the type picker', async () => {
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', 'Score');
  await page.click('[data-testid=field-form] .ant-select');
  await page.keyboard.type('Rating');
  await page.keyboard.press('Enter');
  await page.click('.ant-modal-footer .ant-btn-primary');
  await eventually(
    () => call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`),
    (t) => t.columns.some((c: any) => c.title === 'Score' && c.uidt === 'Rating'),
  );
  await eventually(
    () => shownTitles(page),
    (t) => t.includes('Score'),
  );
  // The picker offers exactly the docs/behaviour/fields.md types: no ID, ForeignKey, CreateTime, Count, AutoNumber, Button, Collaborator, Password.
  await page.click('[data-testid=add-field]');
  await page.click('[data-testid=field-form] .ant-select');
  const offered = await page.locator('.ant-select-item-option').allTextContents();
  expect(offered).toHaveLength(32);
  expect(offered).toContain('Rating');
  for (const hidden of [
    'ID',
    'Foreign key',
    'Created time',
    'Count',
    'Auto number',
    'Button',
    'Collaborator',
    'Password',
  ])
    expect(offered).not.toContain(hidden);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
});
