/**
 * Notifications in the bell: being invited to a base and being mentioned in a comment show up with who did it
 * and where; opening one marks it read and goes to the table. A new notification arrives live, pushed over
 * socket.io, while the member's page stays open.
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

const badge = '[data-testid=notification-count] .ant-badge-count';

it('shows an invitation and a mention in the bell; a new one arrives live; opening one goes to the table', async () => {
  const base = await call(owner, 'POST', '/api/v1/db/meta/projects', { title: 'Launch' });
  await call(owner, 'POST', `/api/v1/db/meta/projects/${base.id}/users`, { email: MEMBER, roles: 'editor' });
  const table = await call(owner, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Checklist',
  });
  const users = await call(owner, 'GET', `/api/v1/db/meta/projects/${base.id}/users`);
  const sam = users.users.list.find((u: { email: string }) => u.email === MEMBER);
  const mention = (text: string) =>
    call(owner, 'POST', '/api/v1/db/meta/comments', {
      fk_model_id: table.id,
      row_id: 1,
      comment: `@(${sam.id}|${MEMBER}|Sam) ${text}`,
    });
  await mention('can you take this?');

  const { context, page } = await openPage(browser, `${app.url}/#/signin`);
  // Every message the server pushes to this page over socket.io.
  const pushed: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => pushed.push(String(f.payload))));
  await fillAuthForm(page, MEMBER);
  await waitForRoute(page, (r) => r === '/');
  await page.waitForSelector(`${badge} >> text=2`);
  await page.click('[data-testid=notification-bell]');
  const items = page.locator('[data-testid=notification]');
  expect(await items.allTextContents()).toEqual([
    `${OWNER} mentioned you in Checklist`,
    `${OWNER} invited you to Launch as editor`,
  ]);

  // Live: the page is not reloaded; the count follows the server's push.
  await mention('and this one too');
  await page.waitForSelector(`${badge} >> text=3`);
  expect(pushed.some((p) => p.includes('notification:created') && p.includes('and this one too'))).toBe(true);
  await items.first().waitFor();
  expect(await items.first().textContent()).toBe(`${OWNER} mentioned you in Checklist`);

  await items.first().click();
  await waitForRoute(page, (r) => r.startsWith(`/nc/${base.id}/${table.id}`));
  await page.waitForSelector(`${badge} >> text=2`);
  const inbox = await call(
    { url: app.url, token: (await storedToken(page))! },
    'GET',
    '/api/v1/notifications',
  );
  expect(inbox.unreadCount).toBe(2);
  await context.close();
});
