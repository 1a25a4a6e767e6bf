/**
 * The first sorted page of a filter on a large SQLite table, before an index serves its sort, reads its keys and
 * the count of its filter in one statement on a reader thread, then its rows by key (docs/performance.md, "First
 * visits at 1M rows (SQLite)"). The rows, their order and the count are those of the page and the count apart:
 * each is checked against the rows the table was written with and against the same request answered the usual
 * way once the count is known.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedKeyReads } from '../src/data/sqlite-counted-keys.js';
import { readPoolOf } from '../src/data/sqlite-read-pool.js';
import { startTestServer, type TestServer } from './harness.js';
import { signedInOwner } from './meta-factories.js';
import { createProductTable, type ProductTable } from './rows-fixtures.js';

describe('first sorted pages and their count from one read on sqlite', () => {
  let server: TestServer;
  let t: ProductTable;
  beforeAll(async () => {
    // Automatic indexes off: no index serves a sort, as on a first visit.
    server = await startTestServer('sqlite', { RB_SQLITE_READ_WORKERS: '1', RB_AUTO_INDEX: 'false' });
    const owner = await signedInOwner(server);
    t = await createProductTable(server, owner, 'Large');
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    // 100,000 rows (Id = x, Title 'Item x', Code 'P-x', Qty = x mod 100) written in SQL: set-up, not tested.
    await db.raw(
      `insert into ?? (??, ??, ??, ??) select 'Item ' || x, 'P-' || x, x % 100, x from (with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select x from c)`,
      [
        model.tableName,
        model.field('Title')!.name,
        model.field('Code')!.name,
        model.field('Qty')!.name,
        model.rowOrder!.name,
        100_000,
      ],
    );
    // The table's size becomes known; no reader runs yet.
    expect((await page('limit=1')).pageInfo.totalRows).toBe(100_000);
  });
  afterAll(async () => server?.close());

  const page = async (query: string) => {
    const res = await server.api.get(`${t.v2}?${query}`, { token: t.owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { list: Record<string, unknown>[]; pageInfo: { totalRows: number } };
  };
  const ids = (body: { list: Record<string, unknown>[] }) => body.list.map((r) => r.Id);

  /** The first request (one read on a reader) and the same request again (count known, page read alone). */
  const firstAndAgain = async (query: string) => {
    const pool = readPoolOf(server.ctx.db)!;
    const [reads, dispatched] = [countedKeyReads.n, pool.dispatched];
    const first = await page(query);
    expect(countedKeyReads.n).toBe(reads + 1);
    expect(pool.dispatched).toBe(dispatched + 1);
    const again = await page(query);
    expect(countedKeyReads.n).toBe(reads + 1);
    expect(again).toEqual(first);
    return first;
  };

  it('reads the keys and the count on the event loop when no reader runs', async () => {
    const pool = readPoolOf(server.ctx.db)!;
    expect(pool.threads).toBe(0);
    const [reads, dispatched] = [countedKeyReads.n, pool.dispatched];
    const query = `limit=3&where=${encodeURIComponent('(Qty,lt,10)')}&sort=-Qty`;
    const first = await page(query);
    expect(countedKeyReads.n).toBe(reads + 1);
    expect([pool.dispatched, pool.threads]).toEqual([dispatched, 0]);
    expect(ids(first)).toEqual([99_909, 99_809, 99_709]);
    expect(first.list[0]).toMatchObject({ Title: 'Item 99909', Code: 'P-99909', Qty: 9 });
    expect(first.pageInfo.totalRows).toBe(10_000);
    // Asked again, the count is known and the page is read alone: the same answer.
    expect(await page(query)).toEqual(first);
    expect(countedKeyReads.n).toBe(reads + 1);
  });

  describe('with a reader running', () => {
    beforeAll(async () => {
      const pool = readPoolOf(server.ctx.db)!;
      expect(await pool.select('select 1 as one', [], () => Promise.resolve([]))).toEqual([{ one: 1 }]);
    });

    it('reads a descending page with ties broken by key, and its count', async () => {
      const body = await firstAndAgain(`limit=5&where=${encodeURIComponent('(Qty,lt,30)')}&sort=-Qty`);
      expect(ids(body)).toEqual([99_929, 99_829, 99_729, 99_629, 99_529]);
      expect(body.list[0]).toMatchObject({ Title: 'Item 99929', Code: 'P-99929', Qty: 29 });
      expect(body.pageInfo.totalRows).toBe(30_000);
    });

    it('reads an ascending page past an offset, and its count', async () => {
      const body = await firstAndAgain(
        `limit=5&offset=7&where=${encodeURIComponent('(Qty,gt,95)')}&sort=Qty`,
      );
      expect(ids(body)).toEqual([796, 896, 996, 1096, 1196]);
      expect(body.pageInfo.totalRows).toBe(4_000);
    });

    it('reads a page sorted by text on two fields', async () => {
      const body = await firstAndAgain(
        `limit=4&where=${encodeURIComponent('(Code,neq,P-1)')}&sort=-Qty,Title`,
      );
      // Qty 99, then titles in text order: 'Item 10099' < 'Item 10199' < … < 'Item 1099'.
      expect(body.list.map((r) => r.Title)).toEqual(['Item 10099', 'Item 10199', 'Item 10299', 'Item 10399']);
      expect(body.pageInfo.totalRows).toBe(99_999);
    });

    it('answers an empty first page with a count of 0, and a page past the end with the count', async () => {
      const empty = await firstAndAgain(`limit=5&where=${encodeURIComponent('(Title,eq,none)')}&sort=Qty`);
      expect(empty).toEqual({ list: [], pageInfo: expect.objectContaining({ totalRows: 0 }) });
      const past = await page(`limit=5&offset=10&where=${encodeURIComponent('(Code,eq,P-5)')}&sort=Qty`);
      expect(past.list).toEqual([]);
      expect(past.pageInfo.totalRows).toBe(1);
    });
  });
});
