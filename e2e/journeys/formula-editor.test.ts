/**
 * The formula editor helps while typing: `{` offers the table's fields, function names complete with their
 * signature, the function list shows how each is used, a syntax error names the right place at once, and the
 * preview shows the result type and the first rows' values (computed by the server) before anything is saved.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, eventually, openGrid } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let tableId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'formula@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Budget' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Lines',
    columns: [
      { title: 'Budget', column_name: 'budget', uidt: 'Decimal' },
      { title: 'Qty', column_name: 'qty', uidt: 'Number' },
    ],
  });
  tableId = table.id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [
    { Title: 'a', Budget: 2.5, Qty: 4 },
    { Title: 'b', Budget: 10, Qty: 3 },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, tableId, viewId);
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', 'Total');
  await page.click('[data-testid=field-type]');
  await page.keyboard.type('Formula');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-testid=formula-input] .cm-content');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const editorText = () => page.textContent('[data-testid=formula-input] .cm-content');
const completions = async () => {
  await page.waitForSelector('.cm-tooltip-autocomplete li');
  return page.locator('.cm-tooltip-autocomplete li .cm-completionLabel').allTextContents();
};

it('offers the fields after { and completes the chosen one', async () => {
  await page.click('[data-testid=formula-input] .cm-content');
  // Start from an empty formula (a retry meets what the first try typed).
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{');
  const fields = await completions();
  expect(fields).toEqual(expect.arrayContaining(['Title', 'Budget', 'Qty']));
  expect(fields).not.toContain('nc_order');
  await page.keyboard.type('Bud');
  expect(await completions()).toEqual(['Budget']);
  await page.keyboard.press('Enter');
  // The completion is applied in the editor's next update.
  await expect.poll(editorText).toBe('{Budget}');
});

it('says where a syntax error is while typing, in the text as typed', async () => {
  await page.keyboard.type(' * ');
  const error = await page.waitForSelector('[data-testid=formula-error]');
  expect(await error.textContent()).toContain('character 11');
  await page.waitForSelector('.cm-lintRange-error');
});

it('completes function names with their signature and lists how each is used', async () => {
  await page.keyboard.type('ROU');
  await page.waitForSelector('.cm-tooltip-autocomplete li');
  const labels = await completions();
  expect(labels).toContain('ROUND');
  expect(await page.textContent('.cm-tooltip-autocomplete')).toContain('ROUND(');
  // Choose ROUND: it opens its parentheses.
  await page
    .locator('.cm-tooltip-autocomplete li', {
      has: page.locator('.cm-completionLabel', { hasText: /^ROUND$/ }),
    })
    .click();
  await page.keyboard.type('{Qty}, 1)');
  expect(await editorText()).toBe('{Budget} * ROUND({Qty}, 1)');
  await page.hover('[data-testid=formula-functions] button:has-text("CONCAT")');
  const help = await page.textContent('[data-testid=formula-function-help]');
  expect(help).toContain('CONCAT(text1');
  expect(help).toContain('Example');
});

it('previews the result type and the first rows values before saving', async () => {
  // The check runs after a pause in typing (and asks the server): wait for it to clear the last error.
  await eventually(
    () => page.locator('[data-testid=formula-error]').count(),
    (n) => n === 0,
    15_000,
  );
  const preview = await page.waitForSelector('[data-testid=formula-preview]');
  expect(await preview.textContent()).toContain('number');
  const rows = await eventually(
    () => page.locator('[data-testid=formula-preview-row]').allTextContents(),
    (r) => r.length === 2,
  );
  expect(rows[0]).toContain('#1');
  expect(rows[0]).toContain('10');
  expect(rows[1]).toContain('30');
  // An unknown field is named at once, from the server's check.
  await page.keyboard.type(' + {Nope}');
  expect(
    await eventually(
      () =>
        page
          .locator('[data-testid=formula-error]')
          .textContent()
          .catch(() => ''),
      (t) => !!t,
    ),
  ).toContain('Invalid column name/id "Nope"');
  for (let i = 0; i < ' + {Nope}'.length; i++) await page.keyboard.press('Backspace');
  await page.waitForSelector('[data-testid=formula-preview]');
  const columns = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns;
  expect(columns.some((c: { title: string }) => c.title === 'Total')).toBe(false);
  await page.click('.ant-modal-footer .ant-btn-primary');
  const saved = await eventually(
    async () =>
      (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find(
        (c: { title: string }) => c.title === 'Total',
      ),
    (c) => !!c,
  );
  expect(saved.colOptions.formula_raw).toBe('{Budget} * ROUND({Qty}, 1)');
});
