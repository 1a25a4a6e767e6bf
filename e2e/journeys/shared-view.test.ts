/**
 * Sharing from the browser: the owner shares a grid view with a password through the toolbar's share dialog;
 * an anonymous visitor (a fresh browser context, never signed in) gets the password prompt, is refused with a
 * wrong password, and with the right one sees the rows without the hidden field. Then a form is shared, filled
 * in with an attachment by a visitor, its row seen by the owner, and the link stops working once disabled.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, eventually, records, shownTitles, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let owner: Page;
let baseId: string;
let tableId: string;
let gridId: string;
let formId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'sharer@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Market' });
  baseId = base.id;
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Fruit',
    columns: [
      { title: 'Price', uidt: 'Number' },
      { title: 'Secret', uidt: 'SingleLineText' },
      { title: 'Files', uidt: 'Attachment' },
    ],
  });
  tableId = table.id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [
    { Title: 'apple', Price: 5, Secret: 'hidden-apple' },
    { Title: 'cherry', Price: 20, Secret: 'hidden-cherry' },
  ]);
  gridId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list[0].id;
  const secret = table.columns.find((c: { title: string }) => c.title === 'Secret').id;
  await call(api, 'PATCH', `/api/v1/db/meta/views/${gridId}/columns/${secret}`, { show: false });
  formId = (await call(api, 'POST', `/api/v1/db/meta/tables/${tableId}/forms`, { title: 'Order form' })).id;
  const formColumns = (await call(api, 'GET', `/api/v1/db/meta/views/${formId}/columns`)).list;
  const titleColumn = table.columns.find((c: { title: string }) => c.title === 'Title').id;
  const vc = formColumns.find((c: { fk_column_id: string }) => c.fk_column_id === titleColumn);
  await call(api, 'PATCH', `/api/v1/db/meta/form-columns/${vc.id}`, { required: true, label: 'Fruit name' });
  await call(api, 'PATCH', `/api/v1/db/meta/forms/${formId}`, {
    heading: 'Order some fruit',
    success_msg: 'Thanks for your order',
    submit_another_form: true,
  });

  owner = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  owner.setDefaultTimeout(15_000);
  await owner.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Opens a view of the table as the owner (a fresh page load, so nothing of the last page lingers). */
async function openAsOwner(viewId: string) {
  await owner.goto(`${app.url}/#/nc/${baseId}/${tableId}/${viewId}`);
  await owner.reload();
  // A grid opens as rows, a form as its builder; both have the share button.
  await owner.waitForSelector('[data-testid=grid-scroller], [data-testid=form-builder]');
}

/** Opens a view of the table as the owner and its share dialog. */
async function openShareDialog(viewId: string) {
  await openAsOwner(viewId);
  await owner.click('[data-testid=toolbar-share]');
  await owner.waitForSelector('[data-testid=share-menu]');
}

async function createLink(viewId: string): Promise<string> {
  await openShareDialog(viewId);
  await owner.click('[data-testid=share-create]');
  await owner.waitForSelector('[data-testid=share-link]');
  return owner.inputValue('[data-testid=share-link]');
}

/** A visitor: a new browser context with no stored session. */
async function visitor(link: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(link);
  return page;
}

it('shares a grid view with a password: a visitor must give it and never sees the hidden field', async () => {
  const link = await createLink(gridId);
  expect(link).toMatch(new RegExp(`^${app.url}/#/nc/view/[0-9a-f-]{36}$`));
  await owner.fill('[data-testid=share-menu] input[type=password]', 'open sesame');
  await owner.click('[data-testid=share-password-save]');
  await owner.waitForSelector('[data-testid=share-password-clear]');

  const page = await visitor(link);
  await page.waitForSelector('[data-testid=shared-password-prompt]');
  expect(await page.locator('[data-testid=grid]').count()).toBe(0);
  const input = '[data-testid=shared-password-prompt] input[type=password]';
  await page.fill(input, 'wrong guess');
  await page.click('[data-testid=shared-password-submit]');
  await page.waitForSelector('[data-testid=shared-password-error]');
  expect(await page.locator('[data-testid=grid]').count()).toBe(0);

  await page.fill(input, 'open sesame');
  await page.click('[data-testid=shared-password-submit]');
  await page.waitForSelector('[data-testid=shared-grid]');
  await waitForRows(page);
  const titles = await shownTitles(page);
  expect(titles).toEqual(expect.arrayContaining(['Title', 'Price']));
  expect(titles).not.toContain('Secret');
  const shown = await page.evaluate(() => {
    const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
    return Array.from({ length: g.rowCount }, (_, r) => g.value(r, 0));
  });
  expect(shown).toEqual(['apple', 'cherry']);
  expect(await page.content()).not.toContain('hidden-apple');
  // Downloads are off until the owner allows them.
  expect(await page.locator('[data-testid=shared-download-csv]').count()).toBe(0);
  // The password is kept for this tab: a reload opens the view at once.
  await page.reload();
  await page.waitForSelector('[data-testid=shared-grid]');
  await page.context().close();
});

it('lets an anonymous visitor submit a form with an attachment, seen by the owner; disabling stops the link', async () => {
  const link = await createLink(formId);
  expect(link).toMatch(/#\/nc\/form\/[0-9a-f-]{36}$/);

  const page = await visitor(link);
  await page.waitForSelector('[data-testid=shared-form]');
  expect(await page.textContent('[data-testid=shared-form-heading]')).toBe('Order some fruit');
  await page.click('[data-testid=shared-form-submit]');
  expect(await page.textContent('[data-testid=form-error]')).toBe('Please enter Fruit name');
  await page.fill('[data-testid="form-input-Title"]', 'fig');
  await page.fill('[data-testid="form-input-Price"]', '7');
  await page.setInputFiles('[data-testid="form-input-Files"]', {
    name: 'receipt.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('paid in full'),
  });
  await page.click('[data-testid=shared-form-submit]');
  await page.waitForSelector('[data-testid=shared-form-done]');
  expect(await page.textContent('[data-testid=shared-form-done]')).toContain('Thanks for your order');

  const rows = await eventually(
    () => records(api, tableId),
    (list) => list.some((r) => r.Title === 'fig'),
  );
  const fig = rows.find((r) => r.Title === 'fig')!;
  expect(fig.Price).toBe(7);
  expect(fig.Files[0]).toMatchObject({ title: 'receipt.txt', mimetype: 'text/plain' });
  const file = await fetch(`${app.url}/${fig.Files[0].path}`);
  expect(await file.text()).toBe('paid in full');

  // The owner sees the new row in the grid.
  await openAsOwner(gridId);
  await waitForRows(owner);
  const ownerTitles = await owner.evaluate(() => {
    const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
    return Array.from({ length: g.rowCount }, (_, r) => g.value(r, 0));
  });
  expect(ownerTitles).toContain('fig');

  // Submit another, then the owner disables the share and the link stops working.
  await page.click('[data-testid=shared-form-again]');
  await page.waitForSelector('[data-testid=shared-form]');
  await openShareDialog(formId);
  await owner.click('[data-testid=share-disable]');
  await owner.waitForSelector('[data-testid=share-create]');
  await page.reload();
  await page.waitForSelector('[data-testid=shared-view-error]');
  expect(await page.locator('[data-testid=shared-form]').count()).toBe(0);
  await page.context().close();
});

it('offers CSV download only once the owner allows it', async () => {
  await openShareDialog(gridId);
  await owner.click('[data-testid=share-allow-download]');
  await owner.waitForSelector('[data-testid=share-allow-download][aria-checked=true]');
  const link = await owner.inputValue('[data-testid=share-link]');
  const page = await visitor(link);
  await page.fill('[data-testid=shared-password-prompt] input[type=password]', 'open sesame');
  await page.click('[data-testid=shared-password-submit]');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=shared-download-csv]'),
  ]);
  const path = await download.path();
  const csv = readFileSync(path, 'utf8');
  expect(csv).toContain('cherry');
  expect(csv).not.toContain('hidden-');
  await page.context().close();
});

it('asks one field at a time in survey mode', async () => {
  const link = await createLink(formId);
  const page = await visitor(`${link}/survey`);
  await page.waitForSelector('[data-testid=shared-form]');
  const fieldsShown = () => page.locator('[data-testid^=form-field-]').count();
  expect(await fieldsShown()).toBe(1);
  await page.click('[data-testid=shared-form-next]');
  expect(await page.textContent('[data-testid=form-error]')).toBe('Please enter Fruit name');
  await page.fill('[data-testid="form-input-Title"]', 'kiwi');
  await page.click('[data-testid=shared-form-next]');
  await page.waitForSelector('[data-testid="form-field-Price"]');
  expect(await fieldsShown()).toBe(1);
  while ((await page.locator('[data-testid=shared-form-next]').count()) > 0)
    await page.click('[data-testid=shared-form-next]');
  await page.click('[data-testid=shared-form-submit]');
  await page.waitForSelector('[data-testid=shared-form-done]');
  const rows = await eventually(
    () => records(api, tableId),
    (list) => list.some((r) => r.Title === 'kiwi'),
  );
  expect(rows.filter((r) => r.Title === 'kiwi')).toHaveLength(1);
  await page.context().close();
});
