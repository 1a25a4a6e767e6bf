/**
 * A calendar over a range (a start and an end DateTime), in a browser on Tokyo time: the week is an hour grid
 * where a timed record sits at its hour and a range is drawn across its days in the all-day row; a record
 * dragged to another day's hour is stored at that hour with its end moved along; a range dragged by one of its
 * days moves whole; the month draws the range across its days; the year counts records per day and a day
 * opens in the day view.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, eventually, records } from '../support/grid.js';
import { dragTo, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

const TOKYO = 9 * 3_600_000;
const local = new Date(Date.now() + TOKYO);
const monday = Date.UTC(
  local.getUTCFullYear(),
  local.getUTCMonth(),
  local.getUTCDate() - ((local.getUTCDay() + 6) % 7),
);
/** The instant of a Tokyo wall-clock time on a day of this week (0 = Monday). */
const at = (day: number, hour: number, minute = 0) =>
  new Date(monday + day * 86_400_000 + hour * 3_600_000 + minute * 60_000 - TOKYO).toISOString();
/** The 'YYYY-MM-DD' of a day of this week. */
const key = (day: number) => new Date(monday + day * 86_400_000).toISOString().slice(0, 10);
const today = local.toISOString().slice(0, 10);
const instant = (v: unknown) => {
  const s = String(v).replace(' ', 'T');
  return new Date(/(?:Z|[+-]\d\d:?\d\d)$/.test(s) ? s : `${s}Z`).getTime();
};

let j: ViewsJourney;
let page: Page;
const chips = (where: string) => page.locator(`${where} [data-testid=calendar-chip]`).allInnerTexts();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'calendar-grids@example.com',
    base: 'Agenda',
    table: 'Bookings',
    columns: [
      { title: 'Starts', uidt: 'DateTime' },
      { title: 'Ends', uidt: 'DateTime' },
    ],
    rows: [
      { Title: 'Standup', Starts: at(2, 9, 30), Ends: at(2, 10) },
      { Title: 'Trip', Starts: at(0, 8), Ends: at(3, 18) },
      { Title: 'Lunch', Starts: new Date(Date.now()).toISOString() },
    ],
  });
  const calendar = await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/calendars`, {
    title: 'Agenda',
  });
  await call(j.api, 'PATCH', `/api/v1/db/meta/calendars/${calendar.id}`, {
    calendar_range: [{ fk_from_column_id: j.col.Starts, fk_to_column_id: j.col.Ends }],
  });
  const context = await j.browser.newContext({
    viewport: { width: 1400, height: 1000 },
    timezoneId: 'Asia/Tokyo',
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.addInitScript((token) => {
    if (!localStorage.getItem('rowbase-gui-v1'))
      localStorage.setItem('rowbase-gui-v1', JSON.stringify({ token }));
  }, j.api.token);
  await page.goto(`${j.app.url}/#/nc/${j.baseId}/${j.tableId}/${calendar.id}`);
  await page.waitForSelector('[data-testid=calendar-heading]');
}, 120_000);

afterAll(async () => j?.close());

it('shows a week as an hour grid: a timed record at its hour, a range across its days', async () => {
  await page.click('[data-testid=calendar-mode-week]');
  await page.waitForSelector(
    `[data-testid="slot-${key(2)}-09"] [data-testid=calendar-chip]:text-is("Standup")`,
  );
  for (let d = 0; d <= 3; d++) expect(await chips(`[data-testid="day-${key(d)}"]`)).toEqual(['Trip']);
  expect(await chips(`[data-testid="day-${key(4)}"]`)).toEqual([]);
  expect(
    await page
      .locator('[data-testid=calendar-chip]:text-is("Trip")')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-part'))),
  ).toEqual(['start', 'middle', 'middle', 'end']);
});

it('moves a record to another day and hour; its end moves along, keeping its length', async () => {
  await dragTo(
    page,
    `[data-testid="slot-${key(2)}-09"] [data-testid=calendar-chip]`,
    `[data-testid="slot-${key(4)}-14"]`,
  );
  await page.waitForSelector(
    `[data-testid="slot-${key(4)}-14"] [data-testid=calendar-chip]:text-is("Standup")`,
  );
  const rows = await eventually(
    () => records(j.api, j.tableId),
    (r) => instant(r.find((x) => x.Title === 'Standup')?.Starts) === Date.parse(at(4, 14, 30)),
  );
  expect(instant(rows.find((x) => x.Title === 'Standup')!.Ends)).toBe(Date.parse(at(4, 15)));
});

it('moves a range whole when one of its days is dragged to another day', async () => {
  await dragTo(
    page,
    `[data-testid="day-${key(1)}"] [data-testid=calendar-chip]`,
    `[data-testid="day-${key(2)}"]`,
  );
  const rows = await eventually(
    () => records(j.api, j.tableId),
    (r) => instant(r.find((x) => x.Title === 'Trip')?.Starts) === Date.parse(at(1, 8)),
  );
  expect(instant(rows.find((x) => x.Title === 'Trip')!.Ends)).toBe(Date.parse(at(4, 18)));
  await eventually(
    () => chips(`[data-testid="day-${key(4)}"]`),
    (c) => c.includes('Trip'),
  );
  expect(await chips(`[data-testid="day-${key(0)}"]`)).toEqual([]);
});

it('draws the range across its days in the month too, after a reload', async () => {
  await page.reload();
  await page.waitForSelector('[data-testid=calendar-heading]');
  await page.click('[data-testid=calendar-mode-month]');
  await page.waitForSelector(`[data-testid="day-${key(1)}"] [data-testid=calendar-chip]:text-is("Trip")`);
  for (let d = 1; d <= 4; d++) expect(await chips(`[data-testid="day-${key(d)}"]`)).toContain('Trip');
  expect(await chips(`[data-testid="day-${key(0)}"]`)).not.toContain('Trip');
});

it('counts records per day in the year, and opens a day from it', async () => {
  await page.click('[data-testid=calendar-mode-year]');
  const day = page.locator(`[data-testid="year-day-${today}"]`);
  await expect.poll(async () => Number(await day.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
  await day.click();
  await page.waitForSelector('[data-testid=calendar-hours]');
  await page.waitForSelector(`[data-testid=calendar-chip]:text-is("Lunch")`);
});
