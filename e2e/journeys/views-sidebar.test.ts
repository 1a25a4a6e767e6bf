/**
 * The views of a table in the sidebar, as a user works with them: create a kanban from the "new view" menu,
 * rename it, duplicate it (starting from its settings), drag the copy above it, make it the table's default,
 * lock it, and delete the copy after confirming. Each step is checked in what the server stores.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, call, eventually } from '../support/grid.js';
import { setUpViewsJourney, type ViewsJourney } from '../support/views.js';
import { chooseFromMenu } from '../support/web.js';

let j: ViewsJourney;
let api: Api;
let page: Page;
let tableId: string;
let statusId: string;

interface View {
  id: string;
  title: string;
  type: number;
  is_default: boolean;
  lock_type: string;
  order: number;
  view: Record<string, unknown>;
}
const views = async (): Promise<View[]> =>
  (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}/views`)).list;
const sidebarTitles = () => page.locator('[data-testid=view-list] [data-testid=view-title]').allInnerTexts();

beforeAll(async () => {
  j = await setUpViewsJourney({
    email: 'viewer-of-views@example.com',
    base: 'Work',
    table: 'Tasks',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'Todo' }, { title: 'Done' }] },
      },
    ],
  });
  ({ api, tableId } = j);
  statusId = j.col.Status!;
  page = await j.open(api, '', { width: 1300, height: 900 });
}, 120_000);

afterAll(async () => j?.close());

async function openMenuOf(title: string, item: string) {
  await page.hover(`[data-testid="view-${title}"]`);
  await chooseFromMenu(page, `[data-testid="view-${title}"] [data-testid=view-menu]`, item);
}

it('creates a kanban from the sidebar, built on the single select field', async () => {
  expect(await sidebarTitles()).toEqual(['Tasks']);
  await page.click('[data-testid=create-view]');
  await page.click('[data-testid=create-view-kanban]');
  expect(await page.inputValue('[data-testid=title-input]')).toBe('Kanban');
  await page.click('[data-testid=modal-ok]');
  await page.waitForSelector('[data-testid=kanban-board]');
  await eventually(sidebarTitles, (t) => t.join() === 'Tasks,Kanban');
  const kanban = (await views()).find((v) => v.title === 'Kanban')!;
  expect(kanban.type).toBe(4);
  expect(kanban.view.fk_grp_col_id).toBe(statusId);
  expect(page.url()).toContain(`/${tableId}/${kanban.id}`);
});

it('renames it and duplicates it with its settings', async () => {
  await openMenuOf('Kanban', 'Rename');
  await page.fill('[data-testid=title-input]', 'Board');
  await page.click('[data-testid=modal-ok]');
  await eventually(sidebarTitles, (t) => t.join() === 'Tasks,Board');

  await openMenuOf('Board', 'Duplicate');
  expect(await page.inputValue('[data-testid=title-input]')).toBe('Board copy');
  await page.click('[data-testid=modal-ok]');
  await eventually(sidebarTitles, (t) => t.join() === 'Tasks,Board,Board copy');
  const copy = (await views()).find((v) => v.title === 'Board copy')!;
  expect(copy.type).toBe(4);
  expect(copy.view.fk_grp_col_id).toBe(statusId);
});

it('reorders by dragging the copy above the original', async () => {
  const handle = page.locator('[data-testid="view-Board copy"] [data-testid=view-drag]');
  const target = await page.locator('[data-testid="view-Board"]').boundingBox();
  const from = await handle.boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + 4, from!.y - 6, { steps: 4 });
  await page.mouse.move(target!.x + 20, target!.y + 2, { steps: 10 });
  await page.mouse.up();
  await eventually(sidebarTitles, (t) => t.join() === 'Tasks,Board copy,Board');
  const stored = await eventually(views, (vs) => vs.map((v) => v.title).join() === 'Tasks,Board copy,Board');
  expect(stored.map((v) => v.title)).toEqual(['Tasks', 'Board copy', 'Board']);
  await page.reload();
  await eventually(sidebarTitles, (t) => t.join() === 'Tasks,Board copy,Board');
});

it('makes the board the default view and locks it', async () => {
  await openMenuOf('Board', 'Set as default view');
  await eventually(views, (vs) => vs.find((v) => v.title === 'Board')!.is_default);
  expect((await views()).filter((v) => v.is_default).map((v) => v.title)).toEqual(['Board']);

  await page.hover('[data-testid="view-Board"]');
  await page.click('[data-testid="view-Board"] [data-testid=view-menu]');
  await page.locator('.ant-dropdown-menu-submenu-title:visible:has-text("Who can edit")').last().hover();
  await page.locator('[data-testid=view-lock-locked]:visible').click();
  await page.waitForSelector('[data-testid="view-Board"] [data-testid=view-lock-mark]');
  expect((await views()).find((v) => v.title === 'Board')!.lock_type).toBe('locked');
  await page.click('[data-testid="view-Board"] a');
  await page.waitForSelector('[data-testid=view-lock-notice]');
});

it('deletes the copy after confirming', async () => {
  await openMenuOf('Board copy', 'Delete');
  await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
  await eventually(sidebarTitles, (t) => t.join() === 'Tasks,Board');
  expect((await views()).map((v) => v.title)).toEqual(['Tasks', 'Board']);
});
