/**
 * The field form saves what it shows: a Links field left on "Many to many" is many-to-many, and a Rollup left on
 * "sum" sums (a project linked to tasks of 5 and 12 hours shows 17, not the count 2).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { openDropdownOptions } from '../support/dropdowns.js';
import { type Api, call, eventually, openGrid, shownTitles, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;
let projectsId: string;
let tasksId: string;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'links@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Work' });
  const projects = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Projects',
    columns: [],
  });
  const tasks = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tasks',
    columns: [{ title: 'Hours', column_name: 'hours', uidt: 'Number' }],
  });
  projectsId = projects.id;
  tasksId = tasks.id;
  await call(api, 'POST', `/api/v2/tables/${projectsId}/records`, [{ Title: 'Roof' }]);
  await call(api, 'POST', `/api/v2/tables/${tasksId}/records`, [
    { Title: 'Tiles', Hours: 5 },
    { Title: 'Gutter', Hours: 12 },
  ]);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${projectsId}/views`)).list[0].id;
  page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, projectsId, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openFieldForm(title: string, type: string) {
  await page.click('[data-testid=add-field]');
  await page.fill('[data-testid=field-title]', title);
  await page.click('[data-testid=field-type]');
  await page.keyboard.type(type);
  await page.keyboard.press('Enter');
}

/** Picks an option of an antd select by the text the user reads. */
async function choose(select: string, option: string) {
  await page.click(`[data-testid=${select}]`);
  await page.click(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
}

const columnOf = async (tableId: string, title: string) =>
  (await call(api, 'GET', `/api/v1/db/meta/tables/${tableId}`)).columns.find((c: any) => c.title === title);

/** The text the grid shows in a cell (the cell type's display of the loaded value). */
const shownText = (title: string, row: number) =>
  page.evaluate(
    ({ title, row }) => {
      const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
      const col = g.columns.findIndex((c: any) => c.title === title);
      return col < 0 ? undefined : g.types[col].format(g.value(row, col), g.columns[col]);
    },
    { title, row },
  );

it('creates a many-to-many link when the form is left on "Many to many"', async () => {
  await openFieldForm('Tasks', 'Links');
  await choose('field-link-table', 'Tasks');
  expect(await page.textContent('[data-testid=field-link-type]')).toContain('Many to many');
  await page.click('.ant-modal-footer .ant-btn-primary');
  const link = await eventually(
    () => columnOf(projectsId, 'Tasks'),
    (c) => !!c,
  );
  expect(link.colOptions.type).toBe('mm');
  await eventually(
    () => shownTitles(page),
    (t) => t.includes('Tasks'),
  );
  // Many to many: the other table got its own link field back to Projects.
  const back = await eventually(
    () => call(api, 'GET', `/api/v1/db/meta/tables/${tasksId}`),
    (t: any) => t.columns.some((c: any) => c.colOptions?.type === 'mm'),
  );
  expect(back.columns.some((c: any) => c.colOptions?.type === 'mm')).toBe(true);
});

it('sums a rollup left on "sum": 5 + 12 hours show 17', async () => {
  const link = await columnOf(projectsId, 'Tasks');
  await call(api, 'POST', `/api/v2/tables/${projectsId}/links/${link.id}/records/1`, [{ Id: 1 }, { Id: 2 }]);
  await openFieldForm('Hours total', 'Rollup');
  await choose('field-link-field', 'Tasks');
  await choose('field-target-field', 'Hours');
  expect(await page.textContent('[data-testid=field-rollup-function]')).toContain('sum');
  await page.click('.ant-modal-footer .ant-btn-primary');
  const rollup = await eventually(
    () => columnOf(projectsId, 'Hours total'),
    (c) => !!c,
  );
  expect(rollup.colOptions.rollup_function).toBe('sum');
  await page.reload();
  await page.waitForSelector('[data-testid=grid] canvas');
  await waitForRows(page);
  expect(
    await eventually(
      () => shownText('Hours total', 0),
      (v) => !!v,
    ),
  ).toBe('17');
});

it('offers only user fields as the rollup target, not the link columns or row order', async () => {
  await openFieldForm('Hours max', 'Rollup');
  await choose('field-link-field', 'Tasks');
  await page.click('[data-testid=field-target-field]');
  const options = await openDropdownOptions(page);
  expect(options).toContain('Hours');
  expect(options).not.toContain('nc_order');
  expect(options.some((o) => /_id$/.test(o ?? ''))).toBe(false);
  expect(options).not.toContain('Id');
  await page.keyboard.press('Escape');
  await page.click('.ant-modal-footer .ant-btn-default');
});
