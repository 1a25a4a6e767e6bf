/**
 * Inviting someone new to a base without e-mail set up: the owner invites an address as a viewer in the
 * Collaborators tab and is shown the invitation link; the invitee opens it, chooses a password and lands in
 * the base as a viewer. A second invitee who signs up with the invited address alone gets in too.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let ownerToken: string;
let baseId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  ownerToken = await signUpByApi(app.url, 'owner@example.com');
  baseId = (
    await call<{ id: string }>(app.url, 'POST', '/api/v1/db/meta/projects/', ownerToken, { title: 'Team' })
  ).id;
  await call(app.url, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, ownerToken, { title: 'Tasks' });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function inviteInBrowser(email: string, role: string): Promise<string> {
  const { context, page } = await openPage(browser, `${app.url}/#/nc/${baseId}`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, 'owner@example.com');
  await page.click('.ant-tabs-tab:has-text("Collaborators")');
  await page.fill('[data-testid=invite-email]', email);
  await page.click('[data-testid=invite-role]');
  await page.click(`.ant-select-item-option:has-text("${role}")`);
  await page.click('[data-testid=invite-submit]');
  const link = (await page.locator('[data-testid=invite-link]').textContent())!.trim();
  await page.waitForSelector(`tr:has-text("${email}")`);
  await context.close();
  return link;
}

it('shows the invitation link, and the invitee signs up through it into the base as a viewer', async () => {
  const link = await inviteInBrowser('newcomer@example.com', 'Viewer');
  expect(link).toContain('/#/signup/');

  const { context, page } = await openPage(browser, link.replace(/^https?:\/\/[^/]+/, app.url));
  await fillAuthForm(page, 'newcomer@example.com');
  await waitForRoute(page, (r) => r === `/nc/${baseId}`);
  await page.waitForSelector('[data-testid=table-list] >> text=Tasks');
  // A viewer: no table creation offered.
  expect(await page.locator('[data-testid=create-table]').count()).toBe(0);
  await context.close();
});

it('lets an invitee sign up with the invited address on the plain sign-up page', async () => {
  await inviteInBrowser('walk-in@example.com', 'Editor');
  const { context, page } = await openPage(browser, `${app.url}/#/signup`);
  await fillAuthForm(page, 'walk-in@example.com');
  await waitForRoute(page, (r) => r === '/');
  await page.click('text=Team');
  await waitForRoute(page, (r) => r.startsWith(`/nc/${baseId}`));
  await page.waitForSelector('[data-testid=table-list] >> text=Tasks');
  const me = await page.evaluate(async (baseId) => {
    const token = JSON.parse(localStorage.getItem('rowbase-gui-v1')!).token;
    const res = await fetch(`/api/v1/auth/user/me?base_id=${baseId}`, { headers: { 'xc-auth': token } });
    return res.json();
  }, baseId);
  expect(me.base_roles).toMatchObject({ editor: true });
  await context.close();
});
