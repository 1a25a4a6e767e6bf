/**
 * The grid offers each base role only what it may do: a viewer opens a table and finds no + Field, + Row or
 * Delete rows, cannot type into a cell, and reads a row's comments without a comment box; an editor adds rows
 * but not fields; the owner previewing the base as a viewer sees what the viewer sees, and everything again when
 * the preview is switched off.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellPoint, doubleClickCell, records, waitForRows } from '../support/grid.js';
import { fillAuthForm, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let owner: Api;
let baseId: string;
let tableId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  owner = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  for (const email of ['viewer@example.com', 'editor@example.com']) await signUpByApi(app.url, email);
  baseId = (await call(owner, 'POST', '/api/v1/db/meta/projects/', { title: 'Team' })).id;
  const table = await call(owner, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Tasks',
    columns: [{ column_name: 'title', title: 'Title', uidt: 'SingleLineText' }],
  });
  tableId = table.id;
  const [row] = await call(owner, 'POST', `/api/v2/tables/${tableId}/records`, [{ Title: 'Write the plan' }]);
  await call(owner, 'POST', '/api/v1/db/meta/comments', {
    fk_model_id: tableId,
    row_id: row.Id,
    comment: 'Due Friday',
  });
  for (const [email, roles] of [
    ['viewer@example.com', 'viewer'],
    ['editor@example.com', 'editor'],
  ])
    await call(owner, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, { email, roles });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Signs in through the form and opens the table from the sidebar, as a person would. */
async function openTableAs(email: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  page.setDefaultTimeout(15_000);
  await page.goto(`${app.url}/#/nc/${baseId}`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, email);
  await page.click('[data-testid=table-list] >> text=Tasks');
  // The toolbar is there as soon as the table opens, without picking "Default view" first.
  await page.waitForSelector('[data-testid=grid-toolbar]');
  await page.waitForSelector('[data-testid=toolbar-search]');
  await waitForRows(page);
  return page;
}

const count = (page: Page, selector: string) => page.locator(selector).count();

async function headerMenuItems(page: Page): Promise<string[]> {
  const p = await cellPoint(page, 'Title', 0);
  await page.mouse.click(p.x, p.y - 32 /* header row */, { button: 'right' });
  const menu = page.locator('[data-testid=header-menu]');
  if (!(await menu.isVisible({ timeout: 1_000 }).catch(() => false))) return [];
  const items = await menu.locator('button').allTextContents();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  return items;
}

it('shows a viewer the rows and no way to change them', async () => {
  const page = await openTableAs('viewer@example.com');
  expect(await count(page, '[data-testid=add-field]')).toBe(0);
  expect(await count(page, '[data-testid=add-row]')).toBe(0);
  expect(await count(page, '[data-testid=delete-rows]')).toBe(0);
  expect(await headerMenuItems(page)).toEqual([]);
  // Double-click and typing open no editor, and nothing reaches the server.
  await doubleClickCell(page, 'Title', 0);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toMatch(/INPUT|TEXTAREA/);
  await page.keyboard.type('Changed');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(500);
  expect((await records(owner, tableId))[0]!.Title).toBe('Write the plan');
  // A viewer may still open a record to read it and its comments, but not comment.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Enter');
  await page.waitForSelector('.ant-modal');
  await page.waitForSelector('[data-testid=comment-text] >> text=Due Friday');
  expect(await count(page, '[data-testid=comment-input]')).toBe(0);
  expect(await count(page, '[data-testid=comment-submit]')).toBe(0);
  await page.context().close();
});

it('lets an editor add rows but not fields', async () => {
  const page = await openTableAs('editor@example.com');
  await page.waitForSelector('[data-testid=add-row]');
  // The table opened from the sidebar shows its default view's whole toolbar.
  await page.waitForSelector('[data-testid=toolbar-filter]');
  expect(await count(page, '[data-testid=delete-rows]')).toBe(1);
  expect(await count(page, '[data-testid=add-field]')).toBe(0);
  const items = await headerMenuItems(page);
  expect(items).toContain('Sort ascending');
  expect(items).not.toContain('Edit field');
  expect(items).not.toContain('Delete field');
  await page.click('[data-testid=add-row]');
  await page.waitForFunction(
    () => (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid.rowCount === 2,
  );
  await page.context().close();
});

it('lets the owner preview the base as a viewer and switch back', async () => {
  const page = await openTableAs('owner@example.com');
  await page.waitForSelector('[data-testid=add-field]');
  expect(await headerMenuItems(page)).toContain('Edit field');
  await page.click('[data-testid=preview-as]');
  await page.click('.ant-select-item-option:has-text("Viewer")');
  await page.waitForSelector('[data-testid=add-row]', { state: 'detached' });
  expect(await count(page, '[data-testid=add-field]')).toBe(0);
  expect(await count(page, '[data-testid=delete-rows]')).toBe(0);
  expect(await headerMenuItems(page)).toEqual([]);

  await page.click('[data-testid=preview-as]');
  await page.click('.ant-select-item-option:has-text("Editor")');
  await page.waitForSelector('[data-testid=add-row]');
  expect(await count(page, '[data-testid=add-field]')).toBe(0);

  await page.click('[data-testid=preview-as]');
  await page.click('.ant-select-item-option:has-text("My own role")');
  await page.waitForSelector('[data-testid=add-field]');
  await page.context().close();
});
