/**
 * A range on the calendar resized by its edges, in a browser on Auckland time (thirteen hours from UTC, so a
 * plain date that slipped a day would show): the calendar is created from the sidebar on the start field and
 * given its end field in its toolbar; the end edge dragged two days later is stored and drawn across the new days after a
 * reload; the start edge dragged past the end is refused with a message and nothing is stored; the start edge
 * dragged earlier is stored.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, call, eventually, records } from '../support/grid.js';
import { openDropdownOptions } from '../support/dropdowns.js';
import { createViewFromSidebar, dragTo, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

const ZONE = 'Pacific/Auckland';
/** This month in the browser's zone, as 'YYYY-MM'. */
const month = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' })
  .format(new Date())
  .slice(0, 7);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;

let j: ViewsJourney;
let api: Api;
let page: Page;
let tableId: string;

const trip = async () => (await records(api, tableId)).find((r) => r.Title === 'Trip')!;
/** The part of Trip's chip drawn on a day ('start', 'middle', 'end', 'single'), or undefined. */
const partOn = (d: number) =>
  page
    .locator(`[data-testid="day-${day(d)}"] [data-testid=calendar-chip]:text-is("Trip")`)
    .getAttribute('data-part', { timeout: 1_000 })
    .catch(() => undefined);

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'calendar-resize@example.com',
    base: 'Travel',
    table: 'Trips',
    columns: [
      { title: 'Starts', uidt: 'Date', meta: { date_format: 'YYYY-MM-DD' } },
      { title: 'Ends', uidt: 'Date', meta: { date_format: 'YYYY-MM-DD' } },
    ],
    rows: [{ Title: 'Trip', Starts: day(10), Ends: day(12) }],
  });
  ({ api, tableId } = j);
  page = await j.open(api, '', { width: 1400, height: 1000 }, { timezoneId: ZONE });
}, 120_000);

afterAll(async () => j?.close());

it('draws a range across its days once the calendar has an end field', async () => {
  const viewId = await createViewFromSidebar(page, 'calendar');
  // The end field is chosen in the calendar's toolbar; the start field is the one the calendar was made on.
  await page.click('[data-testid=calendar-end-field]');
  expect(await openDropdownOptions(page)).toEqual(['Ends on: Ends']);
  await page.click(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="Ends on: Ends"]',
  );
  const settings = await eventually(
    () => call(api, 'GET', `/api/v1/db/meta/calendars/${viewId}`),
    (v) => v.calendar_range?.[0]?.fk_to_column_id === j.col.Ends,
  );
  expect(settings.calendar_range[0].fk_from_column_id).toBe(j.col.Starts);
  await page.reload();
  await page.waitForSelector(`[data-testid="day-${day(12)}"] [data-testid=calendar-chip]:text-is("Trip")`);
  expect([await partOn(10), await partOn(11), await partOn(12), await partOn(13)]).toEqual([
    'start',
    'middle',
    'end',
    undefined,
  ]);
});

it('stores a new end when the end edge is dragged two days later, and draws it after a reload', async () => {
  await dragTo(
    page,
    `[data-testid="day-${day(12)}"] [data-testid=calendar-chip-end]`,
    `[data-testid="day-${day(14)}"]`,
  );
  const row = await eventually(trip, (r) => r.Ends === day(14));
  expect([row.Starts, row.Ends]).toEqual([day(10), day(14)]);
  await page.reload();
  await page.waitForSelector(`[data-testid="day-${day(14)}"] [data-testid=calendar-chip]:text-is("Trip")`);
  expect([await partOn(10), await partOn(12), await partOn(13), await partOn(14), await partOn(15)]).toEqual([
    'start',
    'middle',
    'middle',
    'end',
    undefined,
  ]);
});

it('refuses a start dragged past the end, saying why, and stores nothing', async () => {
  await dragTo(
    page,
    `[data-testid="day-${day(10)}"] [data-testid=calendar-chip-start]`,
    `[data-testid="day-${day(16)}"]`,
  );
  await page.waitForSelector('.ant-message:has-text("Ends cannot be before Starts")');
  await page.waitForTimeout(500);
  const row = await trip();
  expect([row.Starts, row.Ends]).toEqual([day(10), day(14)]);
  expect(await partOn(10)).toBe('start');
});

it('stores a new start when the start edge is dragged earlier', async () => {
  await dragTo(
    page,
    `[data-testid="day-${day(10)}"] [data-testid=calendar-chip-start]`,
    `[data-testid="day-${day(8)}"]`,
  );
  const row = await eventually(trip, (r) => r.Starts === day(8));
  expect([row.Starts, row.Ends]).toEqual([day(8), day(14)]);
  await page.reload();
  await page.waitForSelector(`[data-testid="day-${day(8)}"] [data-testid=calendar-chip]:text-is("Trip")`);
  expect(await partOn(8)).toBe('start');
});

it('resizes in the week screen too, from the all-day row', async () => {
  await page.click('[data-testid=calendar-mode-week]');
  // Back (or on) to the week holding the range's end.
  const end = page.locator(`[data-testid="day-${day(14)}"]`);
  const today = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, day: 'numeric' }).format(new Date()),
  );
  const button = today < 14 ? 'Next' : 'Previous';
  for (let i = 0; i < 6 && !(await end.count()); i++) await page.click(`button[aria-label=${button}]`);
  // A day after the 14th in the same week (Monday to Sunday), or the day before when the 14th is a Sunday.
  const [y, m] = month.split('-').map(Number);
  const target = new Date(Date.UTC(y!, m! - 1, 14)).getUTCDay() === 0 ? 13 : 15;
  await dragTo(
    page,
    `[data-testid="day-${day(14)}"] [data-testid=calendar-chip-end]`,
    `[data-testid="day-${day(target)}"]`,
  );
  const row = await eventually(trip, (r) => r.Ends === day(target));
  expect([row.Starts, row.Ends]).toEqual([day(8), day(target)]);
});
