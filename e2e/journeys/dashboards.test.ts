/**
 * A dashboard as a user builds it (docs/dashboards.md): a dashboard base created from the base-create dialog, a
 * layout added in its sidebar, a number widget and a bar chart over a filtered view, a widget resized (kept after
 * a reload), the layout shared and opened in a fresh browser context with the same values, and the widgets
 * refetching when a row is added to their table.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { dropdownsSettledClosed, openDropdownOptions } from '../support/dropdowns.js';
import { type Api, call } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let numberWidget = '';
let ordersId = '';

/** The view "Big" keeps Amount > 10: a (40 + 25) and b (30); the 5 of a is filtered out. */
const ROWS = [
  { Title: 'o1', Status: 'a', Amount: 40 },
  { Title: 'o2', Status: 'a', Amount: 25 },
  { Title: 'o3', Status: 'b', Amount: 30 },
  { Title: 'o4', Status: 'a', Amount: 5 },
];

async function choose(testId: string, option: string) {
  await page.click(`[data-testid=${testId}]`);
  const options = await openDropdownOptions(page);
  expect(options).toContain(option);
  await page.click(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`,
  );
  await dropdownsSettledClosed(page);
}

async function addWidget(type: string, pick: [string, string][]) {
  await page.click('[data-testid=add-widget]');
  await page.waitForSelector('[data-testid=widget-config]');
  await choose('widget-type', type);
  for (const [testId, option] of pick) await choose(testId, option);
  await page.click('.ant-modal-footer .ant-btn-primary');
  await page.waitForSelector('[data-testid=widget-config]', { state: 'detached' });
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'dashboards@example.com') };
  const baseId = (await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Shop' })).id;
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Orders',
    columns: [
      { title: 'Status', uidt: 'SingleSelect', colOptions: { options: [{ title: 'a' }, { title: 'b' }] } },
      { title: 'Amount', uidt: 'Number' },
    ],
  });
  ordersId = table.id;
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, ROWS);
  const view = await call(api, 'POST', `/api/v1/db/meta/tables/${table.id}/grids`, { title: 'Big' });
  const amount = table.columns.find((c: { title: string }) => c.title === 'Amount').id;
  await call(api, 'POST', `/api/v1/db/meta/views/${view.id}/filters`, {
    fk_column_id: amount,
    comparison_op: 'gt',
    value: '10',
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(15_000);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  await page.goto(`${app.url}/#/nc`);
  await page.waitForSelector('[data-testid=create-base]');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('creates a dashboard base and a layout from the sidebar', async () => {
  await page.click('[data-testid=create-base]');
  await page.fill('[data-testid=title-input]', 'Sales board');
  await choose('base-kind', 'Dashboard');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=create-layout]');
  await page.waitForSelector('[data-testid=overview-create-layout]');
  expect(await page.locator('[data-testid=create-table]').count()).toBe(0);
  expect(await page.locator('[data-testid=overview-create-table]').count()).toBe(0);
  await page.click('[data-testid=create-layout]');
  await page.fill('[data-testid=title-input]', 'Weekly');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=layout-title]:text-is("Weekly")');
  expect(await page.locator('[data-testid=layout-list]').innerText()).toContain('Weekly');
});

it('adds a number and a bar chart over the view, reading through its filter', async () => {
  await addWidget('Number', [
    ['widget-base', 'Shop'],
    ['widget-table', 'Orders'],
    ['widget-view', 'Big'],
  ]);
  await page.waitForSelector('[data-testid=widget-number]:text-is("3")');
  numberWidget = (await page.locator('[data-widget-type=number]').getAttribute('data-testid'))!;
  await addWidget('Bar chart', [
    ['widget-base', 'Shop'],
    ['widget-table', 'Orders'],
    ['widget-view', 'Big'],
    ['widget-group-by', 'Status'],
    ['widget-field', 'Amount'],
    ['widget-aggregation', 'Sum'],
  ]);
  // The sums per status are drawn as bar labels (65 for a without the filtered-out 5, 30 for b).
  const chart = page.locator('[data-widget-type=bar] [data-testid=widget-chart]');
  await expect.poll(() => chart.innerText(), { timeout: 15_000 }).toMatch(/65[\s\S]*30/);
});

it('resizes a widget and keeps its size after a reload', async () => {
  const widget = page.locator(`[data-testid=${numberWidget}]`);
  expect(await widget.getAttribute('data-w')).toBe('6');
  const before = (await widget.boundingBox())!;
  const handle = (await widget.locator('.react-resizable-handle').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 100, handle.y + 60, { steps: 5 });
  await page.mouse.move(handle.x + 300, handle.y + 150, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => widget.getAttribute('data-w')).not.toBe('6');
  const saved = await widget.getAttribute('data-w');
  const savedH = await widget.getAttribute('data-h');
  await page.reload();
  await page.waitForSelector('[data-testid=widget-number]:text-is("3")');
  const after = page.locator(`[data-testid=${numberWidget}]`);
  expect(await after.getAttribute('data-w')).toBe(saved);
  expect(await after.getAttribute('data-h')).toBe(savedH);
  expect(Number(saved)).toBeGreaterThan(6);
  expect((await after.boundingBox())!.width).toBeGreaterThan(before.width + 100);
});

it('shares the layout and shows the same values in a fresh browser', async () => {
  await page.click('[data-testid=layout-share]');
  const url = await page.locator('[data-testid=layout-share-url]').inputValue();
  expect(url).toContain('/dashboard/');
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const visitor = await context.newPage();
    visitor.setDefaultTimeout(15_000);
    await visitor.goto(url);
    await visitor.waitForSelector('[data-testid=layout-title]:text-is("Weekly")');
    await visitor.waitForSelector('[data-testid=widget-number]:text-is("3")');
    const chart = visitor.locator('[data-widget-type=bar] [data-testid=widget-chart]');
    await expect.poll(() => chart.innerText(), { timeout: 15_000 }).toMatch(/65[\s\S]*30/);
    expect(await visitor.locator('[data-testid=add-widget]').count()).toBe(0);
    expect(await visitor.locator('[data-testid=widget-edit]').count()).toBe(0);
  } finally {
    await context.close();
  }
});

it('refetches widgets when rows of their table change, without a reload', async () => {
  await call(api, 'POST', `/api/v2/tables/${ordersId}/records`, [{ Title: 'o5', Status: 'b', Amount: 50 }]);
  await page.waitForSelector('[data-testid=widget-number]:text-is("4")');
  const chart = page.locator('[data-widget-type=bar] [data-testid=widget-chart]');
  await expect.poll(() => chart.innerText(), { timeout: 15_000 }).toMatch(/80[\s\S]*65/);
});

it('duplicates the layout with its widgets from the sidebar menu', async () => {
  await page.click('[data-testid=layout-list] li:has-text("Weekly") [data-testid=layout-menu]');
  await page.click('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item:has-text("Duplicate")');
  await page.waitForSelector('[data-testid=layout-title]:text-is("Weekly copy")');
  expect(await page.locator('[data-testid=layout-list]').innerText()).toContain('Weekly copy');
  // The copy reads the same view: the same number and bars.
  await page.waitForSelector('[data-testid=widget-number]:text-is("4")');
  const chart = page.locator('[data-widget-type=bar] [data-testid=widget-chart]');
  await expect.poll(() => chart.innerText(), { timeout: 15_000 }).toMatch(/80[\s\S]*65/);
});
