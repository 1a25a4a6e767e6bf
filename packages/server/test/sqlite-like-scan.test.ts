/**
 * A `like` page before a search index serves it (docs/performance.md, "Text search", before a search index): on
 * SQLite its keys come from a read of the table in key order, then its rows by key. The pages must be the
 * plain query's, row for row and in order, on every database: rows whose order is not their key order
 * (the plain query answers), empty orders (first), rows in key order, rare and common patterns, offsets,
 * two `like`s at once.
 */
import { parseWhere } from '@rowbase/core/filters/where';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowReader } from '../src/data/row-query.js';
import { AutoIndexer } from '../src/data/auto-index.js';
import { likeIndexKeys, likeScanFits, likeScanKeys } from '../src/data/sqlite-like-scan.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const ROWS = 1300;
/** Titles: a rare word in every 97th row (in mixed case), a common one in every third. */
const titleOf = (i: number) =>
  `${i % 97 === 0 ? (i % 2 ? 'xNeedLe' : 'needle') : 'Row'} ${i}${i % 3 === 0 ? ' common' : ''}`;
/** Row order unlike key order, and a few rows with no order at all (they list first); later, key order. */
let shuffled = true;
const orderOf = (id: number) => (!shuffled ? id : id % 50 === 0 ? null : ((id * 7919) % 1301) + 0.5);

describe.each(testDatabases())('like pages before a search index on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  beforeAll(async () => {
    // No automatic indexes: no search index ever serves these pages.
    server = await startTestServer(kind, { RB_AUTO_INDEX: 'false' });
    shuffled = true;
    t = await createProductTable(server);
    for (let from = 1; from <= ROWS; from += 100) {
      const rows = Array.from({ length: 100 }, (_, k) => productRow(from + k, { Title: titleOf(from + k) }));
      await insertRows(server, t, rows);
    }
    const { db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    await db(t.table.table_name).update({
      nc_order: db.raw('case when id % 50 = 0 then null else ((id * 7919) % 1301) + 0.5 end'),
    });
  }, 120_000);
  afterAll(async () => server?.close());

  const page = async (where: string, limit: number, offset: number) => {
    const res = await server.api.get(
      `${t.v2}?limit=${limit}&offset=${offset}&where=${encodeURIComponent(where)}`,
      {
        token: t.owner.token,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.list as { Id: number; Title: string }[];
  };
  /** The plain query's keys for the same page (one SELECT, row order through the index). */
  const plainKeys = async (where: string, limit: number, offset: number) => {
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const q = new RowReader(db, model, server.ctx.dataCache).pageSql({
      where: parseWhere(where),
      limit,
      offset,
    });
    const raw = await db.raw(q.sql.replace(/\$(\d+)/g, '?'), q.bindings as never[]);
    const rows = (kind === 'pg' ? raw.rows : kind === 'mysql' ? raw[0] : raw) as { id: number }[];
    return rows.map((r) => Number(r.id));
  };
  /** What a user expects: rows by (order, empty first; then key), those whose title matches. */
  const expected = (match: (title: string) => boolean, limit: number, offset: number) =>
    Array.from({ length: ROWS }, (_, k) => k + 1)
      .filter((id) => match(titleOf(id)))
      .sort((a, b) => (orderOf(a) ?? -1) - (orderOf(b) ?? -1) || a - b)
      .slice(offset, offset + limit);

  it('reads these pages by probe and scan on SQLite only', async () => {
    const { model } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const fits = (where: string, extra: object = {}) =>
      likeScanFits(model, { where: parseWhere(where), limit: 25, offset: 0, ...extra });
    expect(fits('(Title,like,needle)')).toBe(kind === 'sqlite');
    expect(fits('(Title,like,needle)~and(Code,like,P-1)')).toBe(kind === 'sqlite');
    expect(fits('(Title,like,needle)', { sort: [{ field: 'Qty', direction: 'asc' }] })).toBe(false);
    expect(fits('(Title,like,needle)~or(Code,like,P-1)')).toBe(false);
    expect(fits('(Title,like,needle)~and(Qty,gt,3)')).toBe(false);
    expect(fits('(Title,like,needle)', { offset: 990 })).toBe(false);
  });

  it('answers a rare pattern (read by a scan) as the plain query does', async () => {
    const rare = (s: string) => s.toLowerCase().includes('needle');
    expect(expected(rare, 100, 0).length).toBe(13);
    for (const [limit, offset] of [
      [25, 0],
      [5, 3],
      [25, 10],
    ] as const) {
      const want = expected(rare, limit, offset);
      const got = await page('(Title,like,needle)', limit, offset);
      expect(got.map((r) => r.Id)).toEqual(want);
      expect(got.map((r) => r.Title)).toEqual(want.map(titleOf));
      expect(await plainKeys('(Title,like,needle)', limit, offset)).toEqual(want);
    }
    expect((await page('(Title,like,NEEDLE)', 25, 0)).map((r) => r.Id)).toEqual(expected(rare, 25, 0));
    expect((await page('(Title,like,%n_edle 9%)', 25, 0)).map((r) => r.Id)).toEqual(
      expected((s) => /n.edle 9/i.test(s), 25, 0),
    );
    expect(await page('(Title,like,no such title)', 25, 0)).toEqual([]);
  });

  it('answers a common pattern (filled by the probe) and one past the probe as the plain query does', async () => {
    const common = (s: string) => s.includes('common');
    for (const [limit, offset] of [
      [25, 0],
      [25, 200],
      [100, 333],
    ] as const) {
      const want = expected(common, limit, offset);
      expect(want.length).toBe(limit);
      expect((await page('(Title,like,common)', limit, offset)).map((r) => r.Id)).toEqual(want);
      expect(await plainKeys('(Title,like,common)', limit, offset)).toEqual(want);
    }
    const both = '(Title,like,common)~and(Code,like,P-1)';
    const want = expected((s) => s.includes('common'), ROWS, 0).filter((id) => String(id).startsWith('1'));
    expect((await page(both, 25, 0)).map((r) => r.Id)).toEqual(want.slice(0, 25));
    expect(await plainKeys(both, 25, 0)).toEqual(want.slice(0, 25));
  });

  it('reads a rare pattern from an index of the column, every match in row order (SQLite)', async () => {
    if (kind !== 'sqlite') return;
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const table = t.table.table_name;
    // What a large table gets for its display value once counted (off here: no automatic indexes).
    const indexer = new AutoIndexer();
    indexer.suggestDisplayValueIndex(db, model);
    await indexer.settled();
    expect(indexer.isReady(model, ['title'])).toBe(true);
    const keys = (like: string, end: number) =>
      likeIndexKeys(
        db,
        model,
        (from) => db.from(from).whereRaw('title like ?', [like]),
        end,
        (qb) => qb,
      );
    const rare = (s: string) => s.toLowerCase().includes('needle');
    expect(await keys('%needle%', 25)).toEqual(expected(rare, 25, 0));
    expect(await keys('%needle%', 5)).toEqual(expected(rare, 5, 0));
    expect(await keys('%no such title%', 25)).toEqual([]);
    // 433 matches: fewer than the index read takes, so all of them, in row order.
    expect(await keys('%common%', 100)).toEqual(expected((s) => s.includes('common'), 100, 0));
    // 1,287 matches: left to the read of the table.
    expect(await keys('%Row%', 25)).toBeUndefined();
    // (After a statement ran: EXPLAIN alone does not see the index another connection built.)
    const plan = (await db.raw('explain query plan select id from ?? where title like ? limit 1000', [
      table,
      '%needle%',
    ])) as { detail: string }[];
    expect(plan.map((r) => r.detail).join()).toMatch(/USING COVERING INDEX rbx_/);
    const got = await page('(Title,like,needle)', 25, 0);
    expect(got.map((r) => r.Id)).toEqual(expected(rare, 25, 0));
    const indexes = (await db.raw('select name from pragma_index_list(?) where name like ?', [
      table,
      'rbx_%',
    ])) as {
      name: string;
    }[];
    for (const { name } of indexes) await db.raw('drop index ??', [name]);
  });

  it('reads the keys in key order where rows are in key order, else leaves the page to the plain query', async () => {
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const keys = (like: string, end: number) =>
      likeScanKeys(
        db,
        model,
        (from) => db.from(from).whereRaw('title like ?', [like]),
        end,
        (qb) => qb,
      );
    if (kind === 'sqlite') {
      // Rows out of order: a rare pattern's scan reads every match; a common one's cannot tell.
      expect(await keys('%needle%', 25)).toEqual(expected((s) => s.toLowerCase().includes('needle'), 25, 0));
      expect(await keys('%common%', 25)).toBeUndefined();
    }
    await db(t.table.table_name).update({ nc_order: db.raw('id') });
    shuffled = false;
    if (kind === 'sqlite')
      expect(await keys('%common%', 25)).toEqual([
        3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60, 63, 66, 69, 72, 75,
      ]);
    for (const [where, match] of [
      ['(Title,like,common)', (s: string) => s.includes('common')],
      ['(Title,like,needle)', (s: string) => s.toLowerCase().includes('needle')],
    ] as const) {
      for (const [limit, offset] of [
        [25, 0],
        [10, 7],
        [100, 300],
      ] as const) {
        const want = expected(match, limit, offset);
        expect((await page(where, limit, offset)).map((r) => r.Id)).toEqual(want);
        expect(await plainKeys(where, limit, offset)).toEqual(want);
      }
    }
    // One row moved to the top: a common pattern's keys are left to the plain query, which lists it first.
    await db(t.table.table_name).where({ id: 1200 }).update({ nc_order: 0.5 });
    if (kind === 'sqlite') expect(await keys('%common%', 25)).toBeUndefined();
    const got = (await page('(Title,like,common)', 25, 0)).map((r) => r.Id);
    expect(got.slice(0, 3)).toEqual([1200, 3, 6]);
    expect(got).toEqual(await plainKeys('(Title,like,common)', 25, 0));
  });

  it('sees a write at once', async () => {
    const [id] = await insertRows(server, t, [productRow(ROWS + 1, { Title: 'needle new' })]);
    const got = (await page('(Title,like,needle new)', 25, 0)).map((r) => r.Id);
    expect(got).toEqual([id]);
  });
});
