/** QR code and barcode cells draw the field they encode as real codes on the canvas, and follow its edits. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellValue, clickCell, eventually, openGrid } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'codes@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Stock' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Items',
    columns: [],
  });
  const titleId = table.columns.find((c: any) => c.title === 'Title').id;
  const columns = `/api/v1/db/meta/tables/${table.id}/columns`;
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
  page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
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
