/**
 * A job's progress survives a page reload: the page lists the base's running jobs and listens to them again.
 * The base copy is held mid-way for real: the app runs on PostgreSQL and the journey locks the table being
 * copied, so the job waits at "Copying table Stock" until the lock is released.
 */
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { call, records, type Api } from '../support/grid.js';
import { chooseFromMenu, fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

const PG_ADMIN = process.env.RB_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `rb_e2e_jobs_${process.pid}_${Date.now()}`;
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${dbName}`);

let app: RunningApp;
let browser: Browser;
let api: Api;
beforeAll(async () => {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  app = await startApp({ DATABASE_URL: dbUrl });
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'restore@example.com') };
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
});

it('shows a running base copy’s progress again after a reload, then the copy when it completes', async () => {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: 'Depot' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, { title: 'Stock' });
  await call(
    api,
    'POST',
    `/api/v2/tables/${table.id}/records`,
    Array.from({ length: 12 }, (_, i) => ({ Title: `crate ${i + 1}` })),
  );

  // Hold the copy: nobody may read the Stock table until this transaction ends.
  const locker = new pg.Client({ connectionString: dbUrl });
  await locker.connect();
  await locker.query('begin');
  await locker.query(`lock table ${locker.escapeIdentifier(table.table_name)} in access exclusive mode`);

  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  try {
    await fillAuthForm(page, 'restore@example.com');
    await waitForRoute(page, (r) => r === '/');
    await page.waitForSelector('[data-testid=base-Depot]');
    await chooseFromMenu(page, '[data-testid="base-actions-Depot"]', 'Duplicate');
    const card = page.locator('[data-testid=base-list] .ant-card', { hasText: 'Depot copy' });
    const progress = card.locator('[data-testid=job-duplicate-base]');
    await progress.locator('text=Copying table Stock (1 of 1)').waitFor();
    expect(await progress.textContent()).toContain('Duplicating Depot copy');

    // A reload forgets what the tab followed; the page asks the jobs list and shows the progress again.
    await page.reload();
    await page.waitForSelector('[data-testid=base-Depot]');
    await progress.locator('text=Copying table Stock (1 of 1)').waitFor();
    expect(await progress.textContent()).toContain('Duplicating Depot copy');
    expect(await page.locator('[data-testid=job-duplicate-base]').count()).toBe(1);

    // Released, the copy completes: the reloaded page hears the end, says so and drops the indicator.
    await locker.query('commit');
    await page.waitForSelector('.ant-message >> text=Base duplicated');
    await progress.waitFor({ state: 'detached' });
  } finally {
    await locker.end().catch(() => undefined);
  }

  const bases = await call(api, 'GET', '/api/v1/db/meta/projects/');
  const copy = bases.list.find((b: { title: string }) => b.title === 'Depot copy');
  const tables = await call(api, 'GET', `/api/v1/db/meta/projects/${copy.id}/tables`);
  expect(tables.list.map((t: { title: string }) => t.title)).toEqual(['Stock']);
  const rows = await records(api, tables.list[0].id);
  expect(rows.map((r) => r.Title)).toEqual(Array.from({ length: 12 }, (_, i) => `crate ${i + 1}`));
  await context.close();
});
