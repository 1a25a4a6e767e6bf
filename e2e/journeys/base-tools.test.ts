/**
 * The base tools: the SQL editor runs a query and shows (and downloads) its result, saves a query as a
 * view, and refuses an editor; the relations diagram draws the tables and links and downloads PNG and
 * SVG; the REST API docs open in Swagger UI.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { cellValue, shownTitles, waitForRows } from '../support/grid.js';
import { fillAuthForm, openPage, signUpByApi, waitForRoute } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let baseId: string;
let sourceId: string;
let ordersTable: string;

interface TableReply {
  id: string;
  table_name: string;
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  const owner = await signUpByApi(app.url, 'owner@example.com');
  await signUpByApi(app.url, 'editor@example.com');
  const base = await call<{ id: string; sources: { id: string }[] }>(
    app.url,
    'POST',
    '/api/v1/db/meta/projects/',
    owner,
    { title: 'Shop' },
  );
  baseId = base.id;
  sourceId = base.sources[0]!.id;
  const tables = `/api/v1/db/meta/projects/${baseId}/tables`;
  const customers = await call<TableReply>(app.url, 'POST', tables, owner, { title: 'Customers' });
  const orders = await call<TableReply>(app.url, 'POST', tables, owner, { title: 'Orders' });
  const products = await call<TableReply>(app.url, 'POST', tables, owner, { title: 'Products' });
  ordersTable = orders.table_name;
  const link = (from: TableReply, to: TableReply, title: string, type: string) =>
    call(app.url, 'POST', `/api/v1/db/meta/tables/${from.id}/columns`, owner, {
      title,
      uidt: 'Links',
      parentId: from.id,
      childId: to.id,
      type,
    });
  await link(customers, orders, 'Orders', 'hm');
  await link(orders, products, 'Products', 'mm');
  await call(app.url, 'POST', `/api/v2/tables/${orders.id}/records`, owner, [
    { Title: 'First order' },
    { Title: 'Second order' },
  ]);
  await call(app.url, 'POST', `/api/v1/db/meta/projects/${baseId}/users`, owner, {
    email: 'editor@example.com',
    roles: 'editor',
  });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function openAs(email: string, hashPath: string): Promise<Page> {
  const { page } = await openPage(browser, `${app.url}/#${hashPath}`);
  await waitForRoute(page, (r) => r.startsWith('/signin'));
  await fillAuthForm(page, email);
  await waitForRoute(page, (r) => r === hashPath);
  return page;
}

it('runs a query on the SQL page, shows the rows and downloads them as CSV', async () => {
  const page = await openAs('owner@example.com', `/nc/${baseId}/sql`);
  await page.waitForSelector('[data-testid=sql-editor] .cm-content');
  await page.click('[data-testid=sql-editor] .cm-content');
  await page.keyboard.type(`SELECT title FROM "${ordersTable}" ORDER BY id`);
  await page.keyboard.press('Escape'); // close the completion list
  await page.click('[data-testid=sql-run]');
  await page.waitForSelector('[data-testid=sql-results] td:has-text("Second order")');
  expect(await page.textContent('[data-testid=sql-summary]')).toContain('2');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid=sql-download]'),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toBe('title\r\nFirst order\r\nSecond order\r\n');

  // A write is refused, and the message says why.
  await page.click('[data-testid=sql-editor] .cm-content');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(`DELETE FROM "${ordersTable}"`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Enter');
  await page.waitForSelector('[data-testid=sql-error]:has-text("only a single SELECT")');
  await page.context().close();
});

it('refuses the SQL page to an editor', async () => {
  const page = await openAs('editor@example.com', `/nc/${baseId}/sql`);
  await page.waitForSelector('[data-testid=sql-refused]');
  expect(await page.locator('[data-testid=tool-sql]').count()).toBe(0);
  await page.context().close();
});

const nodeCount = (page: Page) => page.locator('.react-flow__node').count();
const edgeCount = (page: Page) => page.locator('.react-flow__edge').count();

it('draws the ERD: tables with fields and key marks, links with their kind, options, PNG and SVG', async () => {
  const page = await openAs('owner@example.com', `/nc/${baseId}/erd/${sourceId}`);
  await page.waitForSelector('[data-testid="erd-table-Orders"]');
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__edge').length === 2);
  expect(await nodeCount(page)).toBe(3);
  const labels = await page.locator('[data-testid^=erd-edge-label]').allTextContents();
  expect(labels.sort()).toEqual(['has many', 'many to many']);
  expect(await page.textContent('[data-testid="erd-table-Orders"]')).toContain('PK');

  // Junction tables on: the many-to-many link runs through its junction table.
  await page.click('[data-testid=erd-junction]');
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 4);
  expect(await edgeCount(page)).toBe(3);
  // System fields on: Orders shows the foreign key of its customer.
  await page.click('[data-testid=erd-system]');
  await page.waitForSelector('[data-testid="erd-table-Orders"] >> text=FK');
  // Keys only: Customers keeps just its primary key.
  await page.click('[data-testid=erd-keys-only]');
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[data-testid="erd-table-Customers"] [data-testid=erd-field]').length === 1,
  );

  for (const format of ['png', 'svg'] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`[data-testid=erd-download-${format}]`),
    ]);
    expect(download.suggestedFilename()).toBe(`Shop-erd.${format}`);
    const bytes = readFileSync((await download.path())!);
    if (format === 'png') expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    else expect(bytes.toString()).toContain('<svg');
    expect(bytes.length).toBeGreaterThan(1000);
  }

  // The table's menu opens its own diagram: Products and the tables it links to.
  await page.locator('[data-testid=table-list] li:has-text("Products") button[aria-label=Actions]').click();
  await page.locator('.ant-dropdown-menu-item:visible:has-text("Relations diagram")').last().click();
  await waitForRoute(page, (r) => r.includes('?table='));
  await page.waitForFunction(() => document.querySelectorAll('.react-flow__node').length === 2);
  expect(await page.locator('[data-testid="erd-table-Customers"]').count()).toBe(0);

  // 200 tables of 20 fields: from the schema's arrival to every table painted. The machine running
  // the journeys is shared (load averages of 15-20 on 2 cores while eight people build and test), so the
  // wall time mostly measures waiting for a core. What must stay within 2 s is the page's own work: the
  // CPU time of the renderer's main thread (CDP ThreadTime: script, style, layout, paint).
  const big = syntheticSchema(200, 20);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime')!.value;
  };
  let servedAt = 0;
  let taskAtServe = 0;
  await page.route('**/sources/bbig/erd', async (route) => {
    taskAtServe = await taskSeconds();
    servedAt = Date.now();
    await route.fulfill({ json: big });
  });
  await page.evaluate((path) => (location.hash = path), `#/nc/${baseId}/erd/bbig`);
  await page.waitForFunction(
    () => {
      const nodes = document.querySelectorAll<HTMLElement>('.react-flow__node');
      return nodes.length === 200 && Array.from(nodes).every((n) => n.style.visibility !== 'hidden');
    },
    undefined,
    { polling: 16, timeout: 30_000 },
  );
  const wallMs = Date.now() - servedAt;
  const mainThreadMs = Math.round(((await taskSeconds()) - taskAtServe) * 1000);
  const layoutMs = await page.evaluate(() => {
    const all = performance.getEntriesByName('erd-layout');
    return Math.round(all[all.length - 1]!.duration);
  });
  console.log(
    `ERD 200 tables x 20 fields: layout ${layoutMs} ms; main-thread CPU to render ${mainThreadMs} ms; wall ${wallMs} ms (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
  );
  // Fitted to the screen no field name is readable, so fields are drawn as row lines; zooming in shows them.
  expect(await page.locator('[data-testid=erd-fields-compact]').count()).toBe(200);
  expect(mainThreadMs).toBeLessThanOrEqual(2000);
  const canvas = (await page.locator('[data-testid=erd-canvas]').boundingBox())!;
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  for (let i = 0; i < 30 && !(await page.locator('[data-testid=erd-field]').count()); i++) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(50);
  }
  expect(await page.locator('[data-testid=erd-field]').count()).toBeGreaterThan(0);
  await page.context().close();
});

/** A schema of `tables` tables with `fields` fields each; each table belongs to an earlier one, plus some many-to-many links. */
function syntheticSchema(tables: number, fields: number) {
  const types = [
    'SingleLineText',
    'Number',
    'Date',
    'Checkbox',
    'Email',
    'Currency',
    'LongText',
    'SingleSelect',
  ];
  const list = Array.from({ length: tables }, (_, i) => ({
    id: `m${i}`,
    title: `Table ${i}`,
    table_name: `t${i}`,
    type: 'table',
    mm: false,
    columns: Array.from({ length: fields }, (_, j) => ({
      id: `c${i}_${j}`,
      title: j === 0 ? 'Id' : `Field ${j}`,
      column_name: `f${j}`,
      uidt: j === 0 ? 'ID' : types[j % types.length],
      dt: null,
      pk: j === 0,
      pv: j === 1,
      rqd: false,
      system: j === fields - 1,
      fk: j === fields - 1,
    })),
  }));
  const relations = [];
  for (let i = 1; i < tables; i++) {
    const parent = `m${Math.floor((i - 1) / 3)}`;
    const rel = {
      fk_child_column_id: `c${i}_${fields - 1}`,
      fk_parent_column_id: `c0_0`,
      fk_mm_model_id: null,
    };
    relations.push({
      ...rel,
      fk_column_id: `l${i}a`,
      fk_model_id: parent,
      type: 'hm',
      fk_related_model_id: `m${i}`,
    });
    relations.push({
      ...rel,
      fk_column_id: `l${i}b`,
      fk_model_id: `m${i}`,
      type: 'bt',
      fk_related_model_id: parent,
    });
  }
  for (let i = 0; i + 7 < tables; i += 10) {
    const mm = { fk_child_column_id: null, fk_parent_column_id: null, fk_mm_model_id: `j${i}` };
    relations.push({
      ...mm,
      fk_column_id: `mm${i}a`,
      fk_model_id: `m${i}`,
      type: 'mm',
      fk_related_model_id: `m${i + 7}`,
    });
    relations.push({
      ...mm,
      fk_column_id: `mm${i}b`,
      fk_model_id: `m${i + 7}`,
      type: 'mm',
      fk_related_model_id: `m${i}`,
    });
  }
  return { base_id: 'p', source_id: 'bbig', tables: list, relations };
}

it('opens the REST API docs of the base in Swagger UI from the sidebar', async () => {
  const page = await openAs('owner@example.com', `/nc/${baseId}`);
  const [docs] = await Promise.all([
    page.context().waitForEvent('page'),
    page.click('[data-testid=tool-api-docs]'),
  ]);
  await docs.waitForSelector('.swagger-ui .info .title:has-text("Shop REST APIs")');
  await docs.waitForSelector('.swagger-ui .opblock-tag:has-text("Orders")');
  expect(await docs.locator('.swagger-ui .opblock').count()).toBeGreaterThan(10);
  await page.context().close();
});

// Last: the saved view is a table of the base, so it would add a node to the ERD above.
it('saves a query as a view that appears in the sidebar and lists its rows', async () => {
  const page = await openAs('owner@example.com', `/nc/${baseId}/sql`);
  await page.waitForSelector('[data-testid=sql-editor] .cm-content');
  await page.click('[data-testid=sql-editor] .cm-content');
  await page.keyboard.type(`SELECT title FROM "${ordersTable}" WHERE title LIKE 'Second%'`);
  await page.keyboard.press('Escape');
  await page.click('[data-testid=sql-save-view]');
  await page.fill('[data-testid=title-input]', 'Late orders');
  await page.click('[data-testid=modal-ok]');
  const item = page.locator('[data-testid=table-list]').getByText('Late orders');
  await item.waitFor();
  await item.click();
  await page.waitForSelector('[data-testid=grid-scroller]');
  await waitForRows(page);
  expect(await shownTitles(page)).toEqual(['title']);
  expect(await cellValue(page, 'title', 0)).toBe('Second order');
  await page.context().close();
});
