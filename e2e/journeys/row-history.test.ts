/**
 * A row's history in the expanded record: after the user changes a field, the record lists who changed it from
 * what to what, and how long ago; a change made by another client shows when the record is opened again.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellPoint, eventually, openGrid, records } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

const OWNER = 'history@example.com';
let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, OWNER) };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function expandRow(row: number) {
  const p = await cellPoint(page, 'Title', row);
  const box = (await page.locator('[data-testid=grid] canvas').boundingBox())!;
  await page.mouse.dblclick(box.x + 40, p.y);
  await page.waitForSelector('[data-testid=expanded-record]');
}

it('shows who changed a field from what to what, and when', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Team' });
  const t = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tasks',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'todo' }, { title: 'done' }] },
      },
    ],
  });
  await call(api, 'POST', `/api/v2/tables/${t.id}/records`, [{ Title: 'Write docs', Status: 'todo' }]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${t.id}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, t.id, viewId);

  await expandRow(0);
  const history = page.locator('[data-testid=row-history]');
  await history.locator(`li:has-text("${OWNER} added this record")`).waitFor();

  const status = page.locator('[data-testid=expanded-field][data-title="Status"]');
  await status.locator('[data-testid=expanded-value]').click();
  await status.locator('[data-testid=cell-editor] li:has-text("done")').click();
  await eventually(
    () => records(api, t.id),
    (rs) => rs[0]!.Status === 'done',
  );
  const line = history.locator('li', { hasText: 'changed Status' });
  await line.waitFor();
  expect(await line.textContent()).toBe(`${OWNER} changed Status from todo to done, a few seconds ago`);

  // Another client renames the task; reopening the record shows it on top.
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=expanded-record]').waitFor({ state: 'detached' });
  await call(api, 'PATCH', `/api/v2/tables/${t.id}/records`, [{ Id: 1, Title: 'Write the docs' }]);
  await expandRow(0);
  await history.locator('li', { hasText: 'changed Title' }).waitFor();
  expect(await history.locator('li').allTextContents()).toEqual([
    `${OWNER} changed Title from Write docs to Write the docs, a few seconds ago`,
    `${OWNER} changed Status from todo to done, a few seconds ago`,
    `${OWNER} added this record, a few seconds ago`,
  ]);
  await page.close();
});
