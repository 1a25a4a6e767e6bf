/**
 * Count tables (docs/performance.md, "Count tables"): on SQLite a count or group-by whose filter names at most
 * two columns is answered from a table of (combination, rows) kept by triggers. Counts and groups stay exact
 * through inserts, updates and deletes; a combination table with too many rows is not kept; dropping one of
 * its columns drops it; a type change or a copy of the table leaves none without its triggers. On PostgreSQL
 * and MySQL the same requests give the same exact answers.
 */
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTableBuildStatements } from '../src/data/sqlite-count-tables.js';
import type { TableModel } from '../src/data/table-model.js';
import { textSearchBuildStatements } from '../src/data/text-search.js';
import { dropColumn } from '../src/sources/ddl.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { countRequests, expectedGroups, low, type Item } from './count-table-fixtures.js';
import { createBase, signedInOwner, type Owner } from './meta-factories.js';

const ROWS = 6000;

describe.each(testDatabases())('count tables on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  }, 60_000);
  afterAll(async () => server?.close());

  const { count, groups, items: itemsOf } = countRequests(() => ({ server, owner, baseId }));
  const items = () => itemsOf(ROWS);

  /** The count tables of a SQLite table (found by their triggers), with the columns each counts. */
  async function countTables(table: string): Promise<Map<string, string[]>> {
    const db = server.ctx.db;
    const triggers = (await db.raw(
      `select name from sqlite_master where type = 'trigger' and tbl_name = ? and name like 'rbx\\_cnt\\_%' escape '\\'`,
      [table],
    )) as { name: string }[];
    const out = new Map<string, string[]>();
    for (const name of new Set(triggers.map((t) => t.name.slice(0, -3)))) {
      const cols = (await db.raw('select name from pragma_table_info(?)', [name])) as { name: string }[];
      out.set(
        name,
        cols.map((c) => c.name),
      );
    }
    return out;
  }

  it('counts and groups exactly from a count table, through inserts, updates and deletes', async () => {
    const { tableId, table, rows } = await items();
    const data = `/api/v1/db/data/noco/${baseId}/${tableId}`;
    const filters: [string, (r: Item) => boolean][] = [
      ['(Status,eq,open)~and(Qty,lt,120)', (r) => r.Status === 'open' && low(r, 120)],
      ['(Qty,lt,120)~or(Status,eq,closed)', (r) => low(r, 120) || r.Status === 'closed'],
      ['(Status,neq,open)~and(Qty,ge,400)', (r) => r.Status !== 'open' && r.Qty !== null && r.Qty >= 400],
    ];
    for (const [where, keep] of filters) expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    expect((await groups(tableId, '(Qty,lt,120)')).list).toEqual(expectedGroups(rows, (r) => low(r, 120)));
    await server.ctx.dataCache.indexes.settled();

    if (kind === 'sqlite') {
      // One table for the filters on (qty, status) and the group-by of Status under a Qty filter alike.
      const tables = await countTables(table);
      expect([...tables.values()].map((c) => c.join(','))).toEqual(['qty,status,rbx_rows']);
      const [name] = [...tables].find(([, c]) => c[0] === 'qty')!;
      // The answer comes from the count table: a change to it shows in the count.
      await server.ctx.db.raw(
        `update "${name}" set rbx_rows = rbx_rows + 1000 where status = 'open' and qty = 4`,
      );
      expect(await count(tableId, '(Status,eq,open)~and(Qty,lt,7)')).toBe(
        rows.filter((r) => r.Status === 'open' && low(r, 7)).length + 1000,
      );
      await server.ctx.db.raw(
        `update "${name}" set rbx_rows = rbx_rows - 1000 where status = 'open' and qty = 4`,
      );
      // Either column's equality leads an index: the count reads the open rows' combinations only.
      const plan = (await server.ctx.db.raw(
        `explain query plan select sum(rbx_rows) from "${name}" where (status = ?) and (qty < ?)`,
        ['open', 7],
      )) as { detail: string }[];
      expect(plan.map((p) => p.detail)).toEqual([
        `SEARCH ${name} USING INDEX ${name}_r (status=? AND qty<?)`,
      ]);
    }

    // Writes through the API: the triggers keep the counts in the same transaction.
    const added = await server.api.post(
      `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`,
      [
        { Title: 'new a', Qty: 3, Price: 1, Status: 'open' },
        { Title: 'new b', Qty: 7, Price: 1, Status: 'archived' },
        { Title: 'new c', Qty: null, Price: 1, Status: null },
      ],
      { token: owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    rows.push(
      { Id: ROWS + 1, Title: 'new a', Qty: 3, Price: 1, Status: 'open' },
      { Id: ROWS + 2, Title: 'new b', Qty: 7, Price: 1, Status: 'archived' },
      {
        Id: ROWS + 3,
        Title: 'new c',
        Qty: null as unknown as number,
        Price: 1,
        Status: null as unknown as string,
      },
    );
    // Row 1 (open, qty 0) becomes closed with qty 450; row 2 is deleted; row 3 changes its price only.
    expect(
      (await server.api.patch(`${data}/1`, { Status: 'closed', Qty: 450 }, { token: owner.token })).status,
    ).toBe(200);
    rows[0] = { ...rows[0]!, Status: 'closed', Qty: 450 };
    expect((await server.api.delete(`${data}/2`, undefined, { token: owner.token })).status).toBe(200);
    rows.splice(1, 1);
    expect((await server.api.patch(`${data}/3`, { Price: 5 }, { token: owner.token })).status).toBe(200);

    for (const [where, keep] of filters) expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    expect(await count(tableId, '(Qty,blank)')).toBe(1);
    const grouped = await groups(tableId, '(Qty,lt,120)');
    expect(grouped.list).toEqual(expectedGroups(rows, (r) => low(r, 120)));
    expect(grouped.pageInfo.totalRows).toBe(grouped.list.length);

    // A group whose every row leaves the filter is gone from the answer (its combinations count 0).
    const archivedLow = rows.filter((r) => r.Status === 'archived' && low(r, 4));
    for (const r of archivedLow)
      expect((await server.api.patch(`${data}/${r.Id}`, { Qty: 499 }, { token: owner.token })).status).toBe(
        200,
      );
    for (const r of archivedLow) r.Qty = 499;
    expect((await groups(tableId, '(Qty,lt,4)')).list).toEqual(expectedGroups(rows, (r) => low(r, 4)));
    expect((await groups(tableId, '(Qty,lt,4)')).list.map((g) => g.Status)).not.toContain('archived');

    // The page's totalRows of a v1 list uses the same counts.
    const page = await server.api.get(
      `${data}?where=${encodeURIComponent('(Status,eq,open)~and(Qty,lt,120)')}&limit=5`,
      {
        token: owner.token,
      },
    );
    expect(page.body.pageInfo.totalRows).toBe(rows.filter(filters[0]![1]).length);
  }, 120_000);

  it('keeps no count table of nearly as many combinations as rows, and drops one with its column', async () => {
    const { tableId, table, rows, columnId } = await items();
    // Price takes up to 6,000 values: a count table would hold one row for nearly every row.
    const wide = '(Status,eq,open)~and(Price,gt,50)';
    expect(await count(tableId, wide)).toBe(rows.filter((r) => r.Status === 'open' && r.Price > 50).length);
    expect(await count(tableId, '(Qty,lt,300)')).toBe(rows.filter((r) => low(r, 300)).length);
    await server.ctx.dataCache.indexes.settled();
    if (kind === 'sqlite') expect([...(await countTables(table)).values()]).toEqual([['qty', 'rbx_rows']]);

    const del = await server.api.delete(`/api/v1/db/meta/columns/${columnId('Qty')}`, undefined, {
      token: owner.token,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    if (kind === 'sqlite') expect((await countTables(table)).size).toBe(0);
    expect(await count(tableId, '(Status,eq,open)')).toBe(rows.filter((r) => r.Status === 'open').length);
    const inserted = await server.api.post(
      `/api/v1/db/data/noco/${baseId}/${tableId}`,
      { Status: 'open' },
      { token: owner.token },
    );
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    expect(await count(tableId, '(Status,eq,open)')).toBe(rows.filter((r) => r.Status === 'open').length + 1);
  }, 120_000);

  /** Count tables of any table whose three triggers are not all in place: stale counts nobody keeps. */
  async function countTablesWithoutTriggers(): Promise<string[]> {
    const rows = (await server.ctx.db.raw(
      `select t.name from sqlite_master t where t.type = 'table' and t.name like 'rbx\\_cnt\\_%' escape '\\'
         and (select count(*) from sqlite_master g where g.type = 'trigger' and g.name like t.name || '\\_a_' escape '\\') < 3`,
    )) as { name: string }[];
    return rows.map((r) => r.name);
  }

  it('keeps counts exact through field type changes, leaving no count table without its triggers', async () => {
    const { tableId, table, rows, columnId } = await items();
    const data = `/api/v1/db/data/noco/${baseId}/${tableId}`;
    const openLow = '(Status,eq,open)~and(Qty,lt,120)';
    const isOpenLow = (r: Item) => String(r.Status) === 'open' && r.Qty !== null && Number(r.Qty) < 120;
    expect(await count(tableId, openLow)).toBe(rows.filter(isOpenLow).length);
    expect((await groups(tableId, '(Qty,lt,120)')).list).toEqual(expectedGroups(rows, (r) => low(r, 120)));
    expect(await count(tableId, '(Status,eq,closed)')).toBe(rows.filter((r) => r.Status === 'closed').length);
    await server.ctx.dataCache.indexes.settled();
    if (kind === 'sqlite') expect((await countTables(table)).size).toBe(2);

    const retype = async (title: string, body: Record<string, unknown>) => {
      const res = await server.api.patch(`/api/v1/db/meta/columns/${columnId(title)}`, body, {
        token: owner.token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // A column no count table names, then each counted column: every change copies values into a new column.
    await retype('Price', { title: 'Price', column_name: 'price', uidt: 'Number' });
    if (kind === 'sqlite') expect((await countTables(table)).size).toBe(2);
    await retype('Qty', { title: 'Qty', column_name: 'qty', uidt: 'Decimal' });
    if (kind === 'sqlite') {
      expect([...(await countTables(table)).values()]).toEqual([['status', 'rbx_rows']]);
      expect(await countTablesWithoutTriggers()).toEqual([]);
    }
    await retype('Status', { title: 'Status', column_name: 'status', uidt: 'SingleLineText' });
    if (kind === 'sqlite') {
      expect((await countTables(table)).size).toBe(0);
      expect(await countTablesWithoutTriggers()).toEqual([]);
    }

    // Writes after the changes, then the same counts, answered by whatever the new table model uses.
    const added = await server.api.post(
      `/api/v1/db/data/bulk/noco/${baseId}/${tableId}`,
      [
        { Title: 'new a', Qty: 3.5, Price: 1, Status: 'open' },
        { Title: 'new b', Qty: 200, Price: 1, Status: 'closed' },
      ],
      { token: owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    rows.push(
      { Id: ROWS + 1, Title: 'new a', Qty: 3.5, Price: 1, Status: 'open' },
      { Id: ROWS + 2, Title: 'new b', Qty: 200, Price: 1, Status: 'closed' },
    );
    expect((await server.api.patch(`${data}/1`, { Status: 'closed' }, { token: owner.token })).status).toBe(
      200,
    );
    rows[0] = { ...rows[0]!, Status: 'closed' };
    expect((await server.api.delete(`${data}/5`, undefined, { token: owner.token })).status).toBe(200);
    rows.splice(4, 1);
    for (let pass = 0; pass < 2; pass++) {
      expect(await count(tableId, openLow)).toBe(rows.filter(isOpenLow).length);
      expect(await count(tableId, '(Status,eq,closed)')).toBe(
        rows.filter((r) => r.Status === 'closed').length,
      );
      expect(await count(tableId, '(Qty,lt,4)')).toBe(rows.filter((r) => low(r, 4)).length);
      await server.ctx.dataCache.indexes.settled();
    }
    if (kind === 'sqlite') expect(await countTablesWithoutTriggers()).toEqual([]);
  }, 300_000);
});

describe('count tables and a SQLite table rebuild', () => {
  it('drops every count table and search index of a table before knex copies the table to drop a unique column', async () => {
    const db = knex({
      client: 'better-sqlite3',
      connection: { filename: ':memory:' },
      useNullAsDefault: true,
    });
    try {
      // An inline UNIQUE makes an automatic index that SQLite's DROP COLUMN refuses: knex copies the table.
      await db.raw('create table items (id integer primary key, code text unique, qty integer, status text)');
      for (let i = 0; i < 40; i++)
        await db.raw('insert into items (code, qty, status) values (?, ?, ?)', [
          `c${i}`,
          i % 5,
          i % 2 ? 'open' : 'closed',
        ]);
      for (const sql of countTableBuildStatements('items', [
        { name: 'qty', type: 'integer' },
        { name: 'status', type: 'text' },
      ]))
        await db.raw(sql);
      // A search index on another column is kept by triggers too: the copy would leave it unkept.
      const items = { tableName: 'items', pk: { name: 'id' } } as TableModel;
      for (const sql of textSearchBuildStatements(items, 'status')) await db.raw(sql);
      await dropColumn(db, 'sqlite', 'items', 'code');
      const left = (await db.raw(`select type, name from sqlite_master where name like 'rbx%'`)) as unknown[];
      expect(left).toEqual([]);
      expect(await db('items').count({ n: '*' })).toEqual([{ n: 40 }]);
      expect(await db('items').where({ status: 'open', qty: 1 }).count({ n: '*' })).toEqual([{ n: 4 }]);
    } finally {
      await db.destroy();
    }
  });
});
