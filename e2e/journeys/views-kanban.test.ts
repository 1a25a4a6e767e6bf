/**
 * A kanban board as a user works it: created from the sidebar, stacks per status with their counts, a card
 * dragged within its stack (its place kept for this board after a reload, another board untouched) and into
 * another stack (stored, and still there after a reload), a stack collapsed (kept after a reload), stacks
 * reordered by their handles (the select options' order stored), a card added in a stack, and the board
 * shared and opened in a fresh browser.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, eventually, records } from '../support/grid.js';
import { createViewFromSidebar, dragTo, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let page: Page;

const stack = (name: string) => `[data-testid="stack-${name}"]`;
const card = (title: string) => `[data-row-id]:has([data-testid=card-title]:text-is("${title}"))`;
const countOf = (name: string) => page.innerText(`${stack(name)} [data-testid=stack-count]`);
const cardsIn = (name: string, p = page) =>
  p.locator(`${stack(name)} [data-testid=card-title]`).allInnerTexts();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'kanban@example.com',
    base: 'Plans',
    table: 'Tasks',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'Todo' }, { title: 'Doing' }, { title: 'Done' }] },
      },
    ],
    rows: [
      { Title: 'Write plan', Status: 'Todo' },
      { Title: 'Buy paint', Status: 'Todo' },
      { Title: 'Clean brushes', Status: 'Todo' },
      { Title: 'Paint wall', Status: 'Doing' },
      { Title: 'Someday' },
    ],
  });
  page = await j.open();
}, 120_000);

afterAll(async () => j?.close());

it('creates a board from the sidebar with a stack per status and its count', async () => {
  await createViewFromSidebar(page, 'kanban');
  await page.waitForSelector(`${stack('Todo')} ${card('Write plan')}`);
  expect(await page.locator('[data-testid=kanban-board] [data-testid=stack-title]').allInnerTexts()).toEqual([
    'Uncategorized',
    'Todo',
    'Doing',
    'Done',
  ]);
  await expect.poll(() => countOf('Todo')).toBe('3');
  await expect.poll(() => countOf('Doing')).toBe('1');
  await expect.poll(() => countOf('Uncategorized')).toBe('1');
  expect(await cardsIn('Todo')).toEqual(['Write plan', 'Buy paint', 'Clean brushes']);
});

it('drags a card within its stack: the order is kept after a reload, and another board keeps its own', async () => {
  await dragTo(page, card('Clean brushes'), card('Write plan'));
  await eventually(
    () => cardsIn('Todo'),
    (c) => c.join() === 'Clean brushes,Write plan,Buy paint',
  );
  await page.reload();
  await page.waitForSelector(`${stack('Todo')} ${card('Write plan')}`);
  expect(await cardsIn('Todo')).toEqual(['Clean brushes', 'Write plan', 'Buy paint']);

  const other = await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/kanbans`, { title: 'Other' });
  const second = await j.open(j.api, `/${other.id}`);
  await second.waitForSelector(`${stack('Todo')} ${card('Write plan')}`);
  expect(await cardsIn('Todo', second)).toEqual(['Write plan', 'Buy paint', 'Clean brushes']);
  await second.context().close();
});

it('drags a card to another stack; the status and its place are stored and show after a reload', async () => {
  await dragTo(page, card('Write plan'), stack('Done'), { dy: 60 });
  await eventually(
    () => cardsIn('Done'),
    (c) => c.includes('Write plan'),
  );
  const stored = await eventually(
    () => records(j.api, j.tableId),
    (rows) => rows.find((r) => r.Title === 'Write plan')?.Status === 'Done',
  );
  expect(stored.find((r) => r.Title === 'Write plan')!.Status).toBe('Done');
  expect(await countOf('Todo')).toBe('2');
  expect(await countOf('Done')).toBe('1');

  // Dropped on a card of another stack, it goes before that card.
  await dragTo(page, card('Buy paint'), card('Paint wall'));
  await eventually(
    () => records(j.api, j.tableId),
    (rows) => rows.find((r) => r.Title === 'Buy paint')?.Status === 'Doing',
  );
  await page.reload();
  await page.waitForSelector(`${stack('Done')} ${card('Write plan')}`);
  expect(await cardsIn('Todo')).toEqual(['Clean brushes']);
  await eventually(
    () => cardsIn('Doing'),
    (c) => c.join() === 'Buy paint,Paint wall',
  );
});

it('collapses a stack and reorders stacks by their handles', async () => {
  await page.click(`${stack('Doing')} [data-testid=stack-collapse]`);
  await page.waitForSelector(`${stack('Doing')}[data-collapsed=true]`);
  await page.reload();
  await page.waitForSelector(`${stack('Doing')}[data-collapsed=true]`);
  await page.click(`${stack('Doing')}`);
  await page.waitForSelector(`${stack('Doing')} [data-testid=stack-collapse]`);

  await dragTo(
    page,
    `${stack('Done')} [data-testid=stack-drag]`,
    `${stack('Todo')} [data-testid=stack-title]`,
    {
      dy: 60,
    },
  );
  const column = await eventually(
    () => call(j.api, 'GET', `/api/v1/db/meta/columns/${j.col.Status}`),
    (c) => c.colOptions.options.map((o: { title: string }) => o.title).join() === 'Done,Todo,Doing',
  );
  expect(column.colOptions.options.map((o: { title: string }) => o.title)).toEqual(['Done', 'Todo', 'Doing']);
  await eventually(
    () => page.locator('[data-testid=kanban-board] [data-testid=stack-title]').allInnerTexts(),
    (t) => t.join() === 'Uncategorized,Done,Todo,Doing',
  );
});

it('adds a card in a stack, first in it, there too after a reload', async () => {
  await page.click(`${stack('Todo')} [data-testid=stack-add-card]`);
  await page.waitForSelector('[data-testid=card-record]');
  await page.fill('[data-testid=card-record-Title]', 'Call the painter');
  await page.keyboard.press('Enter');
  await eventually(
    () => records(j.api, j.tableId),
    (rows) => rows.some((r) => r.Title === 'Call the painter' && r.Status === 'Todo'),
  );
  await page.keyboard.press('Escape');
  await eventually(
    () => cardsIn('Todo'),
    (c) => c.includes('Call the painter'),
  );
  expect(await countOf('Todo')).toBe('2');
  await page.reload();
  await page.waitForSelector(`${stack('Todo')} ${card('Clean brushes')}`);
  expect(await cardsIn('Todo')).toEqual(['Call the painter', 'Clean brushes']);
});

it('is shared: a fresh browser sees the stacks and their cards in the board order', async () => {
  await page.click('[data-testid=toolbar-share]');
  await page.click('[data-testid=share-create]');
  await page.waitForSelector('[data-testid=share-link]');
  const link = await page.inputValue('[data-testid=share-link]');
  expect(link).toMatch(/#\/nc\/kanban\/[0-9a-f-]{36}$/);
  const visitor = await (await j.browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(link);
  await visitor.waitForSelector(`[data-testid=shared-cards] ${stack('Done')} ${card('Write plan')}`);
  // Each stack reads its own first page; its count is blank until then.
  await expect.poll(() => visitor.innerText(`${stack('Todo')} [data-testid=stack-count]`)).toBe('2');
  await expect.poll(() => cardsIn('Doing', visitor)).toEqual(['Buy paint', 'Paint wall']);
  expect(await visitor.locator('[data-testid=stack-add-card]').count()).toBe(0);
});
