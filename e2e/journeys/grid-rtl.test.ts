/**
 * The grid in Arabic: the page turns right-to-left, the grid stays left-to-right inside it (columns read in
 * the same order as the field list and the API), and each header sits over its own cells with its whole title
 * painted. Measured from the painted canvas: the dark pixels of a header's title and of its first cell.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, openGrid, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Souk' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Orders',
    columns: [
      { column_name: 'title', title: 'Customer name', uidt: 'SingleLineText' },
      { column_name: 'city', title: 'Delivery city', uidt: 'SingleLineText' },
    ],
  });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, [
    { 'Customer name': 'Alice Cooper', 'Delivery city': 'Casablanca' },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, table.id, viewId);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface Painted {
  left: number;
  right: number;
  /** Width of the dark pixels' span, and the text's own width in the font it is painted with. */
  span: number;
  textWidth: number;
  colLeft: number;
  colRight: number;
}

/** Where the text of a header (row -1) or a cell is painted, from the canvas pixels inside its column. */
async function painted(title: string, row: number, text: string): Promise<Painted> {
  return page.evaluate(
    ({ title, row, text }) => {
      const canvas = document.querySelector('[data-testid=grid] canvas') as HTMLCanvasElement & {
        rowbaseGrid: any;
      };
      const g = canvas.rowbaseGrid;
      const col = g.columns.findIndex((c: { title: string }) => c.title === title);
      const cell = g.cellRect(Math.max(row, 0), col);
      const y0 = row < 0 ? 4 : cell.y + 4;
      const y1 = row < 0 ? 28 : cell.y + cell.h - 4;
      const dpr = canvas.width / canvas.getBoundingClientRect().width;
      const ctx = canvas.getContext('2d')!;
      const img = ctx.getImageData(0, Math.round(y0 * dpr), canvas.width, Math.round((y1 - y0) * dpr));
      let left = Infinity;
      let right = -Infinity;
      for (let x = Math.round(cell.x * dpr) + 2; x < Math.round((cell.x + cell.w) * dpr) - 2; x++)
        for (let y = 0; y < img.height; y++) {
          const i = (y * img.width + x) * 4;
          if (img.data[i]! < 120 && img.data[i + 1]! < 120 && img.data[i + 2]! < 120) {
            left = Math.min(left, x / dpr);
            right = Math.max(right, x / dpr);
          }
        }
      ctx.save();
      ctx.font = '13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
      const textWidth = ctx.measureText(text).width;
      ctx.restore();
      return { left, right, span: right - left, textWidth, colLeft: cell.x, colRight: cell.x + cell.w };
    },
    { title, row, text },
  );
}

async function expectAligned() {
  for (const [title, value] of [
    ['Customer name', 'Alice Cooper'],
    ['Delivery city', 'Casablanca'],
  ] as const) {
    const head = await painted(title, -1, title);
    const cell = await painted(title, 0, value);
    // Both inside their column, starting at the same edge, and painted whole (not cut to the last letters).
    for (const p of [head, cell]) {
      expect(p.left, title).toBeGreaterThanOrEqual(p.colLeft);
      expect(p.right, title).toBeLessThanOrEqual(p.colRight);
    }
    expect(Math.abs(head.left - cell.left), title).toBeLessThan(12);
    expect(head.span, title).toBeGreaterThan(head.textWidth * 0.7);
    expect(cell.span, title).toBeGreaterThan(cell.textWidth * 0.7);
  }
}

it('keeps headers over their cells with whole titles after switching to Arabic', async () => {
  await expectAligned();
  await page.click('[data-testid=language-picker]');
  await page.click('.ant-select-item-option[title="العربية"]');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await waitForRows(page);
  await page.waitForTimeout(300);
  // The page is right-to-left; the grid inside it reads left-to-right, first field on the left.
  const dir = await page.evaluate(
    () => getComputedStyle(document.querySelector('[data-testid=grid] canvas')!).direction,
  );
  const sidebar = (await page.locator('[data-testid=sidebar]').boundingBox())!;
  expect(sidebar.x).toBeGreaterThan(600);
  await expectAligned();
  expect(dir).toBe('ltr');
});
