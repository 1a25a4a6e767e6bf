/**
 * The display value's search index (docs/performance.md, "Text search"): on SQLite, the first read of a table
 * of at least 50,000 rows builds the search index of its display value, so the first search of that table
 * does not read every row. Smaller tables, and RB_AUTO_INDEX=false, get none; answers are the plain LIKE's.
 */
import { parseWhere } from '@rowbase/core/filters/where';
import { afterAll, describe, expect, it } from 'vitest';
import { RowReader } from '../src/data/row-query.js';
import { textSearchName } from '../src/data/text-search.js';
import { startTestServer, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const BIG = 50_000;

describe('the display value search index on sqlite', () => {
  const servers: TestServer[] = [];
  afterAll(async () => Promise.all(servers.map((s) => s.close())));

  /** A product table with `n` rows titled `Item 1` … `Item n`, written in SQL (set-up, not what is tested). */
  const tableOf = async (n: number, env: Record<string, string> = {}) => {
    const server = await startTestServer('sqlite', env);
    servers.push(server);
    const t = await createProductTable(server);
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const title = model.field('Title')!.name!;
    const code = model.field('Code')!.name!;
    const order = model.rowOrder!.name;
    await db.raw(
      `insert into ?? (??, ??, ??) select 'Item ' || x, 'P-' || x, x from (with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select x from c)`,
      [model.tableName, title, code, order, n],
    );
    return { server, t, tableName: model.tableName, title };
  };
  /** The search index of the Title column, when it is in place. */
  const searchIndexes = async (server: TestServer, tableName: string, column: string) =>
    (
      (await server.ctx.db.raw(`select name from sqlite_master where type = 'table' and name = ?`, [
        textSearchName(tableName, column),
      ])) as { name: string }[]
    ).map((r) => r.name);
  const page = async (server: TestServer, t: ProductTable, where?: string) => {
    const res = await server.api.get(
      `${t.v2}?limit=25&sort=Id${where ? `&where=${encodeURIComponent(where)}` : ''}`,
      { token: t.owner.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { list: { Title: string }[]; pageInfo: { totalRows: number } };
  };

  it('is built by the first read of a large table, and searches read it with the plain LIKE answers', async () => {
    const { server, t, tableName, title } = await tableOf(BIG);
    expect(await searchIndexes(server, tableName, title)).toEqual([]);
    await page(server, t);
    await server.ctx.dataCache.indexes.settled();
    expect(await searchIndexes(server, tableName, title)).toEqual([textSearchName(tableName, title)]);

    // The first search finds the index in place: its plan reads the search index, not the table.
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const q = new RowReader(db, model, server.ctx.dataCache).pageSql({
      where: parseWhere('(Title,like,item 4999)'),
      limit: 25,
      offset: 0,
    });
    const plan = (
      (await db.raw(`explain query plan ${q.sql}`, q.bindings as never[])) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join(' | ');
    expect(plan).toMatch(/VIRTUAL TABLE/);
    const found = await page(server, t, '(Title,like,item 4999)');
    expect(found.list.map((r) => r.Title)).toEqual([
      'Item 4999',
      'Item 49990',
      'Item 49991',
      'Item 49992',
      'Item 49993',
      'Item 49994',
      'Item 49995',
      'Item 49996',
      'Item 49997',
      'Item 49998',
      'Item 49999',
    ]);
    expect(found.pageInfo.totalRows).toBe(11);

    // Rows written after the build are found as well.
    await insertRows(server, t, [productRow(BIG + 1, { Title: 'Quince 4999' })]);
    expect((await page(server, t, '(Title,like,nce 4999)')).list.map((r) => r.Title)).toEqual([
      'Quince 4999',
    ]);
    expect((await page(server, t, '(Title,like,item 4999)')).pageInfo.totalRows).toBe(11);
  });

  it('is not built for a smaller table, nor with RB_AUTO_INDEX=false', async () => {
    const small = await tableOf(BIG - 1);
    await page(small.server, small.t);
    await small.server.ctx.dataCache.indexes.settled();
    expect(await searchIndexes(small.server, small.tableName, small.title)).toEqual([]);

    const off = await tableOf(BIG, { RB_AUTO_INDEX: 'false' });
    await page(off.server, off.t);
    await off.server.ctx.dataCache.indexes.settled();
    expect(await searchIndexes(off.server, off.tableName, off.title)).toEqual([]);
    expect((await page(off.server, off.t, '(Title,like,item 4999)')).pageInfo.totalRows).toBe(11);
  });
});
