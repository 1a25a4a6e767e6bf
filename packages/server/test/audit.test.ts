import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, productRow, type ProductTable } from './rows-fixtures.js';

describe.each(testDatabases())('data audit on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  const as = () => ({ token: t.owner.token });
  const audits = (query: string) =>
    server.api.get(`/api/v1/db/meta/projects/${t.baseId}/audits?${query}`, as());
  /** The base's DATA entries once there are `n` (each is written just after its change commits). */
  const dataEntries = async (n: number) => {
    const until = Date.now() + 5000;
    for (;;) {
      const res = await audits('op_type=DATA&limit=100');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (res.body.list.length >= n || Date.now() > until) return res.body.list as any[];
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
  });
  afterAll(async () => server?.close());

  it('records who changed which cell from what to what, and one entry per bulk write', async () => {
    const row = (await server.api.post(t.v1, productRow(1, { Status: 'open' }), as())).body;
    await server.api.patch(`${t.v1}/${row.Id}`, { Status: 'closed', Qty: 7 }, as());
    const bulk = await server.api.post(
      t.bulk,
      Array.from({ length: 250 }, (_, i) => productRow(i + 10)),
      as(),
    );
    expect(bulk.status).toBe(200);
    await server.api.delete(`${t.v1}/${row.Id}`, undefined, as());

    const list = await dataEntries(4);
    expect(list.map((a) => a.op_sub_type)).toEqual(['DELETE', 'BULK_INSERT', 'UPDATE', 'INSERT']);
    for (const a of list)
      expect(a).toMatchObject({ user: t.owner.email, ip: '127.0.0.1', fk_model_id: t.tableId });
    const update = list[2];
    expect(update.row_id).toBe(String(row.Id));
    expect(update.description).toBe('Status changed from open to closed; Qty changed from 1 to 7');
    expect(JSON.parse(update.details).changes).toEqual([
      { field: 'Status', old: 'open', new: 'closed' },
      { field: 'Qty', old: 1, new: 7 },
    ]);
    expect(list[1]).toMatchObject({ row_id: null, description: '250 records inserted' });
    expect(
      Number(
        (await server.ctx.db('rb_audits').where({ op_sub_type: 'BULK_INSERT' }).count({ n: '*' }))[0]!.n,
      ),
    ).toBe(1);
  });

  it('filters by operation, user and date, and answers a row history', async () => {
    const ops = await audits('op_type=DATA&op_sub_type=UPDATE');
    expect(ops.body.list).toHaveLength(1);
    expect((await audits('op_type=DATA&user=someone@else.test')).body.list).toHaveLength(0);
    expect(
      (await audits(`op_type=DATA&from=${new Date(Date.now() + 60_000).toISOString()}`)).body.list,
    ).toHaveLength(0);
    const bad = await audits('from=yesterday');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/from/);

    const rowId = ops.body.list[0].row_id;
    const history = await server.api.get(
      `/api/v1/db/meta/audits?fk_model_id=${t.tableId}&row_id=${rowId}`,
      as(),
    );
    expect(history.status).toBe(200);
    expect(history.body.list.map((a: { op_sub_type: string }) => a.op_sub_type)).toEqual([
      'DELETE',
      'UPDATE',
      'INSERT',
    ]);
    const missing = await server.api.get(`/api/v1/db/meta/audits?fk_model_id=${t.tableId}`, as());
    expect(missing.status).toBe(400);
  });
});
