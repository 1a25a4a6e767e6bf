/**
 * A kanban board as a user works it: created from the sidebar, stacks per status with their counts, a card
 * dragged to another stack (stored, and still there after a reload), a stack collapsed (kept after a reload),
 * stacks reordered by their handles (the select options' order stored), a card added in a stack, and the
 * board shared and opened in a fresh browser.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, eventually, records } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let baseId: string;
let tableId: string;
let statusId: string;

const stack = (name: string) => `[data-testid="stack-${name}"]`;
const countOf = (name: string) => page.innerText(`${stack(name)} [data-testid=stack-count]`);
const cardsIn = (name: string) => page.locator(`${stack(name)} [data-testid=card-title]`).allInnerTexts();

async function drag(from: string, to: string) {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 60, { steps: 15 });
  await page.mouse.up();
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'kanban@example.com') };
  baseId = (await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Plans' })).id;
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${baseId}/tables`, {
    title: 'Tasks',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'Todo' }, { title: 'Doing' }, { title: 'Done' }] },
      },
    ],
  });
  tableId = table.id;
  statusId = table.columns.find((c: { title: string }) => c.title === 'Status').id;
  await call(api, 'POST', `/api/v2/tables/${tableId}/records`, [
    { Title: 'Write plan', Status: 'Todo' },
    { Title: 'Buy paint', Status: 'Todo' },
    { Title: 'Paint wall', Status: 'Doing' },
    { Title: 'Someday' },
  ]);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(15_000);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, api.token);
  await page.goto(`${app.url}/#/nc/${baseId}/${tableId}`);
  await page.waitForSelector('[data-testid=view-list]');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('creates a board from the sidebar with a stack per status and its count', async () => {
  await page.click('[data-testid=create-view]');
  await page.click('[data-testid=create-view-kanban]');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector(`${stack('Todo')} [data-testid=card-title]:text-is("Write plan")`);
  expect(await page.locator('[data-testid=kanban-board] [data-testid=stack-title]').allInnerTexts()).toEqual([
    'Uncategorized',
    'Todo',
    'Doing',
    'Done',
  ]);
  expect(await countOf('Todo')).toBe('2');
  expect(await countOf('Doing')).toBe('1');
  expect(await countOf('Uncategorized')).toBe('1');
  expect((await cardsIn('Todo')).sort()).toEqual(['Buy paint', 'Write plan']);
});

it('drags a card to another stack; the status is stored and still shows after a reload', async () => {
  await drag(`[data-row-id] >> text="Write plan"`, stack('Done'));
  await eventually(
    () => cardsIn('Done'),
    (c) => c.includes('Write plan'),
  );
  const stored = await eventually(
    () => records(api, tableId),
    (rows) => rows.find((r) => r.Title === 'Write plan')?.Status === 'Done',
  );
  expect(stored.find((r) => r.Title === 'Write plan')!.Status).toBe('Done');
  expect(await countOf('Todo')).toBe('1');
  expect(await countOf('Done')).toBe('1');

  await page.reload();
  await page.waitForSelector(`${stack('Done')} [data-testid=card-title]:text-is("Write plan")`);
  expect(await cardsIn('Todo')).toEqual(['Buy paint']);
});

it('collapses a stack and reorders stacks by their handles', async () => {
  await page.click(`${stack('Doing')} [data-testid=stack-collapse]`);
  await page.waitForSelector(`${stack('Doing')}[data-collapsed=true]`);
  await page.reload();
  await page.waitForSelector(`${stack('Doing')}[data-collapsed=true]`);
  await page.click(`${stack('Doing')}`);
  await page.waitForSelector(`${stack('Doing')} [data-testid=stack-collapse]`);

  await drag(`${stack('Done')} [data-testid=stack-drag]`, `${stack('Todo')} [data-testid=stack-title]`);
  const column = await eventually(
    () => call(api, 'GET', `/api/v1/db/meta/columns/${statusId}`),
    (c) => c.colOptions.options.map((o: { title: string }) => o.title).join() === 'Done,Todo,Doing',
  );
  expect(column.colOptions.options.map((o: { title: string }) => o.title)).toEqual(['Done', 'Todo', 'Doing']);
  await eventually(
    () => page.locator('[data-testid=kanban-board] [data-testid=stack-title]').allInnerTexts(),
    (t) => t.join() === 'Uncategorized,Done,Todo,Doing',
  );
});

it('adds a card in a stack', async () => {
  await page.click(`${stack('Todo')} [data-testid=stack-add-card]`);
  await page.waitForSelector('[data-testid=card-record]');
  await page.fill('[data-testid=card-record-Title]', 'Call the painter');
  await page.keyboard.press('Enter');
  await eventually(
    () => records(api, tableId),
    (rows) => rows.some((r) => r.Title === 'Call the painter' && r.Status === 'Todo'),
  );
  await page.keyboard.press('Escape');
  await eventually(
    () => cardsIn('Todo'),
    (c) => c.includes('Call the painter'),
  );
  expect(await countOf('Todo')).toBe('2');
});

it('is shared: a fresh browser sees the stacks and their cards', async () => {
  await page.click('[data-testid=toolbar-share]');
  await page.click('[data-testid=share-create]');
  await page.waitForSelector('[data-testid=share-link]');
  const link = await page.inputValue('[data-testid=share-link]');
  expect(link).toMatch(/#\/nc\/kanban\/[0-9a-f-]{36}$/);
  const visitor = await (await browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(link);
  await visitor.waitForSelector(
    `[data-testid=shared-cards] ${stack('Done')} [data-testid=card-title]:text-is("Write plan")`,
  );
  expect(await visitor.innerText(`${stack('Todo')} [data-testid=stack-count]`)).toBe('2');
  expect(await visitor.locator('[data-testid=stack-add-card]').count()).toBe(0);
});
