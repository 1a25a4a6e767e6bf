/**
 * A menu item takes the first click, however early it comes: on a page slowed down six times (CDP CPU
 * throttling, a slow laptop), each menu is opened and its item pressed the moment it is drawn on screen, held a
 * tenth of a second as a person clicks, and released; that one click must do what the item does. antd's menus
 * slid or zoomed in, so an item pressed as the menu started was somewhere else by the release and the click was
 * lost (docs/views.md "A menu's first click"). How early a test's press comes depends on the machine, so each
 * item is also watched frame by frame, from the opening click to the release, and must be drawn in one place.
 * The menus: the sidebar's create-view menu, a view's and a table's "⋯" menus, the toolbar's Fields menu, the
 * grid's field header menu and row menu, and the expanded record (a dialog without OK, which zoomed in).
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { call, cellPoint } from '../support/grid.js';
import {
  closeWhatIsOpen,
  openAndPressEarly as openAndPressEarly_,
  sends as sends_,
  shows as shows_,
  openSlowedGrid,
  type Target,
} from '../support/first-click.js';
import { setUpViewsJourney, type ViewsJourney } from '../support/views.js';

let j: ViewsJourney;
let page: Page;
let viewTitle: string;

const menuItem = (text: string): Target => ({
  css: '.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item',
  text,
});

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'menus-first-click@example.com',
    base: 'Plans',
    table: 'Tasks',
    columns: [{ title: 'Due', uidt: 'Date' }],
    rows: [{ Title: 'One' }, { Title: 'Two' }],
  });
  viewTitle = (await call(j.api, 'GET', `/api/v1/db/meta/tables/${j.tableId}/views`)).list[0].title;
  page = await openSlowedGrid(j);
}, 120_000);

afterAll(async () => j?.close());

// Whatever a step left open is closed, so the next one starts from the table.
afterEach(async () => {
  await closeWhatIsOpen(
    page,
    '.ant-dropdown:not(.ant-dropdown-hidden), .ant-popover:not(.ant-popover-hidden), .ant-modal-wrap, [data-testid=header-menu], [data-testid=row-menu]',
  );
});

const openAndPressEarly = (open: () => Promise<void>, target: Target) =>
  openAndPressEarly_(page, open, target);
const sends = (method: string, url: RegExp) => sends_(page, method, url);
const shows = (selector: string) => shows_(page, selector);

it("opens the create-view dialog with the first click on the sidebar menu's item", async () => {
  const { places, landed } = await openAndPressEarly(() => page.click('[data-testid=create-view]'), {
    css: '[data-testid=create-view-grid]',
  });
  expect(await shows('[data-testid=title-input]'), `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the item was drawn, frame by frame').toHaveLength(1);
});

it("opens the rename dialog with the first click on a view's menu item", async () => {
  await page.hover(`[data-testid="view-${viewTitle}"]`);
  const { places, landed } = await openAndPressEarly(
    () => page.click(`[data-testid="view-${viewTitle}"] [data-testid=view-menu]`),
    menuItem('Rename'),
  );
  expect(await shows('[data-testid=title-input]'), `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the item was drawn, frame by frame').toHaveLength(1);
});

it("opens the rename dialog with the first click on a table's menu item", async () => {
  const { places, landed } = await openAndPressEarly(
    () => page.click('[data-testid="table-Tasks"] ~ button'),
    menuItem('Rename'),
  );
  expect(await shows('[data-testid=title-input]'), `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the item was drawn, frame by frame').toHaveLength(1);
});

it("hides a field with the first click in the toolbar's Fields menu", async () => {
  const sent = sends('PATCH', /\/api\/v1\/db\/meta\/views\/[^/]+\/columns\/[^/]+$/);
  const { places, landed } = await openAndPressEarly(() => page.click('[data-testid=toolbar-fields]'), {
    css: '[data-testid=field-toggle-Due]',
  });
  expect(await sent, `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the item was drawn, frame by frame').toHaveLength(1);
  await page.click('[data-testid=toolbar-fields]');
  await page.waitForSelector('[data-testid=fields-menu]', { state: 'hidden' });
});

it("sorts with the first click in a field's header menu", async () => {
  const p = await cellPoint(page, 'Title', 0);
  const sent = sends('POST', /\/api\/v1\/db\/meta\/views\/[^/]+\/sorts$/);
  const { places, landed } = await openAndPressEarly(
    () => page.mouse.click(p.x, p.y - 32 /* header row */, { button: 'right' }),
    { css: '[data-testid=header-menu] button', text: 'Sort descending' },
  );
  expect(await sent, `the press and release landed: ${landed}`).toBe(true);
  expect(places, 'where the item was drawn, frame by frame').toHaveLength(1);
});

it('expands a row with the first click in its row menu, and closes it with the first click', async () => {
  const p = await cellPoint(page, 'Title', 0);
  const opened = await openAndPressEarly(() => page.mouse.click(p.x, p.y, { button: 'right' }), {
    css: '[data-testid=row-menu-expand]',
  });
  expect(await shows('[data-testid=expanded-record]'), `the press and release landed: ${opened.landed}`).toBe(
    true,
  );
  expect(opened.places, 'where the item was drawn, frame by frame').toHaveLength(1);
  // The expanded record is a dialog without OK; its close button is pressed the moment it is on screen.
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid=expanded-record]', { state: 'detached' });
  const closed = await openAndPressEarly(
    async () => {
      await page.mouse.click(p.x, p.y, { button: 'right' });
      await page.click('[data-testid=row-menu-expand]');
    },
    { css: '.ant-modal-wrap .ant-modal-close' },
  );
  const gone = await page
    .waitForSelector('[data-testid=expanded-record]', { state: 'detached', timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  expect(gone, `the press and release landed: ${closed.landed}`).toBe(true);
  expect(closed.places, 'where the close button was drawn, frame by frame').toHaveLength(1);
});
