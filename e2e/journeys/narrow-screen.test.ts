/**
 * On a phone-sized screen (390 px wide) the base opens with the sidebar hidden and the page at full width;
 * the menu button opens the sidebar over the page, picking a table closes it again, and it can be hidden by
 * hand. On a wide screen the sidebar sits beside the page and can be hidden and shown again.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let baseId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'owner@example.com') };
  baseId = (await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Pocket' })).id;
  await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, { title: 'Errands' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openBase(width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  page.setDefaultTimeout(15_000);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  await page.goto(`${app.url}/#/nc/${baseId}`);
  return page;
}

const widthOf = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!.width;

it('starts with the sidebar hidden at 390 px and opens it over the page', async () => {
  const page = await openBase(390);
  await page.waitForSelector('[data-testid=sidebar-show]');
  expect(await page.locator('[data-testid=sidebar]').count()).toBe(0);
  expect(await widthOf(page, 'main')).toBeGreaterThanOrEqual(389);

  await page.click('[data-testid=sidebar-show]');
  await page.waitForSelector('[data-testid=sidebar] >> text=Errands');
  // It lies over the page: the page keeps its full width and the sidebar leaves a strip to tap away.
  expect(await widthOf(page, 'main')).toBeGreaterThanOrEqual(389);
  expect(await widthOf(page, '[data-testid=sidebar]')).toBeLessThanOrEqual(390 * 0.85 + 1);

  await page.click('[data-testid=sidebar] >> text=Errands');
  await page.waitForSelector('[data-testid=table-title]:has-text("Errands")');
  await page.waitForSelector('[data-testid=sidebar]', { state: 'detached' });

  await page.click('[data-testid=sidebar-show]');
  await page.click('[data-testid=sidebar-hide]');
  await page.waitForSelector('[data-testid=sidebar]', { state: 'detached' });
  await page.close();
});

it('keeps the sidebar beside the page on a wide screen, and hides and shows it', async () => {
  const page = await openBase(1280);
  await page.waitForSelector('[data-testid=sidebar] >> text=Errands');
  const mainWithSidebar = await widthOf(page, 'main');
  expect(mainWithSidebar).toBeLessThan(1280 - 200);
  await page.click('[data-testid=sidebar-hide]');
  await page.waitForSelector('[data-testid=sidebar]', { state: 'detached' });
  expect(await widthOf(page, 'main')).toBeGreaterThanOrEqual(1279);
  await page.click('[data-testid=sidebar-show]');
  await page.waitForSelector('[data-testid=sidebar] >> text=Errands');
  await page.close();
});
