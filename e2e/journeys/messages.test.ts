/**
 * Messages a person reads are in their words: signing out from an open table lands on the sign-in page
 * without a crash; a select option left empty in the field form is named as "Option 1", not by a request
 * path; a number typed wrong names the field instead of "isNumeric".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, doubleClickCell, openGrid } from '../support/grid.js';
import { signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let baseId: string;
let tableId: string;
let viewId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  baseId = (await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Shop' })).id;
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Items',
    columns: [
      { column_name: 'title', title: 'Title', uidt: 'SingleLineText' },
      { column_name: 'price', title: 'Price', uidt: 'Number' },
    ],
  });
  tableId = table.id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [{ Title: 'Pen', Price: 3 }]);
  viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function gridPage(): Promise<{ page: Page }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, baseId, tableId, viewId);
  return { page };
}

it('signs out from an open table or the base home onto the sign-in page without an error', async () => {
  for (const path of [`/nc/${baseId}/${tableId}`, `/nc/${baseId}`]) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.addInitScript((token) => {
      if (!localStorage.getItem('rowbase-gui-v1'))
        localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
    }, api.token);
    await page.goto(`${app.url}/#${path}`);
    await page.waitForSelector('[data-testid=table-list] >> text=Items');
    await page.waitForTimeout(500);
    await page.click('[data-testid=user-menu]');
    await page.click('.ant-dropdown-menu-item:has-text("Sign out")');
    await waitForRoute(page, (r) => r.startsWith('/signin'));
    await page.waitForSelector('[data-testid=email]');
    await page.waitForTimeout(1_000);
    const text = await page.locator('body').innerText();
    expect(text).not.toMatch(/Minified React error|#520|Internal Server Error|Something went wrong/i);
    // Only the browser's own notes about refused requests may appear; nothing thrown, nothing caught.
    expect(
      errors.filter((e) => !/^Failed to load resource/.test(e)),
      path,
    ).toEqual([]);
    await page.close();
  }
});

it('names an empty select option by its place in the field form', async () => {
  const { page } = await gridPage();
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', 'Status');
  await page.click('[data-testid=field-form] .ant-select');
  await page.keyboard.type('Single select');
  await page.keyboard.press('Enter');
  await page.click('[data-testid=add-option]');
  await page.click('.ant-modal-footer .ant-btn-primary');
  const error = await page.locator('[data-testid=field-error]').innerText();
  expect(error).toBe('Option 1: title cannot be empty');
  await page.context().close();
});

it('says which field wants a number instead of naming a check', async () => {
  const { page } = await gridPage();
  await doubleClickCell(page, 'Price', 0);
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await page.waitForSelector('text=Price must be a number');
  expect(await page.locator('text=isNumeric').count()).toBe(0);
  await page.context().close();
});
