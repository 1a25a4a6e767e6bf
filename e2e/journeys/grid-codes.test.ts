/**
 * QR code and barcode cells draw the field they encode as real codes on the canvas, and follow its edits; the
 * field form creates them (the field to encode, the barcode format) and changes the format.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import {
  type Api,
  call,
  cellPoint,
  cellValue,
  clickCell,
  eventually,
  openGrid,
  shownTitles,
} from '../support/grid.js';
import { dropdownsSettledClosed, openDropdownOptions } from '../support/dropdowns.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let tableId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'codes@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Stock' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Items',
    columns: [],
  });
  tableId = table.id;
  const titleId = table.columns.find((c: any) => c.title === 'Title').id;
  const columns = `/api/v1/db/meta/tables/${table.id}/columns`;
  await call(api, 'POST', columns, { title: 'Gtin', uidt: 'SingleLineText' });
  await call(api, 'POST', columns, { title: 'QR', uidt: 'QrCode', fk_qr_value_column_id: titleId });
  await call(api, 'POST', columns, {
    title: 'Bars',
    uidt: 'Barcode',
    fk_barcode_value_column_id: titleId,
    barcode_format: 'CODE128',
  });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, [
    { Title: 'SKU-0001' },
    { Title: 'SKU-0002' },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1800, height: 700 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, table.id, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Share of pure black pixels inside a cell (text is painted grey, codes black). */
const blackShare = (title: string, row: number) =>
  page.evaluate(
    ({ title, row }) => {
      const canvas = document.querySelector('[data-testid=grid] canvas') as any;
      const g = canvas.rowbaseGrid;
      const col = g.columns.findIndex((c: any) => c.title === title);
      const r = g.cellRect(row, col);
      const dpr = canvas.width / canvas.getBoundingClientRect().width;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      const img = ctx.getImageData(r.x * dpr, r.y * dpr, r.w * dpr, r.h * dpr).data;
      let black = 0;
      for (let i = 0; i < img.length; i += 4)
        if (img[i]! < 20 && img[i + 1]! < 20 && img[i + 2]! < 20) black++;
      return black / (img.length / 4);
    },
    { title, row },
  );

it('shows the encoded field as a QR code and a barcode', async () => {
  expect(await cellValue(page, 'QR', 0)).toBe('SKU-0001');
  expect(await cellValue(page, 'Bars', 1)).toBe('SKU-0002');
  // A QR code fills about half its small square with dark modules; a barcode about half its width with bars.
  expect(await blackShare('QR', 0)).toBeGreaterThan(0.02);
  expect(await blackShare('Bars', 0)).toBeGreaterThan(0.1);
  expect(await blackShare('Title', 0)).toBe(0);
});

it('redraws the codes when the encoded field changes, and refuses edits of the code cells', async () => {
  await clickCell(page, 'Title', 0);
  await page.keyboard.type('SKU-9');
  await page.keyboard.press('Enter');
  await eventually(
    () => cellValue(page, 'QR', 0),
    (v) => v === 'SKU-9',
  );
  await clickCell(page, 'QR', 1);
  await page.keyboard.type('x');
  await page.keyboard.press('Escape');
  expect(await cellValue(page, 'QR', 1)).toBe('SKU-0002');
});

const column = async (title: string) =>
  (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find((c: any) => c.title === title);

/** The black share of a cell once it is scrolled into view and painted. */
async function painted(title: string, row: number, check: (share: number) => boolean) {
  await cellPoint(page, title, row);
  return eventually(() => blackShare(title, row), check);
}

/** Picks an option of a select of the field form by its shown label. */
async function choose(testId: string, label: string) {
  await page.click(`[data-testid=field-form] [data-testid=${testId}]`);
  await page.click(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`);
}

/** Types a value into a cell once no dialog covers the grid, and waits until the grid holds it. */
async function typeInto(title: string, row: number, text: string) {
  await page.locator('.ant-modal-wrap').first().waitFor({ state: 'hidden' });
  await clickCell(page, title, row);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await eventually(
    () => cellValue(page, title, row),
    (v) => v === text,
  );
}

it('creates an EAN-13 barcode in the field form, draws valid values and explains invalid ones', async () => {
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', 'EAN');
  await page.click('[data-testid=field-form] .ant-select');
  await page.keyboard.type('Barcode');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=field-barcode-format]');
  // Saving without a field to encode says what is missing and saves nothing.
  await page.click('.ant-modal-footer .ant-btn-primary');
  expect(await page.textContent('[data-testid=field-error]')).toBe('Choose the field to encode');
  expect(await column('EAN')).toBeUndefined();
  // Only fields a code can hold are offered: not the QR code or barcode fields.
  // The type picker's dropdown may still be sliding out: read only the one open, settled dropdown.
  await dropdownsSettledClosed(page);
  await page.click('[data-testid=field-form] [data-testid=field-encode]');
  const offered = await openDropdownOptions(page);
  expect(offered).toEqual(expect.arrayContaining(['Title', 'Gtin']));
  expect(offered).not.toContain('QR');
  expect(offered).not.toContain('Bars');
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="Gtin"]');
  await choose('field-barcode-format', 'EAN-13');
  await page.click('.ant-modal-footer .ant-btn-primary');
  const gtinId = (await column('Gtin')).id;
  const saved = await eventually(
    () => column('EAN'),
    (c) => !!c,
  );
  expect(saved.colOptions).toEqual({ fk_barcode_value_column_id: gtinId, barcode_format: 'EAN13' });
  await eventually(
    () => shownTitles(page),
    (t) => t.includes('EAN'),
  );

  await typeInto('Gtin', 0, '4006381333931');
  await typeInto('Gtin', 1, 'abc');
  await eventually(
    () => Promise.all([cellValue(page, 'EAN', 0), cellValue(page, 'EAN', 1)]),
    ([a, b]) => a === '4006381333931' && b === 'abc',
  );
  expect(await painted('EAN', 0, (v) => v > 0.1)).toBeGreaterThan(0.1);
  // 'abc' is no EAN-13: its text is painted muted, no bars, and the cell's tooltip says why.
  expect(await painted('EAN', 1, (v) => v === 0)).toBe(0);
  const p = await cellPoint(page, 'EAN', 1);
  await page.mouse.move(p.x, p.y);
  await eventually(
    () => page.getAttribute('[data-testid=grid-scroller]', 'title'),
    (t) => t === 'EAN-13 needs 12 or 13 digits',
  );
  // The expanded record shows the encoded value and the same reason.
  const box = (await page.locator('[data-testid=grid] canvas').boundingBox())!;
  await page.mouse.dblclick(box.x + 20, p.y); // the row-number gutter
  const field = page.locator('[data-testid=expanded-record] [data-testid=expanded-field][data-title="EAN"]');
  await field.waitFor();
  expect(await field.locator('[data-testid=field-problem]').textContent()).toBe(
    'EAN-13 needs 12 or 13 digits',
  );
  expect(await field.textContent()).toContain('abc');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=expanded-record]').waitFor({ state: 'detached' });
});

it('changes the barcode format in the field form and redraws', async () => {
  const p = await cellPoint(page, 'EAN', 0);
  await page.mouse.click(p.x, p.y - 32 /* header row */, { button: 'right' });
  await page.click('[data-testid=header-menu] button:has-text("Edit field")');
  await page.waitForSelector('[data-testid=field-barcode-format]');
  // The form shows what the field stores.
  expect(await page.textContent('[data-testid=field-form] [data-testid=field-encode]')).toContain('Gtin');
  expect(await page.textContent('[data-testid=field-form] [data-testid=field-barcode-format]')).toContain(
    'EAN-13',
  );
  await choose('field-barcode-format', 'Code 39');
  await page.click('.ant-modal-footer .ant-btn-primary');
  await eventually(
    () => column('EAN'),
    (c) => c.colOptions.barcode_format === 'CODE39',
  );
  expect((await column('EAN')).colOptions.fk_barcode_value_column_id).toBe((await column('Gtin')).id);
  // Both values are Code 39 text: both drawn as bars now.
  expect(await painted('EAN', 0, (v) => v > 0.1)).toBeGreaterThan(0.1);
  expect(await painted('EAN', 1, (v) => v > 0.1)).toBeGreaterThan(0.1);
});

it('creates a QR code in the field form', async () => {
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', 'Gtin QR');
  await page.click('[data-testid=field-form] .ant-select');
  await page.keyboard.type('QrCode');
  await page.keyboard.press('Enter');
  await choose('field-encode', 'Gtin');
  expect(await page.locator('[data-testid=field-barcode-format]').count()).toBe(0);
  await page.click('.ant-modal-footer .ant-btn-primary');
  const saved = await eventually(
    () => column('Gtin QR'),
    (c) => !!c,
  );
  expect(saved.colOptions).toEqual({ fk_qr_value_column_id: (await column('Gtin')).id });
  await eventually(
    () => shownTitles(page),
    (t) => t.includes('Gtin QR'),
  );
  expect(await painted('Gtin QR', 0, (v) => v > 0.02)).toBeGreaterThan(0.02);
});
