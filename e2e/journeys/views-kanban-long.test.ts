/**
 * A kanban stack of 10,000 cards: its count says so, only the cards on screen are in the page, scrolled to its
 * foot it shows the last cards (read on as it scrolls) and still only a screenful, and a card dragged within the
 * long stack keeps its place after a reload.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, eventually } from '../support/grid.js';
import { dragTo, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

const CARDS = 10_000;
let j: ViewsJourney;
let page: Page;

const todo = '[data-testid="stack-Todo"]';
const titles = () => page.locator(`${todo} [data-testid=card-title]`).allInnerTexts();
const inPage = () => page.locator(`${todo} [data-row-id]`).count();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'kanban-long@example.com',
    base: 'Backlog',
    table: 'Tickets',
    columns: [{ title: 'Status', uidt: 'SingleSelect', colOptions: { options: [{ title: 'Todo' }] } }],
  });
  for (let from = 1; from <= CARDS; from += 1000)
    await call(
      j.api,
      'POST',
      `/api/v2/tables/${j.tableId}/records`,
      Array.from({ length: 1000 }, (_, i) => ({ Title: `Ticket ${from + i}`, Status: 'Todo' })),
    );
  const board = await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/kanbans`, { title: 'Board' });
  page = await j.open(j.api, `/${board.id}`);
}, 180_000);

afterAll(async () => j?.close());

it('counts the whole stack but puts only the cards on screen in the page', async () => {
  await page.waitForSelector(`${todo} [data-testid=card-title]:text-is("Ticket 1")`);
  expect(await page.innerText(`${todo} [data-testid=stack-count]`)).toBe('10000');
  const first = await inPage();
  expect(first).toBeGreaterThan(2);
  expect(first).toBeLessThan(60);
});

it('scrolls to the foot of the stack: the last cards show, and still only a screenful is in the page', async () => {
  await page.$eval(`${todo} [data-testid=stack-cards]`, (el) => {
    el.scrollTop = el.scrollHeight;
  });
  await page.waitForSelector(`${todo} [data-testid=card-title]:text-is("Ticket ${CARDS}")`, {
    timeout: 30_000,
  });
  expect(await inPage()).toBeLessThan(60);
  expect(await page.locator(`${todo} [data-testid=card-title]:text-is("Ticket 1")`).count()).toBe(0);
});

it('keeps a card dragged within the long stack in its place after a reload', async () => {
  await page.$eval(`${todo} [data-testid=stack-cards]`, (el) => {
    el.scrollTop = 0;
  });
  const card = (n: number) => `${todo} [data-row-id]:has([data-testid=card-title]:text-is("Ticket ${n}"))`;
  await page.waitForSelector(card(1));
  await dragTo(page, card(3), card(1));
  await eventually(titles, (t) => t.slice(0, 3).join() === 'Ticket 3,Ticket 1,Ticket 2');
  await page.reload();
  await page.waitForSelector(card(1));
  expect((await titles()).slice(0, 4)).toEqual(['Ticket 3', 'Ticket 1', 'Ticket 2', 'Ticket 4']);
});
