/**
 * The card, calendar and form screens offer a viewer only what a viewer may do (docs/views.md, roles): a
 * kanban card does not move when dragged and no card can be added, a calendar record does not move to
 * another day, an opened record is read, not edited, and the form builder is shown as built, its inputs
 * disabled. The owner, on the same board, still drags.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, eventually, records } from '../support/grid.js';
import { dragTo, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let kanbanId: string;
let calendarId: string;
let formId: string;
let viewer: Page;

const now = new Date();
const day = (d: number) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const stack = (name: string) => `[data-testid="stack-${name}"]`;
const cardsIn = (page: Page, name: string) =>
  page.locator(`${stack(name)} [data-testid=card-title]`).allInnerTexts();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'roles-owner@example.com',
    base: 'Team',
    table: 'Tasks',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'Todo' }, { title: 'Done' }] },
      },
      { title: 'Due', uidt: 'Date', meta: { date_format: 'YYYY-MM-DD' } },
    ],
    rows: [{ Title: 'Write plan', Status: 'Todo', Due: day(10) }],
    members: { 'roles-viewer@example.com': 'viewer' },
  });
  const make = async (type: string, title: string) =>
    (await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/${type}`, { title })).id as string;
  kanbanId = await make('kanbans', 'Board');
  calendarId = (
    await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/calendars`, {
      title: 'Diary',
      calendar_range: [{ fk_from_column_id: j.col.Due }],
    })
  ).id;
  formId = await make('forms', 'Ask');
  viewer = await j.open(j.members['roles-viewer@example.com'], `/${kanbanId}`);
}, 120_000);

afterAll(async () => j?.close());

it('does not let a viewer drag a kanban card, add one or edit an opened one', async () => {
  await viewer.waitForSelector(`${stack('Todo')} [data-testid=card-title]:text-is("Write plan")`);
  expect(await viewer.locator('[data-testid=stack-add-card]').count()).toBe(0);
  await dragTo(viewer, `${stack('Todo')} [data-testid=card-title]`, stack('Done'), { dy: 60 });
  await viewer.waitForTimeout(500);
  expect(await cardsIn(viewer, 'Todo')).toEqual(['Write plan']);
  expect(await cardsIn(viewer, 'Done')).toEqual([]);
  expect((await records(j.api, j.tableId))[0]).toMatchObject({ Status: 'Todo' });

  await viewer.click(`${stack('Todo')} [data-testid=card-title]`);
  const title = viewer.locator('[data-testid=card-record] [data-testid=card-record-Title]');
  expect(await title.innerText()).toBe('Write plan');
  expect(await title.evaluate((el) => el.tagName)).toBe('SPAN');
  await viewer.keyboard.press('Escape');
});

it('lets the owner drag the same card', async () => {
  const owner = await j.open(j.api, `/${kanbanId}`);
  await owner.waitForSelector(`${stack('Todo')} [data-testid=card-title]:text-is("Write plan")`);
  await dragTo(owner, `${stack('Todo')} [data-testid=card-title]`, stack('Done'), { dy: 60 });
  await eventually(
    async () => (await records(j.api, j.tableId))[0]?.Status,
    (s) => s === 'Done',
  );
  await owner.context().close();
});

it('does not let a viewer move a calendar record to another day', async () => {
  await viewer.goto(`${j.app.url}/#/nc/${j.baseId}/${j.tableId}/${calendarId}`);
  const chip = `[data-testid="day-${day(10)}"] [data-testid=calendar-chip]`;
  await viewer.waitForSelector(`${chip}:text-is("Write plan")`);
  await dragTo(viewer, chip, `[data-testid="day-${day(12)}"]`);
  await viewer.waitForTimeout(500);
  expect(await viewer.locator(`[data-testid="day-${day(12)}"] [data-testid=calendar-chip]`).count()).toBe(0);
  expect((await records(j.api, j.tableId))[0]).toMatchObject({ Due: day(10) });
});

it('shows a viewer the form as built, with nothing to change', async () => {
  await viewer.goto(`${j.app.url}/#/nc/${j.baseId}/${j.tableId}/${formId}`);
  await viewer.waitForSelector('[data-testid=form-read-only]');
  expect(await viewer.locator('[data-testid=form-card-hide]').count()).toBe(0);
  expect(await viewer.isDisabled('[data-testid=form-heading]')).toBe(true);
  expect(await viewer.isDisabled('[data-testid=form-remove-all]')).toBe(true);
  expect(await viewer.isDisabled('[data-testid=form-hide-prefilled]')).toBe(true);
});
