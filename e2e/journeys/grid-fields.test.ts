/**
 * The field form's per-type options (docs/behaviour/fields.md on the embedded SQLite source) and the row menu: precision and date
 * formats are saved and shown, auto increment is refused while the key has it, and "insert between" says why it
 * is not offered while the view is sorted. The type picker names types readably, in the chosen language.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { dropdownsSettledClosed, openDropdownOptions } from '../support/dropdowns.js';
import {
  type Api,
  call,
  cellPoint,
  cellValue,
  eventually,
  openGrid,
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
let titleId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'fields@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Lab' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Samples',
    columns: [],
  });
  tableId = table.id;
  titleId = table.columns.find((c: { title: string }) => c.title === 'Title').id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [{ Title: 'a' }, { Title: 'b' }]);
  viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, tableId, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openFieldForm(title: string, type: string) {
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', title);
  await page.click('[data-testid=field-form] .ant-select');
  await page.keyboard.type(type);
  await page.keyboard.press('Enter');
}

/** The input of a form control, wherever antd put the test id (on the input or on its wrapper). */
const inputOf = (id: string) => `input[data-testid=${id}], [data-testid=${id}] input`;

const column = async (title: string) =>
  (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find((c: any) => c.title === title);

it('offers a number what SQLite allows: no unsigned, auto increment taken by the key', async () => {
  await openFieldForm('Count', 'Number');
  await page.waitForSelector('[data-testid=field-default]');
  expect(await page.locator('[data-testid=field-unsigned]').count()).toBe(0);
  expect(await page.locator('[data-testid=field-scale]').count()).toBe(0);
  expect(await page.locator('[data-testid=field-ai]').isDisabled()).toBe(true);
  await page.hover('label:has([data-testid=field-ai])');
  await page.waitForSelector('.ant-tooltip:has-text("Id")');
  await page.click('.ant-modal-footer .ant-btn-default');
});

it('saves a decimal precision and scale, and shows values with it', async () => {
  await openFieldForm('Weight', 'Decimal');
  await page.fill(inputOf('field-precision'), '3');
  await page.fill(inputOf('field-scale'), '4');
  await page.click('.ant-modal-footer .ant-btn-primary');
  const saved = await eventually(
    () => column('Weight'),
    (c) => !!c,
  );
  expect(saved.meta.precision).toBe(3);
  expect(Number(saved.dtxs)).toBe(4);
  await call(api, 'PATCH', `/api/v2/tables/${tableId}/records`, { Id: 1, Weight: 2.5 });
  await page.reload();
  await page.waitForSelector('[data-testid=grid] canvas');
  await waitForRows(page);
  await eventually(
    () => shownTitles(page),
    (t) => t.includes('Weight'),
  );
  const display = await eventually(
    () =>
      page.evaluate(() => {
        const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
        const col = g.columns.findIndex((c: any) => c.title === 'Weight');
        return g.types[col].format(g.value(0, col), g.columns[col]);
      }),
    (v) => v !== '',
  );
  expect(display).toBe('2.500');
});

it('saves a date format chosen from the list of date formats', async () => {
  await openFieldForm('Due', 'Date');
  await page.click('[data-testid=field-date-format]');
  await page.click('.ant-select-item-option[title="DD-MM-YYYY"]');
  await page.click('.ant-modal-footer .ant-btn-primary');
  const saved = await eventually(
    () => column('Due'),
    (c) => !!c,
  );
  expect(saved.meta.date_format).toBe('DD-MM-YYYY');
});

it('explains in the row menu why rows cannot be inserted between others in a sorted view', async () => {
  // The field form of the test before may still be closing; its mask would take the right-click.
  await page.waitForSelector('.ant-modal-mask', { state: 'hidden' });
  await call(api, 'POST', `/api/v1/db/meta/views/${viewId}/sorts`, {
    fk_column_id: titleId,
    direction: 'asc',
  });
  const p = await cellPoint(page, 'Title', 1);
  await page.mouse.click(p.x, p.y, { button: 'right' });
  await page.waitForSelector('[data-testid=row-menu]');
  expect(await page.locator('[data-testid=row-menu-insert-above]').isDisabled()).toBe(true);
  expect(await page.locator('[data-testid=row-menu-insert-below]').isDisabled()).toBe(true);
  await page.hover('[data-testid=row-menu-insert-below-hint]');
  await page.waitForSelector('.ant-tooltip:has-text("Remove sorts and grouping")');
  await page.click('[data-testid=row-menu-delete]');
  await eventually(
    () => call(api, 'GET', `/api/v2/tables/${tableId}/records`),
    (r) => r.list.length === 1,
  );
  expect(await cellValue(page, 'Title', 0)).toBe('a');
});

it('names the types readably in the picker, and in the chosen language after switching', async () => {
  const openPicker = async () => {
    await page.click('[data-testid=add-field]');
    await page.click('[data-testid=field-form] .ant-select');
  };
  const closeForm = async () => {
    await page.keyboard.press('Escape');
    await page.click('.ant-modal-footer .ant-btn-default');
    await page.waitForSelector('[data-testid=field-form]', { state: 'detached' });
  };
  await openPicker();
  await page.waitForSelector('.ant-select-item-option[title="Single line text"]');
  const offered = await page.locator('.ant-select-item-option').allTextContents();
  expect(offered).toEqual(expect.arrayContaining(['Long text', 'Multi select', 'Phone number', 'QR code']));
  expect(offered).toContain('Link to another record (deprecated)');
  expect(offered).not.toContain('SingleLineText');
  await closeForm();

  await page.locator('[data-testid=language-picker]').first().click();
  await page.click('.ant-select-item-option[title="Deutsch"]');
  await dropdownsSettledClosed(page);
  // The German file loads lazily; the language switches (and <html lang> follows) once it is there.
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await openPicker();
  await page.keyboard.type('einzeilig');
  await page.waitForSelector('.ant-select-item-option[title="Einzeiliger Text"]');
  expect(await openDropdownOptions(page)).toEqual(['Einzeiliger Text']);
  await closeForm();

  await page.locator('[data-testid=language-picker]').first().click();
  await page.click('.ant-select-item-option[title="English"]');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
});
