/** Group-by at two levels: nested headers with counts from /groupby, rows in group order, each level collapsible. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, startApp, type RunningApp } from '../support/app.js';
import { type Api, call, cellPoint, eventually, openGrid, waitForRows } from '../support/grid.js';
import { signUpByApi } from '../support/web.js';

let app: RunningApp;
let browser: Browser;
let api: Api;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  api = { url: app.url, token: await signUpByApi(app.url, 'groups@example.com') };
  const base = await call(api, 'POST', '/api/v1/db/meta/projects', { title: 'Desk' });
  const table = await call(api, 'POST', `/api/v1/db/meta/projects/${base.id}/tables`, {
    title: 'Tickets',
    columns: [
      {
        title: 'Status',
        uidt: 'SingleSelect',
        colOptions: { options: [{ title: 'open' }, { title: 'closed' }] },
      },
      { title: 'Area', uidt: 'SingleLineText' },
    ],
  });
  // open/api 4, open/web 2, closed/api 3 (9 rows).
  const rows = [
    ...Array.from({ length: 4 }, () => ({ Status: 'open', Area: 'api' })),
    ...Array.from({ length: 2 }, () => ({ Status: 'open', Area: 'web' })),
    ...Array.from({ length: 3 }, () => ({ Status: 'closed', Area: 'api' })),
  ].map((r, i) => ({ ...r, Title: `t${i}` }));
  await call(api, 'POST', `/api/v2/tables/${table.id}/records`, rows);
  const viewId = (await call(api, 'GET', `/api/v1/db/meta/tables/${table.id}/views`)).list[0].id;
  const byTitle = (t: string) => table.columns.find((c: any) => c.title === t).id;
  await call(api, 'PATCH', `/api/v1/db/meta/views/${viewId}/columns/${byTitle('Status')}`, {
    group_by: true,
    group_by_order: 1,
  });
  await call(api, 'PATCH', `/api/v1/db/meta/views/${viewId}/columns/${byTitle('Area')}`, {
    group_by: true,
    group_by_order: 2,
  });
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.setDefaultTimeout(15_000);
  await openGrid(page, api, base.id, table.id, viewId);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Per visual row: a header as "level:value(count)", or the row's Status/Area. */
const shown = () =>
  page.evaluate(() => {
    const g = (document.querySelector('[data-testid=grid] canvas') as any).rowbaseGrid;
    const status = g.columns.findIndex((c: any) => c.title === 'Status');
    const area = g.columns.findIndex((c: any) => c.title === 'Area');
    const out: string[] = [];
    for (let r = 0; r < g.rowCount; r++) {
      const h = g.groups?.header(r);
      out.push(h ? `${h.level}:${h.value}(${h.count})` : `${g.value(r, status)}/${g.value(r, area)}`);
    }
    return out;
  });

it('draws both levels with counts, rows under their groups', async () => {
  await waitForRows(page);
  const rows = await eventually(shown, (s) => s.length === 14 && !s.some((x) => x.includes('undefined')));
  expect(rows).toEqual([
    '0:open(6)',
    '1:api(4)',
    ...Array(4).fill('open/api'),
    '1:web(2)',
    'open/web',
    'open/web',
    '0:closed(3)',
    '1:api(3)',
    ...Array(3).fill('closed/api'),
  ]);
});

it('collapses a sub-group, then a whole group', async () => {
  const web = await cellPoint(page, 'Title', 6);
  await page.mouse.click(web.x, web.y);
  await eventually(shown, (s) => s.length === 12 && s[6] === '1:web(2)' && s[7] === '0:closed(3)');
  const open = await cellPoint(page, 'Title', 0);
  await page.mouse.click(open.x, open.y);
  await eventually(shown, (s) => s.length === 6 && s[0] === '0:open(6)' && s[1] === '0:closed(3)');
  await page.mouse.click(open.x, open.y);
  // The sub-group stays collapsed inside the re-opened group.
  await eventually(shown, (s) => s.length === 12);
});
