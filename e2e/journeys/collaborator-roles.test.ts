/**
 * A collaborator's base role limits the UI: invited to a base as a viewer, a user sees its tables but no
 * create, rename or delete actions and no settings tabs; as a creator they get them. Needs the meta routes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { openMenuItems } from '../support/dropdowns.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let ownerToken: string;
let baseId: string;
let colleagueId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ownerToken = await signUpByApi(app.url, 'owner@example.com');
  await signUpByApi(app.url, 'colleague@example.com');
  const base = await call<{ id: string }>(app.url, 'POST', '/api/v1/db/meta/projects/', ownerToken, {
    title: 'Shared work',
  });
  baseId = base.id;
  await call(app.url, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, ownerToken, { title: 'Tasks' });
  await call(app.url, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, ownerToken, {
    email: 'colleague@example.com',
    roles: 'viewer',
  });
  const users = await call<{ users: { list: { id: string; email: string }[] } }>(
    app.url,
    'GET',
    `/api/v1/db/meta/projects/${baseId}/users`,
    ownerToken,
  );
  colleagueId = users.users.list.find((u) => u.email === 'colleague@example.com')!.id;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openBaseAs(email: string): Promise<Page> {
  const { page } = await openPage(browser, `${app.url}/#/nc/${baseId}`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, email);
  await waitForRoute(page, (r) => r.startsWith('/nc/'));
  await page.waitForSelector('[data-testid=table-list] >> text=Tasks');
  return page;
}

it('shows the owner the collaborator in their role colour, and every action', async () => {
  const page = await openBaseAs('owner@example.com');
  expect(await page.locator('[data-testid=create-table]').count()).toBe(1);
  await page.click('.ant-tabs-tab:has-text("Collaborators")');
  await page.waitForSelector('text=colleague@example.com');
  // docs/behaviour/roles.md colours: the viewer's role shows in yellow.
  await page.waitForSelector('tr:has-text("colleague@example.com") [data-role-colour=yellow]');
  await page.context().close();
});

it('limits a viewer to looking', async () => {
  const page = await openBaseAs('colleague@example.com');
  expect(await page.locator('[data-testid=create-table]').count()).toBe(0);
  expect(await page.locator('[data-testid=overview-create-table]').count()).toBe(0);
  expect(await page.locator('.ant-tabs-tab:has-text("Collaborators")').count()).toBe(0);
  // The table menu offers a viewer only the table's relations diagram: nothing that changes the table.
  await page.click('[data-testid=table-list] button[aria-label=Actions]');
  expect(await openMenuItems(page)).toEqual(['Relations diagram']);
  await page.context().close();
});

it('gives the same user the creator actions once the owner makes them creator', async () => {
  await call(app.url, 'PATCH', `/api/v1/db/meta/projects/${baseId}/users/${colleagueId}`, ownerToken, {
    email: 'colleague@example.com',
    roles: 'creator',
  });
  const page = await openBaseAs('colleague@example.com');
  await page.waitForSelector('[data-testid=create-table]');
  await page.click('[data-testid=table-list] button[aria-label=Actions]');
  await page.locator('.ant-dropdown-menu-item:visible:has-text("Rename")').waitFor();
  await page.context().close();
});
