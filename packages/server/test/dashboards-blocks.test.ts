/**
 * Charts and numbers kept in blocks of primary keys (docs/dashboards.md "Speed") stay exactly right: after
 * inserts, updates of the grouped field, deletes (of the extreme value too), bulk writes and a write by filter,
 * every widget answers what a fresh GROUP BY in the database answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetMeta } from '@rowbase/core/api/dashboards';
import { widgetBlocks } from '../src/dashboards/dashboard-routes.js';
import { planWidgetQuery } from '../src/dashboards/widget-data.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { adminToken, insertRows, seedTable, type SeededTable } from './view-fixtures.js';

/** Rows 1..ROWS span three blocks of 4,096 keys. */
const ROWS = 9_000;
const rowOf = (i: number) => ({
  Title: `r${i}`,
  Price: (i * 37) % 1000,
  Qty: i % 7,
  Status: i % 3 === 0 ? 'b' : 'a',
  Amount: ((i * 37) % 10_000) / 100,
});

describe.each(testDatabases())('dashboard blocks on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let viewId: string;
  let layoutId: string;
  const owner = () => ({ token: t.token });
  let bulk: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Qty', uidt: 'Number' },
      { title: 'Status', uidt: 'SingleSelect' },
      { title: 'Amount', uidt: 'Currency' },
    ]);
    bulk = `/api/v1/db/data/bulk/noco/${t.baseId}/${t.tableId}`;
    for (let from = 1; from <= ROWS; from += 1_000) {
      await insertRows(
        server,
        t,
        Array.from({ length: 1_000 }, (_, k) => rowOf(from + k)),
      );
    }
    // The view keeps Price < 990: widgets read through it.
    const v = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/grids`, { title: 'Most' }, owner());
    viewId = v.body.id;
    const f = await server.api.post(
      `/api/v1/db/meta/views/${viewId}/filters`,
      { fk_column_id: t.col.Price, comparison_op: 'lt', value: '990' },
      owner(),
    );
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    const dash = await server.api.post(
      '/api/v1/db/meta/projects',
      { title: 'Board', type: 'dashboard' },
      { token: await adminToken(server) },
    );
    await server.ctx.bases.setRole(dash.body.id, t.userId, 'owner', null);
    const layout = await server.api.post(
      `/api/v1/db/meta/projects/${dash.body.id}/layouts`,
      { title: 'Blocks' },
      owner(),
    );
    layoutId = layout.body.id;
  });
  afterAll(async () => server?.close());

  const configs = () => [
    { type: 'bar', config: { viewId, groupBy: t.col.Status, fieldId: t.col.Price, aggregation: 'sum' } },
    { type: 'pie', config: { viewId, groupBy: t.col.Qty, aggregation: 'count' } },
    { type: 'bar', config: { viewId, groupBy: t.col.Qty, fieldId: t.col.Amount, aggregation: 'sum' } },
    { type: 'line', config: { viewId, groupBy: t.col.Qty, fieldId: t.col.Price, aggregation: 'avg' } },
    { type: 'area', config: { viewId, groupBy: t.col.Status, fieldId: t.col.Price, aggregation: 'max' } },
    { type: 'number', config: { viewId, fieldId: t.col.Price, aggregation: 'min', where: '(Status,eq,b)' } },
    { type: 'number', config: { viewId, aggregation: 'count' } },
  ];

  it('answers what a fresh GROUP BY answers after every kind of write, reading only written blocks', async () => {
    const blocks = widgetBlocks(server.ctx);
    const widgets: WidgetMeta[] = [];
    const fullBefore = blocks.stats.full;
    for (const body of configs()) {
      const w = await server.api.post(`/api/v1/db/meta/layouts/${layoutId}/widgets`, body, owner());
      expect(w.status, JSON.stringify(w.body)).toBe(200);
      widgets.push(w.body);
    }
    // Saving built the blocks of every widget kept in blocks (on MySQL, not those grouped by a select nor an average).
    const keptCount = kind === 'mysql' ? 4 : widgets.length;
    expect(blocks.stats.full - fullBefore).toBe(keptCount);
    const check = async (when: string) => {
      for (const w of widgets) {
        const data = await server.api.get(`/api/v1/db/meta/widgets/${w.id}/data`, owner());
        expect(data.status, JSON.stringify(data.body)).toBe(200);
        // The plain path: one grouped aggregate over the whole table, run now.
        const fresh = await (await planWidgetQuery(server.ctx, w, async () => {}))!.run();
        expect(data.body, `${w.type} ${JSON.stringify(w.config)} after ${when}`).toEqual(fresh);
      }
    };
    await check('saving');
    const full = blocks.stats.full;

    const added = await insertRows(
      server,
      t,
      Array.from({ length: 600 }, (_, k) => rowOf(ROWS + 1 + k)),
    );
    await check('a bulk insert');
    const one = await insertRows(server, t, [{ Title: 'low', Price: -5, Qty: 3, Status: 'b' }]);
    await check('an insert of a new smallest price');
    const moved = [2, 4_100, 8_200, ...added.slice(0, 50)].map((Id, k) => ({
      Id,
      Status: k % 2 ? 'a' : 'b',
      Price: 500 + k,
    }));
    expect((await server.api.patch(`/api/v2/tables/${t.tableId}/records`, moved, owner())).status).toBe(200);
    await check('updates of the grouped field');
    // Deleting the row holding the smallest price (and a bulk delete) leaves the next one the minimum.
    expect(
      (await server.api.delete(`/api/v2/tables/${t.tableId}/records`, [{ Id: one[0] }], owner())).status,
    ).toBe(200);
    await check('a delete of the minimum');
    const gone = added.slice(100, 400).map((Id) => ({ Id }));
    expect((await server.api.delete(`/api/v2/tables/${t.tableId}/records`, gone, owner())).status).toBe(200);
    await check('a bulk delete');
    // Writes with known keys re-read their blocks only; nothing started over.
    expect(blocks.stats.full).toBe(full);

    const byFilter = await server.api.patch(
      `${bulk}/all?where=(Qty,eq,2)`,
      { Status: 'b', Price: 7 },
      owner(),
    );
    expect(byFilter.status, JSON.stringify(byFilter.body)).toBe(200);
    await check('an update by filter');
    await blocks.settled();
    await check('the blocks were built again');
  });
});
