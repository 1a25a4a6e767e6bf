/**
 * Importing a CSV through the wizard: preview with detected types, a type changed by the user, the import job's
 * progress, the summary with a skipped row, and the new table's rows in the grid. A workbook's sheets imported
 * at once (a type changed on the second), and the imported view exported and read back with a real xlsx reader.
 * A big import cancelled leaves no table behind.
 */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { call, cellValue, records, shownTitles, waitForRows, type Api } from '../support/grid.js';
import { dropdownsSettledClosed, openDropdownOptions } from '../support/dropdowns.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'imports@example.com') };
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const CSV = ['Name,Age,Code', 'Ann,31,7', 'Bob,42,x9', 'Cid,27,12'].join('\n');

it('imports a CSV through the wizard, with a changed type, and shows the rows in the grid', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Imports' });
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'imports@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.goto(`${app.url}/#/nc/${base.id}`);
  await page.click('[data-testid=import-table]');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await page.waitForSelector('[data-testid=import-preview]');
  // Detected: Name text, Age number, Code text (one value is not a number).
  expect(await page.locator('[data-testid=import-type-1]').textContent()).toContain('Number');
  expect(await page.locator('[data-testid=import-type-2]').textContent()).toContain('Single line text');
  // Force Code to Number: the row with "x9" is then skipped.
  await page.click('[data-testid=import-type-2]');
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="Number"]');
  await page.click('[data-testid=import-start]');
  await page.waitForSelector('[data-testid=import-summary]');
  const summary = await page.locator('[data-testid=import-summary]').textContent();
  expect(summary).toContain('Imported 2 rows into people');
  expect(summary).toContain('1 rows skipped');

  await page.click('[data-testid=import-open-table]');
  await page.waitForSelector('[data-testid=grid-scroller]');
  await waitForRows(page);
  expect(await shownTitles(page)).toEqual(expect.arrayContaining(['Name', 'Age', 'Code']));
  expect(await cellValue(page, 'Name', 0)).toBe('Ann');
  expect(await cellValue(page, 'Name', 1)).toBe('Cid');
  expect(await cellValue(page, 'Code', 1)).toBe(12);

  const tables = await call(api, 'GET', `/api/v1/db/meta/projects/${base.id}/tables`);
  const table = tables.list.find((t: { title: string }) => t.title === 'people');
  expect((await records(api, table.id)).map((r) => [r.Name, r.Age, r.Code])).toEqual([
    ['Ann', 31, 7],
    ['Cid', 27, 12],
  ]);
  await context.close();
});

async function shopWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const staff = book.addWorksheet('Staff');
  staff.addRows([
    ['Name', 'Age'],
    ['Ann', 31],
    ['Bob', 42],
  ]);
  const orders = book.addWorksheet('Orders');
  orders.addRows([
    ['Ref', 'Qty'],
    ['A-1', 3],
    ['A-2', 5],
    ['A-3', 2],
  ]);
  book.addWorksheet('Notes').addRows([['Text'], ['left out']]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

it('imports two sheets of a workbook as two tables, then exports one and reads the file back', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Workbook imports' });
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${app.url}/#/signin`);
  await fillAuthForm(page, 'imports@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.goto(`${app.url}/#/nc/${base.id}`);
  await page.click('[data-testid=import-table]');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'shop.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await shopWorkbook(),
  });
  await page.waitForSelector('[data-testid=import-sheets]');
  expect(await page.locator('[data-testid=import-table-title]').inputValue()).toBe('Staff');
  await page.click('[data-testid=import-sheets] label:has-text("Orders")');
  // Preview the second sheet and import its Qty as a decimal.
  await page.click('[data-testid=import-sheet-shown]');
  expect(await openDropdownOptions(page)).toEqual(['Staff', 'Orders', 'Notes']);
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="Orders"]');
  await dropdownsSettledClosed(page);
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid=import-column-0] input') as HTMLInputElement | null)?.value ===
      'Ref',
  );
  expect(await page.locator('[data-testid=import-table-title]').inputValue()).toBe('Orders');
  expect(await page.locator('[data-testid=import-type-1]').textContent()).toContain('Number');
  await page.click('[data-testid=import-type-1]');
  await openDropdownOptions(page);
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="Decimal"]');
  await dropdownsSettledClosed(page);
  await page.click('[data-testid=import-start]');
  await page.waitForSelector('[data-testid=import-summary]');
  expect(await page.locator('[data-testid=import-imported]').allTextContents()).toEqual([
    'Imported 2 rows into Staff',
    'Imported 3 rows into Orders',
  ]);
  const tables = (await call(api, 'GET', `/api/v1/db/meta/projects/${base.id}/tables`)).list;
  expect(tables.map((t: { title: string }) => t.title)).toEqual(['Staff', 'Orders']);
  const orders = await call(api, 'GET', `/api/v1/db/meta/tables/${tables[1].id}`);
  expect(orders.columns.find((c: { title: string }) => c.title === 'Qty').uidt).toBe('Decimal');

  // The summary opens the first table; its view exports as a workbook a spreadsheet reader opens.
  await page.click('[data-testid=import-open-table]');
  await page.waitForSelector('[data-testid=grid-scroller]');
  await waitForRows(page);
  expect(await cellValue(page, 'Name', 1)).toBe('Bob');
  await page.click('[data-testid=toolbar-download]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('.ant-popover:visible button:has-text("Excel")'),
  ]);
  expect(download.suggestedFilename()).toBe('Staff.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows = [1, 2, 3].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
  expect(rows).toEqual([
    ['Name', 'Age'],
    ['Ann', 31],
    ['Bob', 42],
  ]);
  await context.close();
}, 120_000);

it('shows the progress of a big import and cancels it, leaving no table behind', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Cancelled imports' });
  // Big enough that the import still runs when the cancel is clicked (150,000 rows took about 2 s).
  const lines = ['Name,Amount'];
  for (let i = 1; i <= 1_000_000; i++) lines.push(`row ${i},${i}`);
  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'imports@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.goto(`${app.url}/#/nc/${base.id}`);
  await page.click('[data-testid=import-table]');
  await page.setInputFiles('[data-testid=import-file]', {
    name: 'big.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  await page.waitForSelector('[data-testid=import-preview]');
  expect(await page.locator('[data-testid=import-preview]').textContent()).toContain('1000000 rows');
  await page.click('[data-testid=import-start]');
  // The progress bar shows rows done of total, the rate and the time left.
  await page.waitForSelector(
    '[data-testid=import-progress] >> text=/[1-9]\\d* of 1000000 rows · \\d+ rows\\/s · \\d+ s left/',
  );
  await page.click('[data-testid=import-cancel]');
  await page.waitForSelector('[data-testid=import-failed] >> text=The job was cancelled');
  const tables = await call(api, 'GET', `/api/v1/db/meta/projects/${base.id}/tables`);
  expect(tables.list).toEqual([]);
  await context.close();
}, 120_000);
