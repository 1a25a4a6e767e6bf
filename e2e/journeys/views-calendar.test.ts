/**
 * A calendar as a user works it, in a browser on Los Angeles time (a plain date must not slip a day): created
 * from the sidebar on the due-date field, a record dragged from one day to another is stored with the new
 * date, a click on an empty day creates a record there, the records without a date are listed aside, and the
 * shared calendar opens in a fresh browser.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, call, eventually, records } from '../support/grid.js';
import { createViewFromSidebar, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let api: Api;
let page: Page;
let tableId: string;

const now = new Date();
const day = (d: number) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const chipsOn = (d: string) =>
  page.locator(`[data-testid="day-${d}"] [data-testid=calendar-chip]`).allInnerTexts();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'calendar@example.com',
    base: 'Diary',
    table: 'Visits',
    columns: [{ title: 'Due', uidt: 'Date', meta: { date_format: 'YYYY-MM-DD' } }],
    rows: [{ Title: 'Dentist', Due: day(10) }, { Title: 'Someday' }],
  });
  ({ api, tableId } = j);
  page = await j.open(api, '', { width: 1400, height: 1000 }, { timezoneId: 'America/Los_Angeles' });
}, 120_000);

afterAll(async () => j?.close());

it('creates a calendar from the sidebar showing records on their day and the undated aside', async () => {
  await createViewFromSidebar(page, 'calendar');
  await page.waitForSelector(`[data-testid="day-${day(10)}"] [data-testid=calendar-chip]:text-is("Dentist")`);
  expect(
    await page.locator('[data-testid=calendar-undated] [data-testid=calendar-chip]').allInnerTexts(),
  ).toEqual(['Someday']);
});

it('reschedules a record by dragging it to another day', async () => {
  const chip = (await page
    .locator(`[data-testid="day-${day(10)}"] [data-testid=calendar-chip]`)
    .boundingBox())!;
  const target = (await page.locator(`[data-testid="day-${day(12)}"]`).boundingBox())!;
  await page.mouse.move(chip.x + 10, chip.y + 5);
  await page.mouse.down();
  await page.mouse.move(chip.x + 20, chip.y + 10, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
  await eventually(
    () => chipsOn(day(12)),
    (c) => c.includes('Dentist'),
  );
  const rows = await eventually(
    () => records(api, tableId),
    (r) => r.find((x) => x.Title === 'Dentist')?.Due === day(12),
  );
  expect(rows.find((x) => x.Title === 'Dentist')!.Due).toBe(day(12));
  await page.reload();
  await page.waitForSelector(`[data-testid="day-${day(12)}"] [data-testid=calendar-chip]:text-is("Dentist")`);
});

it('creates a record on a day by clicking its empty space', async () => {
  const box = (await page.locator(`[data-testid="day-${day(20)}"]`).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 8);
  await page.waitForSelector('[data-testid=card-record]');
  await page.fill('[data-testid=card-record-Title]', 'Haircut');
  await page.keyboard.press('Enter');
  await eventually(
    () => records(api, tableId),
    (r) => r.some((x) => x.Title === 'Haircut' && x.Due === day(20)),
  );
  await page.keyboard.press('Escape');
  await eventually(
    () => chipsOn(day(20)),
    (c) => c.includes('Haircut'),
  );
});

it('is shared: a fresh browser sees the records on their days', async () => {
  await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`);
  const calendar = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list.find(
    (v: { type: number }) => v.type === 6,
  );
  const share = await call(api, 'POST', `/api/v1/db/meta/views/${calendar.id}/share`);
  const visitor = await (await j.browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(`${j.app.url}/#/nc/view/${share.uuid}`);
  await visitor.waitForSelector(
    `[data-testid="day-${day(12)}"] [data-testid=calendar-chip]:text-is("Dentist")`,
  );
  expect(
    await visitor.locator(`[data-testid="day-${day(20)}"] [data-testid=calendar-chip]`).allInnerTexts(),
  ).toEqual(['Haircut']);
});
