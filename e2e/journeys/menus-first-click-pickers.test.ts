/**
 * An option takes the first click, however early it comes: on a page slowed down six times, each option list is
 * opened and an option pressed the moment it is drawn, held a tenth of a second and released; that one click must
 * choose it, and the option must be drawn in one place on every frame from the opening click to the release.
 * antd's Select and date picker lists slid in, so an option pressed as the list opened was released elsewhere and
 * the choice was lost (docs/views.md "A menu's first click"). The lists: a single-select cell's editor, the
 * filter's field and operator pickers, the sort's field picker, the add-field form's type picker and the audit
 * page's date range picker (a date cell's own picker is the browser's, not drawn by the page).
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { dropdownsSettledClosed } from '../support/dropdowns.js';
import {
  closeWhatIsOpen,
  openAndPressEarly,
  sends,
  openSlowedGrid,
  type Target,
} from '../support/first-click.js';
import { doubleClickCell } from '../support/grid.js';
import { setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let page: Page;

/** An option of the open antd select list whose text includes `text`. */
const option = (text: string): Target => ({
  css: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
  text,
});

/** The text `select` shows as its value once `test` accepts it (10 s at most), or the last text it showed. */
async function shown(select: string, test: (text: string) => boolean): Promise<string> {
  const read = () => page.locator(`${select} .ant-select-content`).innerText();
  const deadline = Date.now() + 10_000;
  let text = await read();
  while (!test(text) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    text = await read();
  }
  return text;
}

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'pickers-first-click@example.com',
    base: 'Plans',
    table: 'Tasks',
    columns: [
      {
        title: 'Stage',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'Open' }, { title: 'Done' }] },
      },
      { title: 'Due', uidt: 'Date' },
    ],
    rows: [{ Title: 'One' }, { Title: 'Two' }],
  });
  page = await openSlowedGrid(j);
}, 120_000);

afterAll(async () => j?.close());

// Whatever a step left open is closed, so the next one starts from the table.
afterEach(async () => {
  await closeWhatIsOpen(
    page,
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-popover:not(.ant-popover-hidden), .ant-modal-wrap, [data-testid=cell-editor]',
  );
  await dropdownsSettledClosed(page);
});

it("chooses a single-select cell's option with the first click", async () => {
  const sent = sends(page, 'PATCH', /\/records/);
  const { places, landed } = await openAndPressEarly(page, () => doubleClickCell(page, 'Stage', 0), {
    css: '[data-testid=cell-editor] li',
    text: 'Done',
  });
  expect(await sent, `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the option was drawn, frame by frame').toHaveLength(1);
});

it("chooses the filter's field and operator with the first click", async () => {
  await page.click('[data-testid=toolbar-filter]');
  const added = sends(page, 'POST', /\/filters$/);
  await page.click('[data-testid=filter-add]');
  expect(await added).toBe(true);
  await page.waitForSelector('[data-testid=filter-field]');

  const field = sends(page, 'PATCH', /\/filters\/[^/]+$/);
  const f = await openAndPressEarly(page, () => page.click('[data-testid=filter-field]'), option('Stage'));
  expect(await field, `the press and release landed: ${f.landed}`).toBe(true);
  expect(await shown('[data-testid=filter-field]', (t) => t === 'Stage')).toBe('Stage');
  expect(f.places, 'where the option was drawn, frame by frame').toHaveLength(1);
  await dropdownsSettledClosed(page);

  const before = await shown('[data-testid=filter-op]', () => true);
  const op = sends(page, 'PATCH', /\/filters\/[^/]+$/);
  const o = await openAndPressEarly(page, () => page.click('[data-testid=filter-op]'), {
    css: '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option:not(.ant-select-item-option-selected)',
  });
  expect(await op, `the press and release landed: ${o.landed}`).toBe(true);
  expect(await shown('[data-testid=filter-op]', (t) => t !== before)).not.toBe(before);
  expect(o.places, 'where the option was drawn, frame by frame').toHaveLength(1);
});

it("chooses the sort's field with the first click", async () => {
  await page.click('[data-testid=toolbar-sort]');
  await page.waitForSelector('[data-testid=sort-add]');
  const sent = sends(page, 'POST', /\/sorts$/);
  const { places, landed } = await openAndPressEarly(
    page,
    () => page.click('[data-testid=sort-add]'),
    option('Due'),
  );
  expect(await sent, `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the option was drawn, frame by frame').toHaveLength(1);
});

it("chooses the add-field form's type with the first click", async () => {
  await page.click('[data-testid=add-field]');
  await page.waitForSelector('[data-testid=field-type]');
  const { places, landed } = await openAndPressEarly(
    page,
    () => page.click('[data-testid=field-type]'),
    option('Checkbox'),
  );
  expect(
    await shown('[data-testid=field-type]', (t) => t.includes('Checkbox')),
    `the press and release landed: ${landed}`,
  ).toContain('Checkbox');
  expect(places, 'where the option was drawn, frame by frame').toHaveLength(1);
});

it("chooses a day in the audit page's date range picker with the first click", async () => {
  await page.goto(`${j.app.url}/#/nc/${j.baseId}/audit`);
  await page.waitForSelector('[data-testid=audit-page] .ant-picker-range', { timeout: 30_000 });
  const { places, landed } = await openAndPressEarly(
    page,
    () => page.click('[data-testid=audit-page] .ant-picker-range input >> nth=0'),
    { css: '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-cell-today' },
  );
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const picked = await page
    .waitForFunction(
      (d) =>
        document.querySelector<HTMLInputElement>('[data-testid=audit-page] .ant-picker-range input')
          ?.value === d,
      day,
      { timeout: 10_000 },
    )
    .then(
      () => true,
      () => false,
    );
  expect(picked, `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the day was drawn, frame by frame').toHaveLength(1);
});
