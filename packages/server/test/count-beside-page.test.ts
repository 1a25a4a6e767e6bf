/**
 * The first count of a filter on a large SQLite table runs on a reader thread beside its page
 * (docs/performance.md, "Counts beside pages"): a table known (from an earlier count) to hold at least
 * 100,000 rows sends it there at once while a reader runs, a smaller one keeps the rule of slow shapes. A text
 * search's page runs alone (a short page is its own count). Counts stay exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPoolOf } from '../src/data/sqlite-read-pool.js';
import { startTestServer, type TestServer } from './harness.js';
import { signedInOwner, type Owner } from './meta-factories.js';
import { createProductTable, type ProductTable } from './rows-fixtures.js';

describe('first counts beside their page on sqlite', () => {
  let server: TestServer;
  let owner: Owner;
  beforeAll(async () => {
    // Automatic indexes off: every count here reads the table, as a first count does.
    server = await startTestServer('sqlite', { RB_SQLITE_READ_WORKERS: '1', RB_AUTO_INDEX: 'false' });
    owner = await signedInOwner(server);
  });
  afterAll(async () => server?.close());

  /** A product table of `n` rows (Qty = row number mod 100), written in SQL: set-up, not what is tested. */
  const tableOf = async (n: number, title: string): Promise<ProductTable> => {
    const t = await createProductTable(server, owner, title);
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    await db.raw(
      `insert into ?? (??, ??, ??, ??) select 'Item ' || x, 'P-' || x, x % 100, x from (with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select x from c)`,
      [
        model.tableName,
        model.field('Title')!.name,
        model.field('Code')!.name,
        model.field('Qty')!.name,
        model.rowOrder!.name,
        n,
      ],
    );
    return t;
  };
  const totalRows = async (t: ProductTable, where?: string) => {
    const res = await server.api.get(`${t.v2}?limit=5${where ? `&where=${encodeURIComponent(where)}` : ''}`, {
      token: t.owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list).toHaveLength(5);
    return res.body.pageInfo.totalRows as number;
  };

  let large: ProductTable;

  it('keeps the first count of a large table on the main thread while no reader runs', async () => {
    const pool = readPoolOf(server.ctx.db)!;
    large = await tableOf(100_000, 'Large');
    expect(await totalRows(large)).toBe(100_000);
    expect(await totalRows(large, '(Qty,lt,50)')).toBe(50_000);
    expect(pool.threads).toBe(0);
    expect(pool.dispatched).toBe(0);
  });

  it('sends the first count of a large table to a running reader, and answers it exactly', async () => {
    const pool = readPoolOf(server.ctx.db)!;
    const t = large;
    // A reader started by an earlier read.
    expect(await pool.select('select 1 as one', [], () => Promise.resolve([]))).toEqual([{ one: 1 }]);
    const before = pool.dispatched;
    expect(await totalRows(t, '(Code,neq,x)')).toBe(100_000);
    expect(pool.dispatched).toBe(before + 1);
    // Its shape was sent once; another value of it follows the timings of the read pool.
    expect(await totalRows(t, '(Qty,gt,89)~and(Qty,lt,95)')).toBe(5_000);
    expect(await totalRows(t, '(Qty,gt,9)~and(Qty,lt,95)')).toBe(85_000);
  });

  it('runs a text search alone while a reader runs: its short page is its own count', async () => {
    const pool = readPoolOf(server.ctx.db)!;
    expect(pool.threads).toBe(1);
    const before = pool.dispatched;
    const res = await server.api.get(
      `${large.v2}?limit=25&where=${encodeURIComponent('(Title,like,Item 1234)')}`,
      {
        token: large.owner.token,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 'Item 1234' and 'Item 12340' to 'Item 12349': no count of the whole table was sent to the reader.
    expect(res.body.list.map((r: { Title: string }) => r.Title)).toEqual([
      'Item 1234',
      ...Array.from({ length: 10 }, (_, i) => `Item 1234${i}`),
    ]);
    expect(res.body.pageInfo.totalRows).toBe(11);
    expect(pool.dispatched).toBe(before);
  });

  it('keeps the first count of a smaller table on the main thread', async () => {
    const pool = readPoolOf(server.ctx.db)!;
    const t = await tableOf(99_999, 'Smaller');
    expect(await totalRows(t)).toBe(99_999);
    const before = pool.dispatched;
    expect(await totalRows(t, '(Qty,lt,30)')).toBe(29_999);
    expect(pool.dispatched).toBe(before);
  });
});
