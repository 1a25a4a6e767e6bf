/**
 * The v2 records API: list with pageInfo, create from an object or an array, update, delete, read, count;
 * fields/sort/where/limit/offset, including nested groups and date sub-operators over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { allRows, countRows, createProductTable, productRow, type ProductTable } from './rows-fixtures.js';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe.each(testDatabases())('v2 records on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    token = t.owner.token;
  });
  afterAll(async () => server?.close());

  it('creates from an object ({ Id }) and from an array ([{ Id }])', async () => {
    const one = await server.api.post(t.v2, productRow(1), { token });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toEqual({ Id: 1 });
    const many = await server.api.post(
      t.v2,
      Array.from({ length: 29 }, (_, i) => productRow(i + 2, { Day: day(-(i + 2)) })),
      { token },
    );
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect(many.body).toHaveLength(29);
    expect(many.body[0]).toEqual({ Id: 2 });
    expect(many.body[28]).toEqual({ Id: 30 });
    expect(await countRows(server, t)).toBe(30);
  });

  it('lists a default page of 25 with pageInfo, and pages with limit and offset', async () => {
    const first = await server.api.get(t.v2, { token });
    expect(first.body.list).toHaveLength(25);
    expect(first.body.pageInfo).toEqual({
      totalRows: 30,
      page: 1,
      pageSize: 25,
      isFirstPage: true,
      isLastPage: false,
    });
    const second = await server.api.get(`${t.v2}?limit=25&offset=25`, { token });
    expect(second.body.list.map((r: any) => r.Id)).toEqual([26, 27, 28, 29, 30]);
    expect(second.body.pageInfo).toMatchObject({ page: 2, isFirstPage: false, isLastPage: true });
    const capped = await server.api.get(`${t.v2}?limit=5000`, { token });
    expect(capped.body.pageInfo.pageSize).toBe(1000);
  });

  it('returns only the asked fields, sorted by several fields', async () => {
    const res = await server.api.get(`${t.v2}?fields=Id,Status,Qty&sort=-Status,-Qty&limit=3`, { token });
    expect(res.body.list).toEqual([
      { Id: 29, Status: 'closed', Qty: 29 },
      { Id: 27, Status: 'closed', Qty: 27 },
      { Id: 25, Status: 'closed', Qty: 25 },
    ]);
  });

  it.each([
    ['(Qty,le,3)', [1, 2, 3]],
    ['(Qty,btw,10,12)', [10, 11, 12]],
    ['(Qty,in,4,8,15)', [4, 8, 15]],
    ['(Code,like,P-2%)~and(Qty,lt,23)', [2, 20, 21, 22]],
    ['((Qty,lt,3)~or(Qty,gt,28))~and(Status,eq,open)', [2, 30]],
    ['(Qty,lt,5)~not(Done,checked)', [1, 3]],
    ['(Day,eq,daysAgo,3)', [3]],
    ['(Day,isWithin,pastNumberOfDays,4)', [2, 3, 4]],
    ['(Day,lt,exactDate,' + day(-27) + ')', [28, 29, 30]],
    ['(Day,blank)', [1]],
    ['(Day,gt,today)~or(Day,eq,yesterday)', []],
  ])('filters %s', async (where, ids) => {
    const res = await server.api.get(
      `${t.v2}?where=${encodeURIComponent(where)}&sort=Id&fields=Id&limit=100`,
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.map((r: any) => r.Id)).toEqual(ids);
    const count = await server.api.get(`${t.v2}/count?where=${encodeURIComponent(where)}`, { token });
    expect(count.body).toEqual({ count: ids.length });
  });

  it('reads one record and 404s a missing one', async () => {
    const res = await server.api.get(`${t.v2}/3?fields=Title,Code`, { token });
    expect(res.body).toEqual({ Title: 'Product 3', Code: 'P-3' });
    expect((await server.api.get(`${t.v2}/300`, { token })).status).toBe(404);
  });

  it('updates from an array and from an object', async () => {
    const res = await server.api.patch(
      t.v2,
      [
        { Id: 1, Qty: 100 },
        { Id: 2, Status: 'closed' },
      ],
      { token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual([{ Id: 1 }, { Id: 2 }]);
    const single = await server.api.patch(t.v2, { Id: 3, Title: 'Renamed' }, { token });
    expect(single.body).toEqual({ Id: 3 });
    const rows = await allRows(server, t);
    expect(rows[0]).toMatchObject({ Id: 1, Qty: 100 });
    expect(rows[1]).toMatchObject({ Id: 2, Status: 'closed' });
    expect(rows[2]).toMatchObject({ Id: 3, Title: 'Renamed' });
  });

  it('refuses an update of a missing row, or without an Id, and changes nothing', async () => {
    const before = await allRows(server, t);
    const missing = await server.api.patch(
      t.v2,
      [
        { Id: 1, Qty: 5 },
        { Id: 999, Qty: 5 },
      ],
      { token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe("Record '999' not found");
    const noId = await server.api.patch(t.v2, [{ Qty: 5 }], { token });
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toContain("primary key 'Id' is required");
    const bad = await server.api.patch(
      t.v2,
      [
        { Id: 1, Qty: 7 },
        { Id: 2, Mail: 'nope' },
      ],
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe("Row 1, field 'Mail': Validation failed : isEmail");
    expect(await allRows(server, t)).toEqual(before);
  });

  it('deletes from an array and from an object; a missing id deletes nothing', async () => {
    const before = await countRows(server, t);
    const missing = await server.api.delete(t.v2, [{ Id: 29 }, { Id: 999 }], { token });
    expect(missing.status).toBe(404);
    expect(await countRows(server, t)).toBe(before);
    const res = await server.api.delete(t.v2, [{ Id: 29 }, { Id: 30 }], { token });
    expect(res.body).toEqual([{ Id: 29 }, { Id: 30 }]);
    const single = await server.api.delete(t.v2, { Id: 28 }, { token });
    expect(single.body).toEqual({ Id: 28 });
    expect(await countRows(server, t)).toBe(before - 3);
  });

  it('works with an API token (xc-token) as NocoDB scripts use it', async () => {
    const created = await server.api.post('/api/v1/tokens', { description: 'script' }, { token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const apiToken = created.body.token as string;
    const list = await server.api.get(`${t.v2}?limit=1`, { apiToken });
    expect(list.status).toBe(200);
    expect(list.body.pageInfo.totalRows).toBeGreaterThan(0);
    const made = await server.api.post(t.v2, productRow(500), { apiToken });
    expect(made.status).toBe(200);
    expect((await server.api.delete(t.v2, made.body, { apiToken })).status).toBe(200);
    expect((await server.api.get(t.v2, { apiToken: 'not-a-token' })).status).toBe(401);
  });

  it('answers 404 for an unknown table and 401 without a user', async () => {
    expect((await server.api.get('/api/v2/tables/mnope/records', { token })).status).toBe(404);
    expect((await server.api.get(t.v2)).status).toBe(401);
  });
});
