/**
 * Download from the toolbar: Excel is a valid workbook (read back with exceljs), and the CSV holds what the grid
 * shows — formula and code columns included, durations as h:mm, phone numbers as typed, hidden fields left out.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, openGrid } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;

const HEADER = ['Title', 'Phone', 'Spent', 'Shout', 'QR'];

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'export@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Office' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Contacts',
    columns: [
      { title: 'Phone', column_name: 'phone', uidt: 'PhoneNumber' },
      { title: 'Spent', column_name: 'spent', uidt: 'Duration', meta: { duration: 0 } },
      { title: 'Secret', column_name: 'secret', uidt: 'SingleLineText' },
    ],
  });
  const cols = (t: any) => Object.fromEntries(t.columns.map((c: any) => [c.title, c.id]));
  await call(api, 'POST', `/api/v1/db/meta/tables/${table.id}/columns`, {
    title: 'Shout',
    uidt: 'Formula',
    formula_raw: 'CONCAT({Title}, "!")',
  });
  await call(api, 'POST', `/api/v1/db/meta/tables/${table.id}/columns`, {
    title: 'QR',
    uidt: 'QrCode',
    fk_qr_value_column_id: cols(table).Title,
  });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, [
    { Title: 'Ann', Phone: '+49 30 123456', Spent: 5400, Secret: 'x' },
    { Title: '=2+3', Phone: '+1 555 0100', Spent: 90, Secret: 'y' },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`)).list[0].id;
  await call(api, 'PATCH', `/api/v1/db/meta/views/${viewId}/columns/${cols(table).Secret}`, { show: false });
  page = await browser.newPage({ viewport: { width: 1300, height: 900 }, acceptDownloads: true });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, table.id, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function downloadFromToolbar(label: string): Promise<{ download: Download; bytes: Buffer }> {
  if (!(await page.locator('.ant-popover:visible').count()))
    await page.click('[data-testid=toolbar-download]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`.ant-popover:visible button:has-text("${label}")`),
  ]);
  const file = await download.path();
  return { download, bytes: await readFile(file!) };
}

it('downloads an Excel file that a spreadsheet reader opens', async () => {
  const { download, bytes } = await downloadFromToolbar('Excel');
  expect(download.suggestedFilename()).toBe('Contacts.xlsx');
  // The bytes arrive as sent: a zip, not text with replacement characters.
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
    'Ann',
    '+49 30 123456',
    '1:30',
    'Ann!',
    'Ann',
  ]);
});

it('downloads a CSV with what the grid shows, formatted as the grid formats it', async () => {
  const { download, bytes } = await downloadFromToolbar('CSV');
  expect(download.suggestedFilename()).toBe('Contacts.csv');
  const lines = bytes
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
  expect(lines[0]).toBe(HEADER.join(','));
  expect(lines[1]).toBe('Ann,+49 30 123456,1:30,Ann!,Ann');
  // Text that a spreadsheet would run is still escaped; the phone number's + is not.
  expect(lines[2]).toBe("'=2+3,+1 555 0100,0:02,'=2+3!,'=2+3");
});
