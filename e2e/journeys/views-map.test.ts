/**
 * A map as a user meets it, with the tile server unreachable: created from the sidebar on the GeoData field,
 * it shows a marker per located record (read lean: the rows carry the key, the title and the place, not the
 * other fields) and says the tiles are unavailable, a marker opens its record, and the shared map opens in a
 * fresh browser.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, call } from '../support/grid.js';
import { createViewFromSidebar, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let api: Api;
let page: Page;
let tableId: string;

const offline = (p: Page) => p.route('**/tile.openstreetmap.org/**', (route) => route.abort());

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'map@example.com',
    base: 'Trips',
    table: 'Places',
    columns: [
      { title: 'Location', uidt: 'GeoData' },
      { title: 'Notes', uidt: 'LongText' },
    ],
    rows: [
      { Title: 'Lisbon', Location: '38.72;-9.14', Notes: 'Pastéis de nata' },
      { Title: 'Tokyo', Location: '35.68;139.69' },
      { Title: 'Nowhere' },
    ],
  });
  ({ api, tableId } = j);
  page = await j.open(api, '', { width: 1300, height: 900 });
  await offline(page);
}, 120_000);

afterAll(async () => j?.close());

it('creates a map from the sidebar: a marker per located record, and a word about the missing tiles', async () => {
  const rowsRead = page.waitForResponse((r) => r.url().includes('/map-points?'));
  await createViewFromSidebar(page, 'map');
  await page.waitForSelector('[data-testid=map-count]:text-is("Markers: 2")');
  const { list } = (await (await rowsRead).json()) as { list: Record<string, unknown>[] };
  expect(list.map((r) => Object.keys(r).sort())).toEqual([
    ['Id', 'Location', 'Title'],
    ['Id', 'Location', 'Title'],
  ]);
  await page.waitForSelector('[data-testid=map-tiles-down]');
  await expect.poll(() => page.locator('path.rb-marker').count()).toBe(2);
});

it('opens a record from its marker', async () => {
  await page.locator('path.rb-marker').first().click();
  await page.waitForSelector('[data-testid=card-record]');
  const title = await page.inputValue('[data-testid=card-record-Title]');
  expect(['Lisbon', 'Tokyo']).toContain(title);
  // The record opens whole, with the fields the markers were read without.
  if (title === 'Lisbon')
    expect(await page.inputValue('[data-testid=card-record-Notes]')).toBe('Pastéis de nata');
  expect(await page.inputValue('[data-testid=card-record-Location]')).toMatch(/^3\d\.\d+;/);
});

it('is shared: a fresh browser sees the markers', async () => {
  const map = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list.find(
    (v: { type: number }) => v.type === 5,
  );
  const share = await call(api, 'POST', `/api/v1/db/meta/views/${map.id}/share`);
  const visitor = await (await j.browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await offline(visitor);
  await visitor.goto(`${j.app.url}/#/nc/map/${share.uuid}`);
  await visitor.waitForSelector('[data-testid=shared-cards] [data-testid=map-count]:text-is("Markers: 2")');
  await expect.poll(() => visitor.locator('path.rb-marker').count()).toBe(2);
});
