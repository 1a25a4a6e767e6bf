/**
 * A shared base from the browser: a visitor who never signed in opens /#/base/{uuid}, sees the base's tables,
 * opens one and reads its rows in a grid that cannot be edited; a protected base asks for its password first;
 * disabling the share stops the link.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, doubleClickCell, records, shownTitles, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let baseId: string;
let tableId: string;
let sourceId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'base-sharer@example.com') };
  baseId = (await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Library' })).id;
  const books = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Books',
    columns: [{ title: 'Pages', uidt: 'Number' }],
  });
  tableId = books.id;
  sourceId = books.source_id;
  await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, { title: 'Authors' });
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [
    { Title: 'Dune', Pages: 412 },
    { Title: 'Emma', Pages: 474 },
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function visitor(link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(link);
  return page;
}

it('shows a shared base read only to a visitor who is not signed in', async () => {
  const share = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/shared`, { roles: 'viewer' });
  const page = await visitor(`${app.url}/#/base/${share.uuid}`);
  await page.waitForSelector('[data-testid=shared-base]');
  expect(await page.textContent('[data-testid=sidebar]')).toContain('Authors');
  await page.click('[data-testid="shared-table-Books"]');
  await page.waitForSelector('[data-testid=grid-scroller]');
  await waitForRows(page);
  expect(await shownTitles(page)).toEqual(['Title', 'Pages']);
  const titles = await page.evaluate(() => {
    const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
    return Array.from({ length: g.rowCount }, (_, r) => g.value(r, 0));
  });
  expect(titles).toEqual(['Dune', 'Emma']);
  // Read only: no row or field buttons, and a double click opens no editor.
  expect(await page.locator('[data-testid=add-row]').count()).toBe(0);
  expect(await page.locator('[data-testid=toolbar-share]').count()).toBe(0);
  await doubleClickCell(page, 'Title', 0);
  await page.keyboard.type('X');
  await page.keyboard.press('Delete');
  await page.waitForTimeout(300);
  expect(await page.locator('[data-testid=grid] input, [data-testid=grid] textarea').count()).toBe(0);
  expect((await records(api, tableId)).map((r) => r.Title)).toEqual(['Dune', 'Emma']);
  // The visitor is not signed in: the address stays on the shared base.
  expect(page.url()).toContain(`#/base/${share.uuid}/${tableId}`);

  await call(api, 'DELETE', `/api/v1/db/meta/projects/${baseId}/shared`);
  await page.reload();
  await page.waitForSelector('[data-testid=shared-base-error]');
  await page.context().close();
});

it('asks for the password of a protected shared base', async () => {
  const share = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/shared`, {
    roles: 'viewer',
    password: 'bookworm',
  });
  const page = await visitor(`${app.url}/#/base/${share.uuid}`);
  const input = '[data-testid=shared-password-prompt] input[type=password]';
  await page.fill(input, 'nope');
  await page.click('[data-testid=shared-password-submit]');
  await page.waitForSelector('[data-testid=shared-password-error]');
  await page.fill(input, 'bookworm');
  await page.click('[data-testid=shared-password-submit]');
  await page.click('[data-testid="shared-table-Books"]');
  await waitForRows(page);
  expect(await shownTitles(page)).toEqual(['Title', 'Pages']);
  await page.context().close();
});

it('shows a shared ERD: tables with their fields, until the share is disabled', async () => {
  const erdPath = `/api/v1/db/meta/projects/${baseId}/bases/${sourceId}/share/erd`;
  const share = await call(api, 'POST', erdPath, {});
  const page = await visitor(`${app.url}/#/nc/shared/${share.uuid}`);
  await page.waitForSelector('[data-testid=shared-erd]');
  expect(await page.textContent('[data-testid="erd-table-Books"]')).toContain('Pages');
  expect(await page.textContent('[data-testid="erd-table-Books"]')).toContain('Single line text');
  expect(await page.locator('[data-testid="erd-table-Authors"]').count()).toBe(1);
  await call(api, 'DELETE', erdPath);
  await page.reload();
  await page.waitForSelector('[data-testid=shared-erd-error]');
  await page.context().close();
});
