/**
 * Filters a person can make: each field offers only its own operators by readable (translated) names, a
 * number filter waits for its value without an error, Enter in the value applies it, dates take their
 * sub-operators with fitting inputs, and the field pickers list no system fields unless they are shown.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { dropdownsSettledClosed, openDropdownOptions } from '../support/dropdowns.js';
import { type Api, call, eventually, openGrid } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let baseId: string;
let tasksId: string;
let viewId: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'filters@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Plan' });
  baseId = base.id;
  const projects = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Projects',
    columns: [],
  });
  const tasks = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tasks',
    columns: [
      { title: 'Hours', column_name: 'hours', uidt: 'Number' },
      { title: 'Due', column_name: 'due', uidt: 'Date' },
    ],
  });
  tasksId = tasks.id;
  // Has many: Tasks gets the foreign-key column of the link, a system field.
  await call(api, 'POST', `/api/v1/db/meta/tables/${projects.id}/columns`, {
    title: 'Tasks',
    uidt: 'Links',
    type: 'hm',
    childId: tasksId,
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await call(api, 'POST', `/api/v2/tables/${tasksId}/records`, [
    { Title: 'short', Hours: 2, Due: day(-10) },
    { Title: 'long', Hours: 9, Due: day(-2) },
    { Title: 'longer', Hours: 14, Due: day(5) },
  ]);
  viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tasksId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await openGrid(page, api, base.id, tasksId, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const filters = async () => (await call(api, 'GET', `/api/v1/db/meta/views/${viewId}/filters`)).list;
const rowCount = () =>
  page.evaluate(
    () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowCount as number,
  );
/** The options of the one open dropdown (once the one closed before it has gone). */
const visibleOptions = () => openDropdownOptions(page);

/** Waits until no dropdown is open any more. */
const dropdownsClosed = () => dropdownsSettledClosed(page);
const errorToasts = () => page.locator('.ant-notification-notice-error').count();

/** The last condition row's control with this test id. */
const last = (testId: string) => page.locator(`[data-testid=filter-menu] [data-testid=${testId}]`).last();

/** Picks `option` and waits until the condition shows it (the list closes at once, before the save answers). */
async function pick(testId: string, option: string) {
  await last(testId).click();
  await page.click(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
  await dropdownsClosed();
  await eventually(
    () => last(testId).innerText(),
    (t) => t.includes(option),
  );
}

it('lists no system fields in the filter and sort pickers until they are shown', async () => {
  await page.click('[data-testid=toolbar-filter]');
  await page.click('[data-testid=filter-add]');
  await eventually(filters, (l) => l.length === 1);
  await last('filter-field').click();
  const fields = await visibleOptions();
  expect(fields).toEqual(expect.arrayContaining(['Title', 'Hours', 'Due']));
  expect(fields).not.toContain('nc_order');
  expect(fields.some((f) => /_id$/i.test(f))).toBe(false);
  expect(fields).not.toContain('Id');
  await page.keyboard.press('Escape');
  await dropdownsClosed();
  await page.click('[data-testid=toolbar-sort]');
  await page.click('[data-testid=sort-add]');
  const sortFields = await visibleOptions();
  expect(sortFields).toContain('Hours');
  expect(sortFields.some((f) => /_id$/i.test(f) || f === 'nc_order')).toBe(false);
  await page.keyboard.press('Escape');
  await dropdownsClosed();
  // "Show system fields" in the fields menu brings them to the pickers.
  await page.click('[data-testid=toolbar-fields]');
  await page.click('.ant-popover:visible .ant-checkbox-wrapper:has-text("Show system fields")');
  await page.click('[data-testid=toolbar-sort]');
  await page.click('[data-testid=sort-add]');
  const withSystem = await visibleOptions();
  expect(withSystem).toContain('Id');
  expect(withSystem.some((f) => /_id$/i.test(f))).toBe(true);
  expect(withSystem).not.toContain('nc_order');
  await page.keyboard.press('Escape');
  await dropdownsClosed();
  await page.click('[data-testid=toolbar-fields]');
  await page.click('.ant-popover:visible .ant-checkbox-wrapper:has-text("Show system fields")');
});

it('offers a number its own operators by name and waits for the value without an error', async () => {
  await page.click('[data-testid=toolbar-filter]');
  await pick('filter-field', 'Hours');
  await last('filter-op').click();
  const ops = await visibleOptions();
  expect(ops).toEqual(expect.arrayContaining(['is equal', '>', '<=', 'is blank']));
  expect(ops).not.toContain('contains');
  expect(ops).not.toContain('has all of');
  expect(ops).not.toContain('is within');
  expect(ops.some((o) => /^(eq|gt|btw|allof|isWithin)$/.test(o))).toBe(false);
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title=">"]');
  await eventually(filters, (l) => l[0]?.comparison_op === 'gt');
  // No toast, and the operator stays.
  await page.waitForTimeout(500);
  expect(await errorToasts()).toBe(0);
  expect(await last('filter-op').textContent()).toBe('>');
  // The value input takes numbers; Enter applies it.
  expect(await last('filter-value').getAttribute('type')).toBe('number');
  await last('filter-value').fill('6');
  await last('filter-value').press('Enter');
  await eventually(filters, (l) => l[0]?.value === '6');
  expect(await eventually(rowCount, (n) => n === 2)).toBe(2);
  expect(pageErrors).toEqual([]);
  expect(await errorToasts()).toBe(0);
});

it('gives a date comparison its sub-operators and the input each one needs', async () => {
  await pick('filter-field', 'Due');
  await pick('filter-op', 'is equal');
  await last('filter-sub-op').click();
  const subs = await visibleOptions();
  expect(subs).toEqual(
    expect.arrayContaining(['today', 'tomorrow', 'one week ago', 'exact date', 'number of days ago']),
  );
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="exact date"]');
  await eventually(filters, (l) => l[0]?.comparison_sub_op === 'exactDate');
  expect(await last('filter-value').getAttribute('type')).toBe('date');
  // "is within" the past number of days: a number of days.
  await pick('filter-op', 'is within');
  await pick('filter-sub-op', 'the past number of days');
  await eventually(filters, (l) => l[0]?.comparison_sub_op === 'pastNumberOfDays');
  expect(await last('filter-value').getAttribute('type')).toBe('number');
  await last('filter-value').fill('3');
  await last('filter-value').press('Enter');
  await eventually(filters, (l) => l[0]?.value === '3');
  // Only "long" (due two days ago) is within the past three days.
  expect(await eventually(rowCount, (n) => n === 1)).toBe(1);
  expect(pageErrors).toEqual([]);
  expect(await errorToasts()).toBe(0);
});

it('names the operators in German', async () => {
  const german = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  await german.addInitScript((token) => {
    localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token, language: 'de' }));
  }, api.token);
  await german.goto(`${api.url}/#/nc/${baseId}/${tasksId}/${viewId}`);
  await german.waitForSelector('[data-testid=grid-scroller]');
  await german.click('[data-testid=toolbar-filter]');
  await german.click('[data-testid=filter-menu] [data-testid=filter-op]');
  const ops = await openDropdownOptions(german);
  expect(ops).toContain('liegt innerhalb');
  expect(ops).toContain('ist leer');
  await german.close();
});
