/**
 * A table's webhooks from the grid toolbar: add one pointing at a receiver on loopback, send a test, add a row,
 * and see the receiver get the row and the delivery listed in the hook's log; then the same for a Telegram hook,
 * the receiver standing in for Telegram's bot API (RB_TELEGRAM_API_URL); and a hook with a condition built in
 * its form, which sends only the rows that meet it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { dropdownsSettledClosed, openDropdownOptions } from '../support/dropdowns.js';
import { call, eventually, openGrid, type Api } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let receiver: Server;
let receiverUrl: string;
const received: { url: string; headers: Record<string, unknown>; body: any }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ url: req.url!, headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startApp({
    NC_ALLOW_LOCAL_HOOKS: 'true',
    NC_AUTOMATION_LOG_LEVEL: 'ALL',
    RB_TELEGRAM_API_URL: `${receiverUrl}/telegram`,
  });
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'hooks@example.com') };
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await new Promise((r) => receiver?.close(r));
});

/**
 * A new base whose table (titled `table`) has one row, its grid open, the webhooks panel open and a new hook's
 * form started with its name.
 */
async function startHookForm(names: { base: string; table: string; row: string; hook: string }) {
  const base = await call(api, 'POST', '/api/v1/db/meta/projects/', { title: names.base });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, { title: names.table });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, { Title: names.row });
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`)).list[0].id;
  const page: Page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, table.id, viewId);

  await page.click('[data-testid=toolbar-webhooks]');
  await page.waitForSelector('[data-testid=webhooks-panel] >> text=No webhooks yet');
  await page.click('[data-testid=webhook-add]');
  const form = page.locator('[data-testid=webhook-form]');
  await form.getByLabel('Name').fill(names.hook);
  return { page, form, table: table as { id: string } };
}

it('adds a webhook, tests it, and sees a row insert delivered and logged', async () => {
  const { page, form, table } = await startHookForm({
    base: 'Orders',
    table: 'Order',
    row: 'Order 1',
    hook: 'Notify shop',
  });
  await form.getByLabel('URL').fill(`${receiverUrl}/orders`);
  await form.getByText('+ Header').click();
  await form.getByPlaceholder('Header name').fill('X-Shop');
  await form.getByPlaceholder('Value').fill('north');

  await page.click('[data-testid=webhook-test]');
  await page.waitForSelector('[data-testid=webhook-test-result] >> text=Test delivered');
  expect(received.at(-1)).toMatchObject({ url: '/orders', body: { type: 'records.after.insert' } });
  expect(received.at(-1)!.headers['x-shop']).toBe('north');

  await page.click('[data-testid=webhook-save]');
  await page.waitForSelector('[data-testid="webhook-Notify shop"]');
  expect(await page.locator('[data-testid="webhook-Notify shop"]').textContent()).toContain(
    `POST ${receiverUrl}/orders`,
  );

  // Another client adds a row; the hook delivers it.
  const before = received.length;
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, { Title: 'Order 42' });
  const delivered = await eventually(
    async () => received.slice(before),
    (list) => list.length === 1,
  );
  expect(delivered[0]!.body).toMatchObject({
    type: 'records.after.insert',
    data: { table_name: 'Order', rows: [{ Title: 'Order 42' }] },
  });

  // The log shows the delivery with the receiver's status (the test ran before the hook was saved, so it has no log).
  await eventually(
    async () => {
      await page.locator('[data-testid="webhook-Notify shop"]').getByRole('button', { name: 'Logs' }).click();
      await page.waitForSelector('[data-testid=webhook-logs]');
      return page.locator('[data-testid=webhook-logs] tbody tr').allTextContents();
    },
    (rows) => rows.length === 1,
  );
  const rows = await page.locator('[data-testid=webhook-logs] tbody tr').allTextContents();
  expect(rows[0]).toMatch(/insert\s*200/);

  // Switched off from the list, it stays quiet.
  await page.locator('[data-testid="webhook-Notify shop"]').getByRole('switch').click();
  await eventually(
    async () => (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/hooks`)).list[0].active,
    (active) => active === false,
  );
  await page.close();
});

it('adds a Telegram webhook, tests it, and sees a new row sent to the chat and logged', async () => {
  const { page, form, table } = await startHookForm({
    base: 'Support',
    table: 'Ticket',
    row: 'Welcome',
    hook: 'Tell the team',
  });
  await page.click('[data-testid=webhook-kind]');
  expect(await openDropdownOptions(page)).toEqual([
    'Web address (URL)',
    'Telegram',
    'WhatsApp',
    'SMS (Twilio)',
  ]);
  await page.click('.ant-select-item-option[title="Telegram"]');
  await dropdownsSettledClosed(page);
  await form.getByLabel('Bot token').fill('123456:ABC-team');
  await form.getByLabel('Chat ids, separated by commas').fill('-100777');

  const chat = () => received.filter((r) => r.url === '/telegram/bot123456:ABC-team/sendMessage');
  await page.click('[data-testid=webhook-test]');
  await page.waitForSelector('[data-testid=webhook-test-result] >> text=Test delivered');
  expect(chat().at(-1)!.body).toMatchObject({ chat_id: -100777, text: expect.stringMatching(/^Ticket: /) });

  await page.click('[data-testid=webhook-save]');
  const item = page.locator('[data-testid="webhook-Tell the team"]');
  await item.waitFor();
  expect(await item.textContent()).toContain('Telegram -100777');

  // A row added by another client reaches the chat as a readable message.
  const before = chat().length;
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, { Title: 'Printer jammed' });
  const sent = await eventually(
    async () => chat().slice(before),
    (list) => list.length === 1,
  );
  expect(sent[0]!.body.text).toMatch(/^Ticket: records added: 1\n• Id: \d+, Title: Printer jammed/);

  await eventually(
    async () => {
      await item.getByRole('button', { name: 'Logs' }).click();
      await page.waitForSelector('[data-testid=webhook-logs]');
      return page.locator('[data-testid=webhook-logs] tbody tr').allTextContents();
    },
    (rows) => rows.length === 1 && /insert\s*200/.test(rows[0]!),
  );

  // Editing shows the saved Telegram settings.
  await item.getByRole('button', { name: 'Edit' }).click();
  await expect.poll(() => form.getByLabel('Chat ids, separated by commas').inputValue()).toBe('-100777');
  expect(await form.getByLabel('Bot token').inputValue()).toBe('123456:ABC-team');
  await page.close();
});

it('builds a condition in the webhook form, and only rows that meet it are sent', async () => {
  const { page, form, table } = await startHookForm({
    base: 'Alerts',
    table: 'Incident',
    row: 'Quiet start',
    hook: 'Page on-call',
  });
  await form.getByLabel('URL').fill(`${receiverUrl}/incidents`);
  // The grid filter menu's builder: Title "is equal" urgent.
  const conditions = form.locator('[data-testid=webhook-conditions]');
  await conditions.locator('[data-testid=filter-add]').click();
  expect(await conditions.locator('[data-testid=filter-field]').textContent()).toBe('Title');
  await conditions.locator('[data-testid=filter-op]').click();
  await page.click('.ant-select-dropdown:visible .ant-select-item-option[title="is equal"]');
  await dropdownsSettledClosed(page);
  await conditions.locator('[data-testid=filter-value]').fill('urgent');
  await conditions.locator('[data-testid=filter-value]').press('Enter');
  await page.click('[data-testid=webhook-save]');
  await page.waitForSelector('[data-testid="webhook-Page on-call"]');

  const hook = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/hooks`)).list[0];
  const saved = (await call(api, 'GET', `/api/v1/db/meta/hooks/${hook.id}/filters`)).list;
  expect(saved).toMatchObject([{ comparison_op: 'eq', value: 'urgent', logical_op: 'and' }]);

  // A row that does not meet the condition is not sent; one that does is (deliveries of a hook keep order,
  // so the first would have arrived before the second).
  const incidents = () => received.filter((r) => r.url === '/incidents');
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, { Title: 'routine' });
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, { Title: 'urgent' });
  const sent = await eventually(
    async () => incidents(),
    (list) => list.length >= 1,
  );
  await page.waitForTimeout(300);
  expect(incidents()).toHaveLength(1);
  expect(sent[0]!.body).toMatchObject({
    type: 'records.after.insert',
    data: { table_name: 'Incident', rows: [{ Title: 'urgent' }] },
  });

  // Editing the hook shows its condition in the builder.
  await page.locator('[data-testid="webhook-Page on-call"]').getByRole('button', { name: 'Edit' }).click();
  await expect.poll(() => conditions.locator('[data-testid=filter-value]').inputValue()).toBe('urgent');
  expect(await conditions.locator('[data-testid=filter-op]').textContent()).toBe('is equal');
  await page.close();
});
