/**
 * A shared form opened from a link that fills in answers (`?Name=Ada&Qty=3`), as a visitor would: the answers
 * are there and stored on submit; with "hide fields filled in from the link" switched on in the builder they
 * are not asked but still stored. The builder's banner and logo show on the public form. When the form's
 * rules change after the visitor opened it, the server's check is shown under the right field.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, eventually, records } from '../support/grid.js';
import { setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let builder: Page;
let formId: string;
let link: string;

// A real 1x1 PNG: the stored file must be served back and decoded by the browser.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'prefill@example.com',
    base: 'Events',
    table: 'Signups',
    columns: [
      { title: 'Qty', uidt: 'Number' },
      { title: 'Size', uidt: 'SingleSelect', colOptions: { options: [{ title: 'S' }, { title: 'M' }] } },
    ],
  });
  const form = await call(j.api, 'POST', `/api/v1/db/meta/tables/${j.tableId}/forms`, { title: 'Sign up' });
  formId = form.id;
  const share = await call(j.api, 'POST', `/api/v1/db/meta/views/${formId}/share`, {});
  link = `${j.app.url}/#/nc/form/${share.uuid}`;
  builder = await j.open(j.api, `/${formId}`);
  await builder.waitForSelector('[data-testid=form-builder]');
}, 120_000);

afterAll(async () => j?.close());

async function visit(query: string): Promise<Page> {
  const context = await j.browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${link}?${query}`);
  await page.waitForSelector('[data-testid=shared-form]');
  return page;
}

it('fills in answers from the link and stores them', async () => {
  const visitor = await visit('Title=Ada%20Lovelace&Qty=3&Size=M');
  expect(await visitor.inputValue('[data-testid="form-field-Title"] input')).toBe('Ada Lovelace');
  expect(await visitor.inputValue('[data-testid="form-field-Qty"] input')).toBe('3');
  expect(await visitor.innerText('[data-testid="form-field-Size"] .ant-select-content')).toBe('M');
  await visitor.click('[data-testid=shared-form-submit]');
  await visitor.waitForSelector('[data-testid=shared-form-done]');
  const rows = await eventually(
    () => records(j.api, j.tableId),
    (r) => r.length === 1,
  );
  expect(rows[0]).toMatchObject({ Title: 'Ada Lovelace', Qty: 3, Size: 'M' });
});

it('hides the answers the link fills in when the builder says so, and still stores them', async () => {
  await builder.click('[data-testid=form-hide-prefilled]');
  await eventually(
    async () => (await call(j.api, 'GET', `/api/v1/db/meta/forms/${formId}`)).meta?.hidePrefilled,
    (v) => v === true,
  );
  const visitor = await visit('Title=Grace&Size=S');
  expect(await visitor.locator('[data-testid="form-field-Title"]').count()).toBe(0);
  expect(await visitor.locator('[data-testid="form-field-Size"]').count()).toBe(0);
  await visitor.fill('[data-testid="form-field-Qty"] input', '7');
  await visitor.click('[data-testid=shared-form-submit]');
  await visitor.waitForSelector('[data-testid=shared-form-done]');
  const rows = await eventually(
    () => records(j.api, j.tableId),
    (r) => r.length === 2,
  );
  expect(rows[1]).toMatchObject({ Title: 'Grace', Qty: 7, Size: 'S' });
});

it('shows the banner and logo uploaded in the builder on the public form', async () => {
  for (const slot of ['banner', 'logo']) {
    await builder.setInputFiles(`[data-testid=form-${slot}-input]`, {
      name: `${slot}.png`,
      mimeType: 'image/png',
      buffer: PNG,
    });
    await builder.waitForSelector(`[data-testid=form-${slot}-preview]`);
  }
  const settings = await call(j.api, 'GET', `/api/v1/db/meta/forms/${formId}`);
  expect(JSON.parse(settings.banner_image_url)).toMatchObject({ title: 'banner.png', mimetype: 'image/png' });
  expect(JSON.parse(settings.logo_url)).toMatchObject({ title: 'logo.png', mimetype: 'image/png' });

  const visitor = await visit('');
  for (const slot of ['banner', 'logo']) {
    const img = visitor.locator(`[data-testid=shared-form-${slot}]`);
    // Decoded from the stored file: a broken address would leave it 0 pixels wide.
    await eventually(
      () => img.evaluate((el) => (el as HTMLImageElement).naturalWidth),
      (w) => w === 1,
    );
  }
});

it("shows the server's check under the field it is about", async () => {
  const visitor = await visit('');
  // The form's owner makes Qty required and bounded after the visitor opened the form.
  const cols = await call(j.api, 'GET', `/api/v1/db/meta/views/${formId}/columns`);
  const qty = cols.list.find((c: { fk_column_id: string }) => c.fk_column_id === j.col.Qty);
  await call(j.api, 'PATCH', `/api/v1/db/meta/form-columns/${qty.id}`, { meta: { max: 5 } });
  await visitor.fill('[data-testid="form-field-Title"] input', 'Linus');
  await visitor.fill('[data-testid="form-field-Qty"] input', '9');
  await visitor.click('[data-testid=shared-form-submit]');
  expect(await visitor.innerText('[data-testid="form-field-Qty"] [data-testid=form-error]')).toBe(
    'Qty must be at most 5',
  );
  expect(await visitor.locator('[data-testid="form-field-Title"] [data-testid=form-error]').count()).toBe(0);
  expect((await records(j.api, j.tableId)).length).toBe(2);
});
