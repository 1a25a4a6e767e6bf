/**
 * The base's audit page: reached from the base menu, it lists what was changed (meta and rows) with who and when
 * in relative words, and narrows by operation, type and user.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { openDropdownOptions, dropdownsSettledClosed } from '../support/dropdowns.js';
import { call, eventually, type Api } from '../support/grid.js';
import { chooseFromMenu, fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

const OWNER = 'auditor@example.com';
let app: RunningApp;
let browser: Browser;
let owner: Api;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  owner = { url: app.url, token: await signUpByApi(app.url, OWNER) };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('lists the base’s changes from the base menu and filters them', async () => {
  const base = await call(owner, 'POST', '/api/v1/db/meta/projects', { title: 'Ledger' });
  const table = await call(owner, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Invoices',
  });
  const rows = `/api/v1/db/data/noco/${base.id}/${table.id}`;
  const row = await call(owner, 'POST', rows, { Title: 'draft' });
  await call(owner, 'PATCH', `${rows}/${row.Id}`, { Title: 'sent' });
  // Entries are written just after their change: wait until the update is recorded.
  await eventually(
    async () =>
      (await call(owner, 'GET', `/api/v1/db/meta/projects/${base.id}/audits?op_sub_type=UPDATE&op_type=DATA`))
        .list.length,
    (n) => n === 1,
  );

  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, OWNER);
  await waitForRoute(page, (r) => r === '/');
  await chooseFromMenu(page, '[data-testid="base-actions-Ledger"]', 'Audit');
  await waitForRoute(page, (r) => r.endsWith(`${base.id}/audit`));
  const descriptions = () => page.locator('[data-testid=audit-row] td:nth-child(5)').allTextContents();
  const settled = (expected: string[]) =>
    eventually(descriptions, (list) => JSON.stringify(list) === JSON.stringify(expected));
  await settled([
    'Title changed from draft to sent',
    'Record inserted',
    'Table Invoices created',
    'Base Ledger created',
  ]);
  expect(await page.locator('[data-testid=audit-row] td:nth-child(1)').first().textContent()).toMatch(
    /seconds? ago|a minute ago|minutes ago/,
  );

  await page.click('[data-testid=audit-operation]');
  expect(await openDropdownOptions(page)).toContain('CREATE');
  await page.locator('.ant-select-item-option[title=CREATE]').click();
  await dropdownsSettledClosed(page);
  await settled(['Table Invoices created', 'Base Ledger created']);

  await page.click('[data-testid=audit-type]');
  await openDropdownOptions(page);
  await page.locator('.ant-select-item-option[title=TABLE]').click();
  await dropdownsSettledClosed(page);
  await settled(['Table Invoices created']);

  await page.fill('[data-testid=audit-user] input', 'someone@else.com');
  await page.press('[data-testid=audit-user] input', 'Enter');
  await page.waitForSelector('[data-testid=audit-page] >> text=No audit entries');
  expect(await descriptions()).toEqual([]);
  await context.close();
});
