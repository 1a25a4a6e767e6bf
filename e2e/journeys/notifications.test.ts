/**
 * Mentioned in a comment: the member's bell counts the unread notification, the list says who mentioned them
 * where, and opening it marks it read and goes to the table.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { call, type Api } from '../support/grid.js';
import { fillAuthForm, openPage, signUpByApi, storedToken, waitForRoute } from '../support/web.js';

const OWNER = 'lead@example.com';
const MEMBER = 'sam@example.com';
let app: RunningApp;
let browser: Browser;
let owner: Api;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  owner = { url: app.url, token: await signUpByApi(app.url, OWNER) };
  await signUpByApi(app.url, MEMBER);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('shows a mention in the bell, and opening it marks it read and goes to the table', async () => {
  const base = await call(owner, 'POST', '/api/v1/db/meta/projects', { title: 'Launch' });
  await call(owner, 'POST', `/api/v1/db/meta/projects/${base.id}/users`, { email: MEMBER, roles: 'editor' });
  const table = await call(owner, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Checklist',
  });
  const users = await call(owner, 'GET', `/api/v1/db/meta/projects/${base.id}/users`);
  const sam = users.users.list.find((u: { email: string }) => u.email === MEMBER);
  await call(owner, 'POST', '/api/v1/db/meta/comments', {
    fk_model_id: table.id,
    row_id: 1,
    comment: `@(${sam.id}|${MEMBER}|Sam) can you take this?`,
  });

  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  await fillAuthForm(page, MEMBER);
  await waitForRoute(page, (r) => r === '/');
  await page.waitForSelector('[data-testid=notification-count] .ant-badge-count >> text=1');
  await page.click('[data-testid=notification-bell]');
  const item = page.locator('[data-testid=notification]');
  expect(await item.textContent()).toBe(`${OWNER} mentioned you in Checklist`);
  await item.click();
  await waitForRoute(page, (r) => r.startsWith(`/nc/${base.id}/${table.id}`));
  await page.locator('[data-testid=notification-count] .ant-badge-count').waitFor({ state: 'detached' });
  const inbox = await call(
    { url: app.url, token: (await storedToken(page))! },
    'GET',
    '/api/v1/notifications',
  );
  expect(inbox.unreadCount).toBe(0);
  await context.close();
});
