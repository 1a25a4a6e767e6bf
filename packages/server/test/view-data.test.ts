import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, insertRows, seedTable, type SeededTable } from './view-fixtures.js';

/** Rows: the view "Cheap a" keeps Status a AND (Price < 10 OR Done): apple and mango. */
const ROWS = [
  { Title: 'apple', Price: 5, Status: 'a', Done: true, Secret: 's-apple' },
  { Title: 'banana', Price: 12, Status: 'b', Done: false, Secret: 's-banana' },
  { Title: 'cherry', Price: 20, Status: 'a', Done: null, Secret: 's-cherry' },
  { Title: 'mango', Price: 8, Status: 'a', Done: true, Secret: 's-mango' },
  { Title: 'kiwi', Price: null, Status: null, Done: false, Secret: 's-kiwi' },
];

describe.each(testDatabases())('view-scoped row API on %s', (kind) => {
  let server: TestServer;
  let t: SeededTable;
  let ids: number[];
  let viewId: string;
  const opts = () => ({ token: t.token });
  const data = (path = '', view = viewId) =>
    `/api/v1/db/data/noco/${t.baseId}/${t.tableId}/views/${view}${path}`;
  const names = (list: { Title: string }[]) => list.map((r) => r.Title);

  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await seedTable(server, [
      { title: 'Price', uidt: 'Number' },
      { title: 'Status', uidt: 'SingleSelect' },
      { title: 'Done', uidt: 'Checkbox' },
      { title: 'Secret', uidt: 'SingleLineText' },
    ]);
    ids = await insertRows(server, t, ROWS);
    const v = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/grids`,
      { title: 'Cheap a' },
      opts(),
    );
    viewId = v.body.id;
    const f = (body: unknown) => server.api.post(`/api/v1/db/meta/views/${viewId}/filters`, body, opts());
    expect((await f({ fk_column_id: t.col.Status, comparison_op: 'eq', value: 'a' })).status).toBe(200);
    const g = await f({ is_group: true, logical_op: 'and' });
    await f({ fk_parent_id: g.body.id, fk_column_id: t.col.Price, comparison_op: 'lt', value: '10' });
    await f({
      fk_parent_id: g.body.id,
      fk_column_id: t.col.Done,
      comparison_op: 'checked',
      logical_op: 'or',
    });
    await server.api.post(
      `/api/v1/db/meta/views/${viewId}/sorts`,
      { fk_column_id: t.col.Price, direction: 'desc' },
      opts(),
    );
    await server.api.patch(
      `/api/v1/db/meta/views/${viewId}/columns/${t.col.Secret}`,
      { show: false },
      opts(),
    );
  });
  afterAll(async () => server?.close());

  it('lists rows through the view filters, sorts and visible fields', async () => {
    const res = await server.api.get(data(), opts());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(names(res.body.list)).toEqual(['mango', 'apple']);
    expect(res.body.pageInfo.totalRows).toBe(2);
    for (const row of res.body.list) expect(row).not.toHaveProperty('Secret');
    expect(Object.keys(res.body.list[0])).toEqual(['Id', 'Title', 'Price', 'Status', 'Done']);
  });

  it('ANDs the request where with the view filters and puts the request sort first', async () => {
    const only = await server.api.get(data('?where=' + encodeURIComponent('(Title,eq,apple)')), opts());
    expect(names(only.body.list)).toEqual(['apple']);
    const outside = await server.api.get(data('?where=' + encodeURIComponent('(Title,eq,banana)')), opts());
    expect(outside.body.list).toEqual([]);
    const sorted = await server.api.get(data('?sort=Title'), opts());
    expect(names(sorted.body.list)).toEqual(['apple', 'mango']);
    const bad = await server.api.get(data('?where=' + encodeURIComponent('(Price,like,x)')), opts());
    expect(bad.status).toBe(400);
  });

  it('counts, finds one, reads and checks existence within the view', async () => {
    expect((await server.api.get(data('/count'), opts())).body).toEqual({ count: 2 });
    expect((await server.api.get(data('/find-one'), opts())).body.Title).toBe('mango');
    const apple = await server.api.get(data(`/${ids[0]}`), opts());
    expect(apple.status).toBe(200);
    expect(apple.body.Title).toBe('apple');
    expect(apple.body).not.toHaveProperty('Secret');
    expect((await server.api.get(data(`/${ids[1]}`), opts())).status).toBe(404);
    expect((await server.api.get(data(`/${ids[0]}/exist`), opts())).body).toBe(true);
    expect((await server.api.get(data(`/${ids[1]}/exist`), opts())).body).toBe(false);
  });

  it('answers group-by counts by field, by stored grid levels and grouped pages', async () => {
    const byStatus = await server.api.get(data(`/groupby?column_name=Status`, t.defaultViewId), opts());
    expect(byStatus.status, JSON.stringify(byStatus.body)).toBe(200);
    expect(byStatus.body.list).toEqual([
      { Status: null, count: 1 },
      { Status: 'a', count: 3 },
      { Status: 'b', count: 1 },
    ]);
    // The group count in pageInfo: a short page counts itself, a full page and one past the end count again.
    const groupPage = async (limit: number, offset: number) =>
      (
        await server.api.get(
          data(`/groupby?column_name=Status&limit=${limit}&offset=${offset}`, t.defaultViewId),
          opts(),
        )
      ).body as { list: unknown[]; pageInfo: { totalRows: number; isLastPage: boolean } };
    expect(byStatus.body.pageInfo).toMatchObject({ totalRows: 3, isLastPage: true });
    expect((await groupPage(2, 0)).pageInfo).toMatchObject({ totalRows: 3, isLastPage: false });
    const last = await groupPage(2, 2);
    expect([last.list.length, last.pageInfo.totalRows, last.pageInfo.isLastPage]).toEqual([1, 3, true]);
    const past = await groupPage(2, 10);
    expect([past.list.length, past.pageInfo.totalRows]).toEqual([0, 3]);
    const col = (id: string, body: unknown) =>
      server.api.patch(`/api/v1/db/meta/views/${t.defaultViewId}/columns/${id}`, body, opts());
    for (const res of [
      await col(t.col.Status!, { group_by: true, group_by_order: 1, group_by_sort: 'desc' }),
      await col(t.col.Done!, { group_by: true, group_by_order: 2 }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const levels = await server.api.get(data('/groupby', t.defaultViewId), opts());
    expect(levels.body.list[0]).toMatchObject({ Status: 'b', Done: false, count: 1 });
    expect(
      levels.body.list
        .filter((r: { Status: string }) => r.Status === 'a')
        .map((r: { count: number }) => r.count)
        .sort(),
    ).toEqual([1, 2]);
    const grouped = await server.api.get(data(`/group/${t.col.Status}`, t.defaultViewId), opts());
    expect(grouped.status, JSON.stringify(grouped.body)).toBe(200);
    expect(
      grouped.body.map((g: { key: string | null; value: { pageInfo: { totalRows: number } } }) => [
        g.key,
        g.value.pageInfo.totalRows,
      ]),
    ).toEqual([
      ['a', 3],
      ['b', 1],
      [null, 1],
    ]);
    const inView = await server.api.get(data(`/group/${t.col.Status}`), opts());
    expect(names(inView.body[0].value.list)).toEqual(['mango', 'apple']);
  });

  it('aggregates per field type within the view', async () => {
    const agg = (list: unknown) =>
      server.api.get(data('/aggregate?aggregation=' + encodeURIComponent(JSON.stringify(list))), opts());
    const ok = await agg([
      { field: 'Price', type: 'sum' },
      { field: 'Title', type: 'count' },
      { field: 'Status', type: 'countDistinct' },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toEqual({ Price: 13, Title: 2, Status: 1 });
    const avg = await agg([{ field: 'Price', type: 'avg' }]);
    expect(avg.body.Price).toBeCloseTo(6.5);
    const bad = await agg([{ field: 'Title', type: 'sum' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('sum is not available for Title');
    expect((await agg([{ field: 'Price', type: 'median' }])).status).toBe(400);
  });

  it('exports the view as CSV and Excel', async () => {
    const res = await fetch(server.url + data('/export/csv'), { headers: { 'xc-auth': t.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Cheap a.csv');
    const text = (await res.text()).replace(/^\ufeff/, '');
    // What the grid shows: the primary key only when the view shows system fields.
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      'Title,Price,Status,Done',
      'mango,8,a,true',
      'apple,5,a,true',
    ]);
    expect(text).not.toContain('s-');
    const xlsx = await fetch(server.url + data('/export/excel'), { headers: { 'xc-auth': t.token } });
    expect(xlsx.status).toBe(200);
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect((await server.api.get(data('/export/pdf'), opts())).status).toBe(400);
  });

  it('applies the view to the v2 records list and count with ?viewId=', async () => {
    const v2 = `/api/v2/tables/${t.tableId}/records`;
    const list = await server.api.get(`${v2}?viewId=${viewId}`, opts());
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(names(list.body.list)).toEqual(['mango', 'apple']);
    expect(JSON.stringify(list.body)).not.toContain('s-');
    const narrowed = await server.api.get(
      `${v2}?viewId=${viewId}&where=${encodeURIComponent('(Title,eq,apple)')}`,
      opts(),
    );
    expect(names(narrowed.body.list)).toEqual(['apple']);
    expect((await server.api.get(`${v2}/count?viewId=${viewId}`, opts())).body).toEqual({ count: 2 });
    expect((await server.api.get(`${v2}/count`, opts())).body).toEqual({ count: 5 });
    expect((await server.api.get(`${v2}?viewId=vwnothere`, opts())).status).toBe(404);
  });

  it('writes through the view: create, and update / delete only rows the view shows', async () => {
    const created = await server.api.post(
      data(),
      { Title: 'plum', Price: 3, Status: 'a', Secret: 's-plum' },
      opts(),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ Title: 'plum', Price: 3 });
    expect(created.body).not.toHaveProperty('Secret');
    const up = await server.api.patch(data(`/${created.body.Id}`), { Price: 4 }, opts());
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.Price).toBe(4);
    // banana is outside the view: not found through it, and left as it was.
    expect((await server.api.patch(data(`/${ids[1]}`), { Price: 1 }, opts())).status).toBe(404);
    expect((await server.api.delete(data(`/${ids[1]}`), undefined, opts())).status).toBe(404);
    expect((await server.api.delete(data(`/${created.body.Id}`), undefined, opts())).status).toBe(200);
    expect((await server.api.get(data(`/${created.body.Id}/exist`), opts())).body).toBe(false);
    const viewer = await addBaseUser(server, t.baseId, 'viewer');
    expect((await server.api.post(data(), { Title: 'nope' }, { token: viewer })).status).toBe(403);
    expect((await server.api.get(data('/count'), opts())).body).toEqual({ count: 2 });
  });

  it('lets any base member read, but nobody else', async () => {
    const viewer = await addBaseUser(server, t.baseId, 'viewer');
    expect((await server.api.get(data(), { token: viewer })).status).toBe(200);
    const other = await seedTable(server, []);
    expect((await server.api.get(data(), { token: other.token })).status).toBe(403);
    expect((await server.api.get(data())).status).toBe(401);
  });
});
