/**
 * Bulk writes: /api/v1/db/data/bulk/noco/{base}/{table} insert, update, delete and the /all variants by
 * filter. A bad row anywhere rejects the whole request, naming the row and the field; nothing is half-written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { allRows, countRows, createProductTable, productRow, type ProductTable } from './rows-fixtures.js';

/** Names of the indexes Rowbase made on a table (`rbx_…`). */
async function autoIndexesOf(server: TestServer, table: string): Promise<string[]> {
  const db = server.ctx.db;
  let names: string[];
  if (server.kind === 'sqlite')
    names = ((await db.raw('select name from pragma_index_list(?)', [table])) as any[]).map((r) => r.name);
  else if (server.kind === 'pg')
    names = (await db('pg_indexes').where({ tablename: table }).select('indexname')).map(
      (r: any) => r.indexname,
    );
  else names = ((await db.raw('show index from ??', [table])) as any)[0].map((r: any) => r.Key_name);
  return [...new Set(names.filter((n) => n.startsWith('rbx_')))];
}

describe.each(testDatabases())('bulk rows on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    token = t.owner.token;
  });
  afterAll(async () => server?.close());

  it('inserts many rows in one request and answers their ids in order', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => productRow(i + 1));
    // Rows with different key sets still get their column defaults.
    rows[10] = { Title: 'sparse', Code: 'S-1' };
    const res = await server.api.post(t.bulk, rows, { token });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toHaveLength(1500);
    expect(res.body[0]).toEqual({ Id: 1 });
    expect(res.body[1499]).toEqual({ Id: 1500 });
    expect(await countRows(server, t)).toBe(1500);
    const sparse = await server.api.get(`${t.v1}/11`, { token });
    expect(sparse.body).toMatchObject({ Title: 'sparse', Code: 'S-1', Qty: null });
    // Each answered id is the row's own (on SQLite, 50 rows per statement take consecutive rowids).
    for (const n of [50, 51, 777, 1499]) {
      const row = await server.api.get(`${t.v1}/${res.body[n - 1].Id}`, { token });
      expect(row.body).toMatchObject({ Title: `Product ${n}`, Qty: n });
    }
    expect(String(sparse.body.CreatedAt)).toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('rejects the whole batch when one row is bad, naming the row and the field', async () => {
    const before = await countRows(server, t);
    const rows = [productRow(2001), productRow(2002), productRow(2003, { Mail: 'bad' }), productRow(2004)];
    const res = await server.api.post(t.bulk, rows, { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe("Row 2, field 'Mail': Validation failed : isEmail");
    expect(res.body.errors).toEqual([{ instancePath: '/2/Mail', message: 'Validation failed : isEmail' }]);
    const missing = await server.api.post(t.bulk, [productRow(1), { Title: 'no code' }], { token });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Row 1, field 'Code': Field 'Code' is required");
    expect((await server.api.post(t.bulk, { Title: 'x' }, { token })).status).toBe(400);
    expect((await server.api.post(t.bulk, [], { token })).status).toBe(400);
    expect(await countRows(server, t)).toBe(before);
  });

  it('updates many rows; a missing id or a bad value changes none', async () => {
    const before = await allRows(server, t);
    const missing = await server.api.patch(
      t.bulk,
      [
        { Id: 1, Qty: -1 },
        { Id: 99_999, Qty: -1 },
      ],
      { token },
    );
    expect(missing.status).toBe(404);
    const bad = await server.api.patch(
      t.bulk,
      [
        { Id: 1, Qty: -1 },
        { Id: 2, Status: 'nope' },
      ],
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain("Row 1, field 'Status'");
    expect(await allRows(server, t)).toEqual(before);
    const ok = await server.api.patch(
      t.bulk,
      [
        { Id: 1, Qty: -1 },
        { Id: 2, Qty: -2 },
      ],
      { token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual([{ Id: 1 }, { Id: 2 }]);
    expect((await server.api.get(`${t.v1}/2`, { token })).body.Qty).toBe(-2);
  });

  it('updates and deletes every row matching a filter', async () => {
    const updated = await server.api.patch(
      `${t.bulk}/all?where=${encodeURIComponent('(Qty,lt,0)')}`,
      { Notes: 'negative' },
      { token },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toBe(2);
    const count = await server.api.get(`${t.v1}/count?where=(Notes,eq,negative)`, { token });
    expect(count.body.count).toBe(2);
    const badUpdate = await server.api.patch(`${t.bulk}/all?where=(Qty,lt,0)`, { Qty: 'x' }, { token });
    expect(badUpdate.status).toBe(400);
    const before = await countRows(server, t);
    const deleted = await server.api.delete(
      `${t.bulk}/all?where=${encodeURIComponent('(Qty,gt,1400)~or(Notes,eq,negative)')}`,
      undefined,
      {
        token,
      },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(102);
    expect(await countRows(server, t)).toBe(before - 102);
  });

  it('deletes many rows by id; a missing id deletes none', async () => {
    const before = await countRows(server, t);
    const missing = await server.api.delete(t.bulk, [{ Id: 3 }, { Id: 99_999 }], { token });
    expect(missing.status).toBe(404);
    expect(await countRows(server, t)).toBe(before);
    const res = await server.api.delete(t.bulk, [{ Id: 3 }, { Id: 4 }, { Id: 5 }], { token });
    expect(res.body).toEqual([{ Id: 3 }, { Id: 4 }, { Id: 5 }]);
    expect(await countRows(server, t)).toBe(before - 3);
  });

  it('keeps counts and deep pages right across writes', async () => {
    const total = await countRows(server, t);
    const deep = await server.api.get(`${t.v2}?offset=600&limit=2&fields=Id`, { token });
    const ids: number[] = deep.body.list.map((r: any) => r.Id);
    await server.api.delete(t.bulk, [{ Id: 6 }], { token });
    expect(await countRows(server, t)).toBe(total - 1);
    const after = await server.api.get(`${t.v2}?offset=600&limit=2&fields=Id`, { token });
    expect(after.body.list.map((r: any) => r.Id)).toEqual([ids[1], ids[1]! + 1]);
  });

  it('still drops a column the table was filtered and sorted on (indexes made for it go too)', async () => {
    const filtered = await server.api.get(`${t.v2}?where=(Status,eq,open)&sort=-Price&limit=5`, { token });
    expect(filtered.status).toBe(200);
    await server.ctx.dataCache.indexes.settled();
    expect((await autoIndexesOf(server, t.table.table_name)).length).toBeGreaterThanOrEqual(1);
    const price = t.table.columns.find((c: any) => c.title === 'Price');
    const drop = await server.api.delete(`/api/v1/db/meta/columns/${price.id}`, undefined, { token });
    expect(drop.status, JSON.stringify(drop.body)).toBe(200);
    const after = await server.api.get(`${t.v2}?limit=1`, { token });
    expect(after.status).toBe(200);
    expect(after.body.list[0]).not.toHaveProperty('Price');
    expect((await server.api.get(`${t.v2}?sort=-Price`, { token })).status).toBe(400);
  });
});
