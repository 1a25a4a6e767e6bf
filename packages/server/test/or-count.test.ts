/**
 * Counts of a two-branch `~or` (docs/performance.md, "Counts of `~or` filters"): on SQLite and PostgreSQL,
 * once the branches' count tables and the index for both branches are in place, count(A or B) is answered as
 * count(A) + count(B) − count(A and B). Counts and a v1 list's totalRows stay exactly the plain filter's
 * through inserts (empty values included), updates and deletes; on MySQL the same requests give the same
 * answers from the plain count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTableName } from '../src/data/sqlite-count-tables.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { countRequests } from './count-table-fixtures.js';
import { ITEM_STATUSES, itemRow } from './items-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

const ROWS = 6000;

type Item = { Id: number; Qty: number | null; Status: string | null; Grade: number | null };

const itemOf = (i: number): Omit<Item, 'Id'> => ({
  Qty: itemRow(i).Qty,
  Status: itemRow(i).Status,
  Grade: i % 7,
});

/** `((Status,eq,s)~and(Qty,lt,q))~or(Grade,gt,g)`, and which rows it keeps (an empty value passes no test). */
const orFilter = (s: string, q: number, g: number): [string, (r: Item) => boolean] => [
  `((Status,eq,${s})~and(Qty,lt,${q}))~or(Grade,gt,${g})`,
  (r) => (r.Status === s && r.Qty !== null && r.Qty < q) || (r.Grade !== null && r.Grade > g),
];

describe.each(testDatabases())('counts of ~or filters on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  }, 60_000);
  afterAll(async () => server?.close());

  const { count } = countRequests(() => ({ server, owner, baseId }));

  it('counts exactly as the plain filter, through inserts, updates and deletes', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const t = await createTable(server, owner, baseId, {
      table_name: `items_${suffix}`,
      title: `Items ${suffix}`,
      columns: [
        { column_name: 'qty', title: 'Qty', uidt: 'Number' },
        { column_name: 'grade', title: 'Grade', uidt: 'Number' },
        {
          column_name: 'status',
          title: 'Status',
          uidt: 'SingleSelect',
          colOptions: { options: ITEM_STATUSES.map((title) => ({ title })) },
        },
      ],
    });
    const data = `/api/v1/db/data/noco/${baseId}/${t.id}`;
    for (let from = 0; from < ROWS; from += 2000) {
      const res = await server.api.post(
        `/api/v1/db/data/bulk/noco/${baseId}/${t.id}`,
        Array.from({ length: 2000 }, (_, k) => itemOf(from + k)),
        { token: owner.token },
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    }
    const rows: Item[] = Array.from({ length: ROWS }, (_, i) => ({ Id: i + 1, ...itemOf(i) }));
    const table = (await server.ctx.tableModels.get(server.ctx, t.id)).model.tableName;
    const check = async (cases: [string, number, number][]) => {
      for (const [s, q, g] of cases) {
        const [where, keep] = orFilter(s, q, g);
        expect(await count(t.id, where), where).toBe(rows.filter(keep).length);
      }
    };

    // The first count builds the branches' count tables and the index for both; later ones read them.
    await check([['open', 120, 4]]);
    await server.ctx.dataCache.indexes.settled();
    await check([
      ['open', 200, 5],
      ['closed', 499, 0],
      ['pending', 0, 6],
      ['archived', 30, 2],
    ]);

    if (kind !== 'mysql') {
      // The answer comes from count(A) + count(B) − count(A and B): a change to B's count table shows in it.
      const grades = countTableName(table, ['grade']);
      await server.ctx.db(grades).insert({ grade: 6, rbx_rows: 1000 });
      const [where, keep] = orFilter('open', 100, 5);
      expect(await count(t.id, where)).toBe(rows.filter(keep).length + 1000);
      await server.ctx.db(grades).where({ grade: 6, rbx_rows: 1000 }).delete();
    }

    const added = await server.api.post(
      `/api/v1/db/data/bulk/noco/${baseId}/${t.id}`,
      [
        { Qty: 3, Grade: 6, Status: 'open' },
        { Qty: null, Grade: 6, Status: 'open' },
        { Qty: 5, Grade: null, Status: 'open' },
        { Qty: null, Grade: null, Status: null },
      ],
      { token: owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    rows.push(
      { Id: ROWS + 1, Qty: 3, Grade: 6, Status: 'open' },
      { Id: ROWS + 2, Qty: null, Grade: 6, Status: 'open' },
      { Id: ROWS + 3, Qty: 5, Grade: null, Status: 'open' },
      { Id: ROWS + 4, Qty: null, Grade: null, Status: null },
    );
    // Row 1 (open, qty 0, grade 0) becomes closed with grade 6; row 5 (open, qty 4, grade 4) loses its grade;
    // row 2 is deleted.
    expect(
      (await server.api.patch(`${data}/1`, { Status: 'closed', Grade: 6 }, { token: owner.token })).status,
    ).toBe(200);
    rows[0] = { ...rows[0]!, Status: 'closed', Grade: 6 };
    expect((await server.api.patch(`${data}/5`, { Grade: null }, { token: owner.token })).status).toBe(200);
    rows[4] = { ...rows[4]!, Grade: null };
    expect((await server.api.delete(`${data}/2`, undefined, { token: owner.token })).status).toBe(200);
    rows.splice(1, 1);

    await check([
      ['open', 120, 4],
      ['open', 10, 5],
      ['closed', 2, 5],
      ['pending', 499, 6],
    ]);
    // The v1 list's totalRows counts the same way.
    const [where, keep] = orFilter('open', 60, 3);
    const page = await server.api.get(`${data}?where=${encodeURIComponent(where)}&limit=5`, {
      token: owner.token,
    });
    expect(page.status).toBe(200);
    expect(page.body.pageInfo.totalRows).toBe(rows.filter(keep).length);
  }, 120_000);
});
