/**
 * A gallery as a user meets it: created from the sidebar over a table of 3,000 photos (the first with an
 * uploaded picture as its cover), only the cards on screen are in the page, scrolling to the end shows the
 * last one, a card opens its record where a field is edited and stored; the shared gallery opens in a fresh
 * browser without the field the view hides.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, call, eventually } from '../support/grid.js';
import { createViewFromSidebar, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

const ROWS = 3_000;
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let j: ViewsJourney;
let api: Api;
let page: Page;
let baseId: string;
let tableId: string;
let galleryId: string;
let col: Record<string, string>;

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'gallery@example.com',
    base: 'Album',
    table: 'Photos',
    columns: [
      { title: 'Picture', uidt: 'Attachment' },
      { title: 'Place', uidt: 'SingleLineText' },
      { title: 'Secret', uidt: 'SingleLineText' },
    ],
  });
  ({ api, baseId, tableId, col } = j);
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  const uploaded = await fetch(`${j.app.url}/api/v1/db/storage/upload`, {
    method: 'POST',
    headers: { 'xc-auth': api.token },
    body: form,
  }).then((r) => r.json());
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    Title: `Photo ${i + 1}`,
    Place: `Place ${i + 1}`,
    Secret: `secret ${i + 1}`,
    ...(i === 0 ? { Picture: uploaded } : {}),
  }));
  for (let i = 0; i < ROWS; i += 500)
    await call(api, 'POST', `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`, rows.slice(i, i + 500));
  page = await j.open(api, '', { width: 1300, height: 900 });
}, 180_000);

afterAll(async () => j?.close());

it('creates a gallery from the sidebar with the picture as cover, rendering only the cards on screen', async () => {
  await createViewFromSidebar(page, 'gallery');
  await page.waitForSelector('[data-testid=gallery] [data-testid=card-title]:text-is("Photo 1")');
  galleryId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list.find(
    (v: { type: number }) => v.type === 2,
  ).id;
  expect(await page.innerText('[data-testid=gallery-count]')).toContain(String(ROWS));
  const first = page.locator('[data-testid=record-card]').first();
  await expect.poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const rendered = await page.locator('[data-testid=record-card], [data-testid=card-placeholder]').count();
  expect(rendered).toBeGreaterThan(4);
  expect(rendered).toBeLessThan(200);

  // The place is not among the first fields a new gallery shows; the user adds it from the fields menu.
  expect(await page.locator('[data-testid="card-field-Place"]').count()).toBe(0);
  await page.click('[data-testid=toolbar-fields]');
  await page.click('[data-testid=card-field-toggle-Place]');
  await page.waitForSelector('[data-testid="card-field-Place"]:text-is("Place 1")');
  const shown = (await call(api, 'GET', `/api/v1/db/meta/views/${galleryId}/columns`)).list;
  expect(shown.find((c: { fk_column_id: string }) => c.fk_column_id === col.Place).show).toBe(true);
  await page.keyboard.press('Escape');

  await page.locator('[data-testid=gallery-scroller]').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await page.waitForSelector(`[data-testid=card-title]:text-is("Photo ${ROWS}")`);
});

it('opens a card as its record and stores an edit made there', async () => {
  await page.locator('[data-testid=card-title]:text-is("Photo 2999")').click();
  await page.waitForSelector('[data-testid=card-record]');
  await page.fill('[data-testid=card-record-Place]', 'Lisbon');
  await page.keyboard.press('Enter');
  const row = await eventually(
    () => call(api, 'GET', `/api/v1/db/data/noco/${baseId}/${tableId}/2999`),
    (r) => r.Place === 'Lisbon',
  );
  expect(row.Place).toBe('Lisbon');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="card-field-Place"]:text-is("Lisbon")');
});

it('is shared: a fresh browser sees the cards but never the hidden field', async () => {
  await call(api, 'PATCH', `/api/v1/db/meta/views/${galleryId}/columns/${col.Secret}`, { show: false });
  await page.click('[data-testid=toolbar-share]');
  await page.click('[data-testid=share-create]');
  await page.waitForSelector('[data-testid=share-link]');
  const link = await page.inputValue('[data-testid=share-link]');
  expect(link).toMatch(/#\/nc\/gallery\/[0-9a-f-]{36}$/);
  const visitor = await (await j.browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(link);
  await visitor.waitForSelector('[data-testid=shared-cards] [data-testid=card-title]:text-is("Photo 1")');
  expect(await visitor.locator('[data-testid="card-field-Place"]').count()).toBeGreaterThan(0);
  expect(await visitor.locator('[data-testid="card-field-Secret"]').count()).toBe(0);
  expect(await visitor.content()).not.toContain('secret 1');
  await visitor.locator('[data-testid=card-title]:text-is("Photo 2")').click();
  await visitor.waitForSelector(
    '[data-testid=card-record] [data-testid=card-record-Place]:text-is("Place 2")',
  );
});
