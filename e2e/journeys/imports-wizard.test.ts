/**
 * Importing a CSV through the wizard: preview with detected types, a type changed by the user, the import job's
 * progress, the summary with a skipped row, and the new table's rows in the grid.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { call, cellValue, records, shownTitles, waitForRows, type Api } from '../support/grid.js';
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

it('shows the progress of a big import and cancels it, leaving no table behind', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Cancelled imports' });
  const lines = ['Name,Amount'];
  for (let i = 1; i <= 150_000; i++) lines.push(`row ${i},${i}`);
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
  expect(await page.locator('[data-testid=import-preview]').textContent()).toContain('150000 rows');
  await page.click('[data-testid=import-start]');
  // The progress bar shows rows done of total, the rate and the time left.
  await page.waitForSelector(
    '[data-testid=import-progress] >> text=/[1-9]\\d* of 150000 rows · \\d+ rows\\/s · \\d+ s left/',
  );
  await page.click('[data-testid=import-cancel]');
  await page.waitForSelector('[data-testid=import-failed] >> text=The job was cancelled');
  const tables = await call(api, 'GET', `/api/v1/db/meta/projects/${base.id}/tables`);
  expect(tables.list).toEqual([]);
  await context.close();
}, 120_000);
