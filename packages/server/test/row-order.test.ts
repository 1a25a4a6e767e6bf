/**
 * The row-order column: new tables get a hidden system `nc_order` with an index; rows list in insertion
 * order; `?before={rowId}` (v1, v1 bulk, v2, view inserts) places rows just before another; repeated
 * insertion before one row renumbers the table when doubles run out; deep pages seek in row order; tables
 * without the column keep working and refuse `before` with a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { jobResult } from './jobs-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

interface Table {
  id: string;
  table_name: string;
  columns: any[];
  views: any[];
  v1: string;
  bulk: string;
  v2: string;
}

describe.each(testDatabases())('row order on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  });
  afterAll(async () => server?.close());

  let n = 0;
  async function newTable(): Promise<Table> {
    const t = await createTable(server, owner, baseId, { title: `Ordered ${++n}` });
    return {
      ...t,
      v1: `/api/v1/db/data/noco/${baseId}/${t.id}`,
      bulk: `/api/v1/db/data/bulk/noco/${baseId}/${t.id}`,
      v2: `/api/v2/tables/${t.id}/records`,
    };
  }
  const token = () => owner.token;
  const ok = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Titles in list order (default order: no sort). */
  const titles = async (t: Table, query = 'limit=1000') =>
    (ok(await server.api.get(`${t.v1}?${query}`, { token: token() })).list as any[]).map((r) => r.Title);
  const add = async (t: Table, title: string, before?: unknown) =>
    ok(
      await server.api.post(
        `${t.v1}${before === undefined ? '' : `?before=${before}`}`,
        { Title: title },
        { token: token() },
      ),
    ).Id as number;

  it('gives a new table a hidden system nc_order column with an index', async () => {
    const t = await newTable();
    const col = t.columns.find((c) => c.column_name === 'nc_order');
    expect(col).toMatchObject({ title: 'nc_order', uidt: 'Decimal', system: true });
    expect(String(col.dt).toLowerCase()).toBe(
      { sqlite: 'real', pg: 'double precision', mysql: 'double' }[kind],
    );
    const viewColumns = ok(
      await server.api.get(`/api/v1/db/meta/views/${t.views[0].id}/columns`, { token: token() }),
    );
    expect(viewColumns.list.find((vc: any) => vc.fk_column_id === col.id)?.show).toBeFalsy();
    expect(await indexedColumns(server, kind, t.table_name)).toContainEqual(['nc_order', 'id']);

    await add(t, 'a');
    const row = (await server.api.get(`${t.v1}?limit=1`, { token: token() })).body.list[0];
    expect(row).not.toHaveProperty('nc_order');
    expect(row).toHaveProperty('CreatedAt');
    const v2 = ok(await server.api.get(t.v2, { token: token() })).list[0];
    expect(v2).not.toHaveProperty('nc_order');
    const asked = ok(await server.api.get(`${t.v2}?fields=Title,nc_order`, { token: token() })).list[0];
    expect(asked).toMatchObject({ Title: 'a', nc_order: 1 });
  });

  it('lists appended rows in insertion order, whatever their keys, from every insert route', async () => {
    const t = await newTable();
    await add(t, 'one');
    ok(await server.api.post(t.bulk, [{ Title: 'two' }, { Title: 'three' }], { token: token() }));
    ok(await server.api.post(t.v2, [{ Title: 'four' }, {}], { token: token() }));
    ok(await server.api.post(t.v2, { Title: 'six' }, { token: token() }));
    const view = t.views[0].id;
    ok(await server.api.post(`${t.v1}/views/${view}`, { Title: 'seven' }, { token: token() }));
    expect(await titles(t)).toEqual(['one', 'two', 'three', 'four', null, 'six', 'seven']);
    // A row's explicit order is kept: it can go first.
    ok(await server.api.post(t.v2, { Title: 'zero', nc_order: -5 }, { token: token() }));
    expect((await titles(t))[0]).toBe('zero');
    const orders = ok(await server.api.get(`${t.v2}?fields=nc_order&limit=100`, { token: token() })).list.map(
      (r: any) => r.nc_order,
    );
    expect(orders).toEqual([-5, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('places rows with ?before= between two rows (v1, v1 bulk, v2 object and array, view insert)', async () => {
    const t = await newTable();
    const a = await add(t, 'A');
    const b = await add(t, 'B');
    const c = await add(t, 'C');
    await add(t, 'b1', b);
    expect(await titles(t)).toEqual(['A', 'b1', 'B', 'C']);
    ok(await server.api.post(`${t.v2}?before=${c}`, { Title: 'c1' }, { token: token() }));
    ok(await server.api.post(`${t.v2}?before=${c}`, [{ Title: 'c2' }, { Title: 'c3' }], { token: token() }));
    expect(await titles(t)).toEqual(['A', 'b1', 'B', 'c1', 'c2', 'c3', 'C']);
    ok(
      await server.api.post(`${t.bulk}?before=${a}`, [{ Title: 'a1' }, { Title: 'a2' }], { token: token() }),
    );
    const view = t.views[0].id;
    const viaView = ok(
      await server.api.post(`${t.v1}/views/${view}?before=${c}`, { Title: 'c4' }, { token: token() }),
    );
    expect(viaView.Title).toBe('c4');
    expect(await titles(t)).toEqual(['a1', 'a2', 'A', 'b1', 'B', 'c1', 'c2', 'c3', 'c4', 'C']);
    // The view-scoped list reads the same order; a sort still wins over it.
    const viewList = ok(await server.api.get(`${t.v1}/views/${view}?limit=100`, { token: token() }));
    expect(viewList.list.map((r: any) => r.Title)).toEqual(await titles(t));
    expect(await titles(t, 'sort=-Id&limit=3')).toEqual(['c4', 'a2', 'a1']);
  });

  it('renumbers the orders when 60 inserts before the same row exhaust the doubles, keeping the list order', async () => {
    const t = await newTable();
    await add(t, 'first');
    const last = await add(t, 'last');
    await add(t, 'after');
    const expected = ['first'];
    for (let i = 0; i < 64; i++) {
      await add(t, `n${i}`, last);
      expected.push(`n${i}`);
    }
    expected.push('last', 'after');
    expect(await titles(t)).toEqual(expected);
    const orders = ok(
      await server.api.get(`${t.v2}?fields=Title,nc_order&limit=100`, { token: token() }),
    ).list;
    // Renumbering gave every row its position, so the row that was second (order 2) is now far down.
    const lastOrder = orders.find((r: any) => r.Title === 'last').nc_order;
    expect(lastOrder).toBeGreaterThan(40);
    const values = orders.map((r: any) => r.nc_order as number);
    expect(values).toEqual([...values].sort((x, y) => x - y));
    expect(new Set(values).size).toBe(values.length);
  });

  it('reads deep pages in row order the same as an explicit sort on nc_order', async () => {
    const t = await newTable();
    const rows = Array.from({ length: 1200 }, (_, i) => ({ Title: `r${i}` }));
    ok(await server.api.post(t.bulk, rows, { token: token() }));
    const ids = ok(await server.api.get(`${t.v2}?fields=Id&limit=1000`, { token: token() })).list.map(
      (r: any) => r.Id,
    );
    // Rows moved into the deep part of the table: inserted before rows 10, 700 and 950.
    for (const at of [ids[10], ids[700], ids[700], ids[950]]) await add(t, `x${at}`, at);
    for (const offset of [600, 625, 650, 990, 1180]) {
      for (let again = 0; again < 2; again++) {
        const seek = await titles(t, `limit=25&offset=${offset}`);
        expect(seek.length).toBeGreaterThan(0);
        expect(seek).toEqual(await titles(t, `limit=25&offset=${offset}&sort=nc_order`));
      }
    }
    // A filtered list seeks the same way (its own seek points).
    const where = `where=${encodeURIComponent('(Title,like,r%)')}`;
    for (const offset of [600, 1000]) {
      for (let again = 0; again < 2; again++) {
        const seek = await titles(t, `${where}&limit=25&offset=${offset}`);
        expect(seek.length).toBeGreaterThan(0);
        expect(seek).toEqual(await titles(t, `${where}&limit=25&offset=${offset}&sort=nc_order`));
      }
    }
    // One row went in before r10, two before r700: r699 is at 700, then the two, then r700.
    expect(await titles(t, 'limit=4&offset=700')).toEqual(['r699', `x${ids[700]}`, `x${ids[700]}`, 'r700']);
  });

  it('reads a first visit of a deep page on from the nearest page seen before it, exactly, and not across a write', async () => {
    const t = await newTable();
    ok(
      await server.api.post(
        t.bulk,
        Array.from({ length: 1500 }, (_, i) => ({ Title: `r${i}` })),
        { token: token() },
      ),
    );
    // A formula: on PostgreSQL a page at an offset works out computed columns for its own rows only.
    ok(
      await server.api.post(
        `/api/v1/db/meta/tables/${t.id}/columns`,
        { title: 'Shout', uidt: 'Formula', formula_raw: 'CONCAT({Title}, "!")' },
        { token: token() },
      ),
    );
    const expected = async (offset: number) => titles(t, `limit=25&offset=${offset}&sort=nc_order`);
    // 600 leaves seek points at 600 and 625; 713 (88 rows on) and 1190 are first visits near pages seen.
    for (const offset of [600, 713, 1190, 1460, 1499])
      expect(await titles(t, `limit=25&offset=${offset}`)).toEqual(await expected(offset));
    expect(await titles(t, 'limit=3&offset=713')).toEqual(['r713', 'r714', 'r715']);
    const near = ok(await server.api.get(`${t.v1}?limit=2&offset=1220`, { token: token() })).list as any[];
    expect(near.map((r) => [r.Title, r.Shout])).toEqual([
      ['r1220', 'r1220!'],
      ['r1221', 'r1221!'],
    ]);
    // A row inserted before r650 retires every seek point: the next first visit counts from the start.
    const ids = ok(await server.api.get(`${t.v2}?fields=Id&limit=1&offset=650`, { token: token() })).list;
    await add(t, 'moved', ids[0].Id);
    expect(await titles(t, 'limit=3&offset=700')).toEqual(['r699', 'r700', 'r701']);
    expect(await titles(t, 'limit=3&offset=650')).toEqual(['moved', 'r650', 'r651']);
    expect(await titles(t, 'limit=25&offset=777')).toEqual(await expected(777));
  });

  it("binds each request's filter values, seek point and skip to a deep page compiled once", async () => {
    const t = await newTable();
    ok(
      await server.api.post(
        `/api/v1/db/meta/tables/${t.id}/columns`,
        { title: 'Num', uidt: 'Number' },
        { token: token() },
      ),
    );
    const rows = Array.from({ length: 1400 }, (_, i) => ({ Title: `r${i}`, Num: i % 7 }));
    ok(await server.api.post(t.bulk, rows, { token: token() }));
    const page = (num: number, offset: number, limit = 25) =>
      titles(t, `where=${encodeURIComponent(`(Num,gt,${num})`)}&limit=${limit}&offset=${offset}`);
    // Rows r0…r1399 with Num = i % 7: the ones with Num > n, in order.
    const expected = (num: number, offset: number, limit = 25) =>
      rows
        .filter((r) => r.Num > num)
        .map((r) => r.Title)
        .slice(offset, offset + limit);
    // For each value: a page at 520 (its seek points 520 and 545), then the page just after it (read at its seek
    // point), then pages near it (read on from 545, skipping a different number of rows each time).
    for (const num of [1, 4, 2]) {
      for (const offset of [520, 545, 590, 611, 700])
        expect(await page(num, offset)).toEqual(expected(num, offset));
    }
    // Values back and forth on the same seek points, kept per value.
    for (const num of [4, 1, 2]) expect(await page(num, 570)).toEqual(expected(num, 570));
    expect(await page(0, 505, 3)).toEqual(expected(0, 505, 3));
  });

  it('answers 404 for an unknown before row and 400 for a bad one; nothing is inserted', async () => {
    const t = await newTable();
    await add(t, 'only');
    const missing = await server.api.post(`${t.v1}?before=999`, { Title: 'x' }, { token: token() });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toMatch(/'999'.*before.*not found/);
    const v2 = await server.api.post(`${t.v2}?before=999`, [{ Title: 'x' }], { token: token() });
    expect(v2.status).toBe(404);
    const bad = await server.api.post(`${t.v2}?before=abc`, { Title: 'x' }, { token: token() });
    expect(bad.status).toBe(400);
    expect(await titles(t)).toEqual(['only']);
  });

  it('puts deleted rows back where they were and under their own keys with ?keepIds=true', async () => {
    const t = await newTable();
    for (const title of ['a', 'b', 'c', 'd']) await add(t, title);
    const before = ok(await server.api.get(`${t.v2}?fields=Id,Title,nc_order&limit=10`, { token: token() }))
      .list as { Id: number; Title: string; nc_order: number }[];
    const gone = before.filter((r) => r.Title === 'b' || r.Title === 'c');
    ok(
      await server.api.delete(
        t.v2,
        gone.map((r) => ({ Id: r.Id })),
        { token: token() },
      ),
    );
    expect(await titles(t)).toEqual(['a', 'd']);
    const back = ok(await server.api.post(`${t.v2}?keepIds=true`, gone, { token: token() }));
    expect(back).toEqual(gone.map((r) => ({ Id: r.Id })));
    expect(await titles(t)).toEqual(['a', 'b', 'c', 'd']);
    const after = ok(
      await server.api.get(`${t.v2}?fields=Id,Title,nc_order&limit=10`, { token: token() }),
    ).list;
    expect(after).toEqual(before);
    // The key counter is past the restored keys, and a key in use is refused without writing anything.
    expect(await add(t, 'e')).toBe(Math.max(...before.map((r) => r.Id)) + 1);
    const taken = await server.api.post(`${t.v2}?keepIds=true`, [{ Id: gone[0]!.Id, Title: 'x' }], {
      token: token(),
    });
    expect(taken.status).toBe(409);
    const missing = await server.api.post(`${t.v2}?keepIds=true`, [{ Title: 'x' }], { token: token() });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Row 0: the primary key 'Id' is required");
    expect(await titles(t)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps tables without nc_order working and refuses before on them with a 400 naming it', async () => {
    const t = await newTable();
    const col = t.columns.find((c) => c.column_name === 'nc_order');
    ok(await server.api.delete(`/api/v1/db/meta/columns/${col.id}`, undefined, { token: token() }));
    const a = await add(t, 'a');
    await add(t, 'b');
    expect(await titles(t)).toEqual(['a', 'b']);
    const refused = await server.api.post(`${t.v1}?before=${a}`, { Title: 'x' }, { token: token() });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/'before'/);
    expect(refused.body.msg).toMatch(/nc_order/);
    expect(await titles(t)).toEqual(['a', 'b']);
  });

  it('inserts concurrently while filters build indexes in the background, without a failed insert', async () => {
    // MySQL once deadlocked here: the insert's order read, then its write, with the index build queued between.
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const t = await createTable(server, owner, baseId, {
        title: `Busy ${n}`,
        columns: Array.from({ length: 6 }, (_, i) => ({ title: `F${i}`, uidt: 'SingleLineText' })),
      });
      const v2 = `/api/v2/tables/${t.id}/records`;
      const seed = Array.from({ length: 2000 }, (_, i) => ({ Title: `r${i}`, F0: 'a' }));
      ok(await server.api.post(v2, seed, { token: token() }));
      for (let i = 0; i < 6; i++) {
        const where = encodeURIComponent(`(F${i},eq,a)`);
        const list = server.api.get(`${v2}?where=${where}`, { token: token() });
        const adds = Array.from({ length: 5 }, () => server.api.post(v2, { Title: 'x' }, { token: token() }));
        for (const r of [await list, ...(await Promise.all(adds))]) statuses.push(r.status);
      }
      await server.ctx.dataCache.indexes.settled();
      expect(ok(await server.api.get(`${v2}/count`, { token: token() })).count).toBe(2030);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('keeps nc_order, its values and its index when a table is duplicated', async () => {
    const t = await newTable();
    const b = await add(t, 'b');
    await add(t, 'a', b);
    const dup = ok(
      await server.api.post(`/api/v1/db/meta/duplicate/${baseId}/table/${t.id}`, {}, { token: token() }),
    );
    const { table_id } = await jobResult(server, dup.id, token());
    const copy = ok(await server.api.get(`/api/v1/db/meta/tables/${table_id}`, { token: token() })) as {
      id: string;
      table_name: string;
      columns: any[];
    };
    expect(copy.columns.find((c) => c.column_name === 'nc_order')).toMatchObject({ system: true });
    expect(await indexedColumns(server, kind, copy.table_name)).toContainEqual(['nc_order', 'id']);
    const list = ok(await server.api.get(`/api/v2/tables/${copy.id}/records`, { token: token() })).list;
    expect(list.map((r: any) => r.Title)).toEqual(['a', 'b']);
  });
});

/** The column lists of a table's indexes in the default source. */
async function indexedColumns(server: TestServer, kind: string, table: string): Promise<string[][]> {
  const db = server.ctx.db;
  if (kind === 'sqlite') {
    const list: { name: string }[] = await db.raw('pragma index_list(??)', [table]);
    const out: string[][] = [];
    for (const idx of list) {
      const cols: { name: string }[] = await db.raw('pragma index_info(??)', [idx.name]);
      out.push(cols.map((c) => c.name));
    }
    return out;
  }
  if (kind === 'pg') {
    const res = await db.raw(
      `select i.relname as name, array_agg(a.attname order by k.n) as cols
         from pg_index x
         join pg_class t on t.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
         cross join lateral unnest(x.indkey) with ordinality as k(attnum, n)
         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        where t.relname = ?
        group by i.relname`,
      [table],
    );
    return (res.rows as { cols: string[] | string }[]).map((r) =>
      Array.isArray(r.cols) ? r.cols : String(r.cols).replace(/[{}]/g, '').split(','),
    );
  }
  const [rows] = await db.raw(
    `select index_name as name, column_name as col from information_schema.statistics
      where table_schema = database() and table_name = ? order by index_name, seq_in_index`,
    [table],
  );
  const byName = new Map<string, string[]>();
  for (const r of rows as { name: string; col: string }[])
    byName.set(r.name, [...(byName.get(r.name) ?? []), r.col]);
  return [...byName.values()];
}
