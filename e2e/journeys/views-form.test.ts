/**
 * Building a form and using it, as a user would: create a form view from the sidebar, take every field out,
 * drag the name in from the side list and add others, drag one above another, give the name a label, help and
 * a required mark, give the quantity a default, set the heading, the submit text and the message after submit;
 * then share it and fill it in anonymously in a fresh browser: the required and e-mail messages appear under
 * their fields in the user's words, and the submitted row is stored with the default quantity.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, call, eventually, records } from '../support/grid.js';
import { createViewFromSidebar, dragTo, setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let api: Api;
let page: Page;
let tableId: string;
let formId: string;
let col: Record<string, string>;

interface FormColumn {
  fk_column_id: string;
  show: boolean;
  order: number;
  label?: string | null;
  help?: string | null;
  required?: boolean;
  meta?: Record<string, unknown> | null;
}
const form = () => call(api, 'GET', `/api/v1/db/meta/forms/${formId}`);
const shownInForm = async () =>
  ((await form()).columns as FormColumn[])
    .filter((c) => c.show)
    .sort((a, b) => a.order - b.order)
    .map((c) => Object.keys(col).find((k) => col[k] === c.fk_column_id));
const cardTitles = () =>
  page.locator('[data-testid=form-fields] [data-testid=form-card-label]').allInnerTexts();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'form-builder@example.com',
    base: 'Shop',
    table: 'Orders',
    columns: [
      { title: 'Quantity', uidt: 'Number' },
      { title: 'Email', uidt: 'Email' },
      { title: 'Notes', uidt: 'LongText' },
    ],
  });
  ({ api, tableId, col } = j);
  page = await j.open(api, '', { width: 1300, height: 1000 });
}, 120_000);

afterAll(async () => j?.close());

it('creates a form from the sidebar and arranges its fields by dragging', async () => {
  await createViewFromSidebar(page, 'form');
  await page.waitForSelector('[data-testid=form-builder]');
  formId = (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list.find(
    (v: { type: number }) => v.type === 1,
  ).id;
  await eventually(cardTitles, (t) => t.join() === 'Title,Quantity,Email,Notes');

  await page.click('[data-testid=form-remove-all]');
  await page.waitForSelector('[data-testid=form-hidden-Notes]');
  await eventually(shownInForm, (s) => s.length === 0);

  // Drag the title in from the side list; add the quantity and the e-mail with their + buttons.
  await dragTo(page, '[data-testid=form-hidden-Title]', '[data-testid=form-fields]', { dy: 0 });
  await eventually(cardTitles, (t) => t.join() === 'Title');
  await page.click('[data-testid=form-hidden-Quantity] button');
  await eventually(cardTitles, (t) => t.join() === 'Title,Quantity');
  await page.click('[data-testid=form-hidden-Email] button');
  await eventually(cardTitles, (t) => t.join() === 'Title,Quantity,Email');

  // The e-mail goes above the quantity.
  await dragTo(
    page,
    '[data-testid=form-card-Email] [data-testid=form-card-drag]',
    '[data-testid=form-card-Quantity]',
    {
      dy: 4,
    },
  );
  await eventually(cardTitles, (t) => t.join() === 'Title,Email,Quantity');
  expect(await eventually(shownInForm, (s) => s.join() === 'Title,Email,Quantity')).toEqual([
    'Title',
    'Email',
    'Quantity',
  ]);
});

it('gives fields a label, help, a required mark and a default, and the form its texts', async () => {
  await page.click('[data-testid=form-card-Title] [data-testid=form-card-label]');
  await page.fill('[data-testid=form-card-Title] [data-testid=form-card-label-input]', 'Your name');
  await page.fill('[data-testid=form-card-Title] [data-testid=form-card-help-input]', 'As on your card');
  await page.click('[data-testid=form-card-Title] [data-testid=form-card-required]');
  await page.fill('[data-testid=form-card-Quantity] input', '2');
  await page.fill('[data-testid=form-heading]', 'Order form');
  await page.fill('[data-testid=form-submit-text]', 'Send order');
  await page.fill('[data-testid=form-success-msg]', 'Thanks, we have your order');
  await page.click('[data-testid=form-submit-another]');
  await page.click('[data-testid=form-description]');

  const stored = await eventually(form, (f) => {
    const title = (f.columns as FormColumn[]).find((c) => c.fk_column_id === col.Title);
    const qty = (f.columns as FormColumn[]).find((c) => c.fk_column_id === col.Quantity);
    return (
      title?.label === 'Your name' &&
      title.help === 'As on your card' &&
      title.required === true &&
      qty?.meta?.defaultValue === 2 &&
      f.heading === 'Order form' &&
      f.success_msg === 'Thanks, we have your order' &&
      f.submit_another_form === true &&
      f.meta?.submitText === 'Send order'
    );
  });
  expect(stored.heading).toBe('Order form');
  await page.waitForSelector(
    '[data-testid=form-card-Title] [data-testid=form-card-label]:has-text("Your name")',
  );
});

it('is filled in anonymously on its shared page, with messages per field and the default stored', async () => {
  await page.click('[data-testid=toolbar-share]');
  await page.click('[data-testid=share-create]');
  await page.waitForSelector('[data-testid=share-link]');
  const link = await page.inputValue('[data-testid=share-link]');
  expect(link).toMatch(/#\/nc\/form\/[0-9a-f-]{36}$/);

  const visitor = await (await j.browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(link);
  await visitor.waitForSelector('[data-testid=shared-form]');
  expect(await visitor.innerText('[data-testid=shared-form-heading]')).toBe('Order form');
  expect(await visitor.inputValue('[data-testid="form-field-Quantity"] input')).toBe('2');
  expect(await visitor.innerText('[data-testid=shared-form-submit]')).toBe('Send order');

  await visitor.fill('[data-testid="form-field-Email"] input', 'not-an-address');
  await visitor.click('[data-testid=shared-form-submit]');
  expect(await visitor.innerText('[data-testid="form-field-Title"] [data-testid=form-error]')).toBe(
    'Please enter Your name',
  );
  expect(await visitor.innerText('[data-testid="form-field-Email"] [data-testid=form-error]')).toBe(
    'Email must be a valid e-mail address',
  );

  await visitor.fill('[data-testid="form-field-Title"] input', 'Ada');
  await visitor.fill('[data-testid="form-field-Email"] input', 'ada@example.com');
  await visitor.click('[data-testid=shared-form-submit]');
  await visitor.waitForSelector('[data-testid=shared-form-done]:has-text("Thanks, we have your order")');
  const rows = await eventually(
    () => records(api, tableId),
    (r) => r.length === 1,
  );
  expect(rows[0]).toMatchObject({ Title: 'Ada', Email: 'ada@example.com', Quantity: 2 });
  await visitor.waitForSelector('[data-testid=shared-form-again]');
});

it('is answered as a survey by keyboard alone: one question a screen, Enter moves on', async () => {
  const link = await page.inputValue('[data-testid=share-link]');
  const visitor = await (await j.browser.newContext()).newPage();
  visitor.setDefaultTimeout(15_000);
  await visitor.goto(`${link}/survey`);
  await visitor.waitForSelector('[data-testid="form-field-Title"]');
  expect(await visitor.locator('[data-testid^="form-field-"]').count()).toBe(1);
  await visitor.keyboard.press('Enter');
  expect(await visitor.innerText('[data-testid="form-field-Title"] [data-testid=form-error]')).toBe(
    'Please enter Your name',
  );
  await visitor.keyboard.type('Grace');
  await visitor.keyboard.press('Enter');
  await visitor.waitForSelector('[data-testid="form-field-Email"]');
  await visitor.keyboard.type('grace@example.com');
  await visitor.keyboard.press('Enter');
  await visitor.waitForSelector('[data-testid="form-field-Quantity"]');
  await visitor.keyboard.press('Enter');
  await visitor.waitForSelector('[data-testid=shared-form-done]');
  const rows = await eventually(
    () => records(api, tableId),
    (r) => r.some((x) => x.Title === 'Grace'),
  );
  expect(rows.find((x) => x.Title === 'Grace')).toMatchObject({ Email: 'grace@example.com', Quantity: 2 });
});
