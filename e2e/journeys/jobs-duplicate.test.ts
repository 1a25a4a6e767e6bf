/**
 * Duplicating a table from the sidebar runs as a job: the sidebar shows a progress item while it runs, and the
 * copy, with its rows, appears in the table list when the job completes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { call, records, type Api } from '../support/grid.js';
import { chooseFromMenu, fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'jobs@example.com') };
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('duplicates a table from its menu, shows the job’s progress and then the copy with its rows', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Warehouse' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, { title: 'Stock' });
  await call(
    api,
    'POST',
    `/api/v2/tables/${table.id}/records`,
    Array.from({ length: 30 }, (_, i) => ({ Title: `item ${i + 1}` })),
  );

  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, 'jobs@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.goto(`${app.url}/#/nc/${base.id}`);
  await page.waitForSelector('[data-testid=table-list] >> text=Stock');
  // Remember whether the progress item was ever shown: the job may finish before a poll could see it.
  await page.evaluate(() => {
    const w = window as unknown as { sawJobProgress: string | null };
    w.sawJobProgress = null;
    new MutationObserver(() => {
      const item = document.querySelector('[data-testid=table-list] [data-testid=job-duplicate-model]');
      if (item && !w.sawJobProgress) w.sawJobProgress = item.textContent;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });

  await chooseFromMenu(
    page,
    '[data-testid=table-list] li:has-text("Stock") button[aria-label=Actions]',
    'Duplicate',
  );
  await page.waitForSelector('[data-testid="table-Stock copy"]');
  await page.waitForSelector('.ant-message >> text=Table duplicated');
  expect(await page.evaluate(() => (window as any).sawJobProgress)).toContain('Duplicating Stock copy');
  // The progress item is gone once the copy is listed.
  expect(await page.locator('[data-testid=job-duplicate-model]').count()).toBe(0);
  const titles = await page.locator('[data-testid=table-list] > li > div > a').allTextContents();
  expect(titles.map((t) => t.replace(/^\W+/, '').trim())).toEqual(['Stock', 'Stock copy']);

  // The copy holds the rows (read back over the API, as another client would).
  const tables = await call(api, 'GET', `/api/v1/db/meta/projects/${base.id}/tables`);
  const copy = tables.list.find((t: { title: string }) => t.title === 'Stock copy');
  const rows = await records(api, copy.id);
  expect(rows).toHaveLength(30);
  expect(rows[29]!.Title).toBe('item 30');
  await context.close();
});
