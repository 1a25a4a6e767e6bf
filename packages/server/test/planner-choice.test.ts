/**
 * The planner's choice for a page filtered on two fields and sorted by a third (docs/performance.md): once the
 * automatic indexes for the count (status, qty) and for the page (status, price, key) are built and the
 * statistics refreshed, the page reads the sort's index in order and stops after 25 rows, instead of
 * reading the filter's index and sorting thousands of rows. EXPLAIN of the very SQL the page runs says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowReader } from '../src/data/row-query.js';
import { parseWhere } from '@rowbase/core/filters/where';
import { parseSort } from '@rowbase/core/filters/sort';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { itemRow, itemsTableBody } from './items-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

const ROWS = 20_000;
const WHERE = '(Status,eq,open)~and(Qty,lt,300)';

const row = itemRow;

async function explain(server: TestServer, sql: string, bindings: readonly unknown[]): Promise<string> {
  const db = server.ctx.db;
  if (server.kind === 'sqlite') {
    const rows = (await db.raw(`explain query plan ${sql}`, bindings as any[])) as { detail: string }[];
    return rows.map((r) => r.detail).join('\n');
  }
  if (server.kind === 'pg') {
    const res = await db.raw(`explain ${sql.replace(/\$\d+/g, '?')}`, bindings as any[]);
    return (res.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
  }
  const [rows] = (await db.raw(`explain ${sql}`, bindings as any[])) as any;
  return JSON.stringify(rows);
}

describe.each(testDatabases())('planner choice on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let tableId: string;
  let baseId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
    const table = await createTable(server, owner, baseId, itemsTableBody('items', 'Items'));
    tableId = table.id;
    for (let from = 0; from < ROWS; from += 2000) {
      const res = await server.api.post(
        `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`,
        Array.from({ length: 2000 }, (_, k) => row(from + k)),
        { token: owner.token },
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    }
  }, 120_000);
  afterAll(async () => server?.close());

  it('reads the index that serves ORDER BY … LIMIT, not the filter’s index plus a sort', async () => {
    const v2 = `/api/v2/tables/${tableId}/records`;
    const where = encodeURIComponent(WHERE);
    // The count builds the filter's index, the page the sort's; both exist when the page is planned.
    const count = await server.api.get(`${v2}/count?where=${where}`, { token: owner.token });
    expect(count.status).toBe(200);
    const expected = Array.from({ length: ROWS }, (_, i) => ({ Id: i + 1, ...row(i) })).filter(
      (r) => r.Status === 'open' && r.Qty < 300,
    );
    expect(count.body.count).toBe(expected.length);
    await server.ctx.dataCache.indexes.settled();
    const first = await server.api.get(`${v2}?where=${where}&sort=-Price&limit=25`, { token: owner.token });
    expect(first.status).toBe(200);
    await server.ctx.dataCache.indexes.settled();

    // What the user sees: the 25 dearest, ties by key descending.
    const page = await server.api.get(`${v2}?where=${where}&sort=-Price&limit=25&fields=Id,Price`, {
      token: owner.token,
    });
    const want = [...expected].sort((a, b) => b.Price - a.Price || b.Id - a.Id).slice(0, 25);
    expect(page.body.list.map((r: any) => [r.Id, Number(r.Price)])).toEqual(want.map((r) => [r.Id, r.Price]));

    const loaded = await server.ctx.tableModels.get(server.ctx, tableId);
    const reader = new RowReader(loaded.db, loaded.model, server.ctx.dataCache);
    const { sql, bindings } = reader.pageSql({
      where: parseWhere(WHERE),
      sort: parseSort('-Price'),
      limit: 25,
      offset: 0,
    });
    const plan = await explain(server, sql, bindings);
    if (kind === 'sqlite') {
      expect(plan).toMatch(/USING INDEX rbx_\w+ \(status=\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else if (kind === 'pg') {
      expect(plan).toMatch(/Index Scan Backward using rbx_\w+/);
      expect(plan).not.toMatch(/Sort/);
    } else {
      expect(plan).not.toMatch(/filesort/i);
    }
  }, 60_000);
});
