/**
 * Text search (docs/performance.md, "Text search"): a `like` on a text field builds a trigram index (a
 * search index on SQLite, a pg_trgm GIN index on PostgreSQL), and later searches read it. The answers stay the plain LIKE's on every database, through
 * inserts, updates, deletes, a renamed column and a deleted field; the field menu says "Indexed".
 */
import { parseWhere } from '@rowbase/core/filters/where';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowReader } from '../src/data/row-query.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const NAMES = [
  'Apple pie',
  'apple juice',
  'Pineapple',
  'Grape',
  'Crab apple',
  'Äpfel',
  'App',
  'snapple 100%',
];

describe.each(testDatabases())('text search on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    await insertRows(
      server,
      t,
      NAMES.map((Title, i) => productRow(i + 1, { Title })),
    );
  });
  afterAll(async () => server?.close());

  const titles = async (where: string) => {
    const res = await server.api.get(`${t.v2}?limit=100&sort=Id&where=${encodeURIComponent(where)}`, {
      token: t.owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.list as { Title: string }[]).map((r) => r.Title);
  };
  const count = async (where: string) =>
    (await server.api.get(`${t.v2}/count?where=${encodeURIComponent(where)}`, { token: t.owner.token })).body
      .count as number;

  /** The query plan of a filtered page (SQLite) or count (PostgreSQL, told to avoid a sequential scan). */
  const plan = async (where: string) => {
    const { model, db } = await server.ctx.tableModels.get(server.ctx, t.tableId);
    const reader = new RowReader(db, model, server.ctx.dataCache);
    if (kind === 'pg') {
      const q = reader.filtered(parseWhere(where)).count({ n: '*' }).toSQL();
      return db.transaction(async (trx) => {
        await trx.raw('set local enable_seqscan = off');
        const res = await trx.raw(`explain ${q.sql}`, q.bindings as never[]);
        return (res.rows as Record<string, string>[]).map((r) => r['QUERY PLAN']).join(' | ');
      });
    }
    const q = reader.pageSql({ where: parseWhere(where), limit: 25, offset: 0 });
    const rows = (await db.raw(`explain query plan ${q.sql}`, q.bindings as never[])) as { detail: string }[];
    return rows.map((r) => r.detail).join(' | ');
  };

  it('answers like the plain LIKE before and after the search index is built', async () => {
    const searches = [
      '(Title,like,apple)',
      '(Title,like,APPLE)',
      '(Title,like,%a_ple%)',
      '(Title,like,%pie)',
      '(Title,like,pp)',
    ];
    const before = await Promise.all(searches.map(titles));
    expect(before[0]).toEqual(['Apple pie', 'apple juice', 'Pineapple', 'Crab apple', 'snapple 100%']);
    expect(before[2]).toEqual(['Apple pie', 'apple juice', 'Pineapple', 'Crab apple', 'snapple 100%']);
    expect(before[3]).toEqual(['Apple pie']);
    await server.ctx.dataCache.indexes.settled();
    expect(await Promise.all(searches.map(titles))).toEqual(before);
    expect(await count('(Title,like,apple)')).toBe(5);
    expect(await titles('(Title,like,apple)~and(Qty,gt,2)')).toEqual([
      'Pineapple',
      'Crab apple',
      'snapple 100%',
    ]);
    expect(await titles('(Title,nlike,apple)')).toEqual(['Grape', 'Äpfel', 'App']);
    if (kind === 'sqlite') expect(await plan('(Title,like,apple)')).toMatch(/VIRTUAL TABLE/);
    if (kind === 'pg') expect(await plan('(Title,like,apple)')).toMatch(/Bitmap Index Scan on rbx_/);
  });

  it('follows inserts, updates and deletes', async () => {
    await titles('(Title,like,apple)');
    await server.ctx.dataCache.indexes.settled();
    const [added] = await insertRows(server, t, [productRow(20, { Title: 'Toffee apple' })]);
    expect(await titles('(Title,like,toffee)')).toEqual(['Toffee apple']);
    const upd = await server.api.patch(t.v2, { Id: added, Title: 'Toffee pear' }, { token: t.owner.token });
    expect(upd.status).toBe(200);
    expect(await titles('(Title,like,toffee apple)')).toEqual([]);
    expect(await titles('(Title,like,toffee pear)')).toEqual(['Toffee pear']);
    const del = await server.api.delete(t.v2, { Id: added }, { token: t.owner.token });
    expect(del.status).toBe(200);
    expect(await titles('(Title,like,toffee)')).toEqual([]);
  });

  it('says "Indexed" for the searched field and keeps working when its column is renamed or another field deleted', async () => {
    await titles('(Code,like,P-1)');
    await server.ctx.dataCache.indexes.settled();
    const meta = await server.api.get(`/api/v1/db/meta/tables/${t.tableId}`, { token: t.owner.token });
    const indexed = (meta.body.columns as any[]).filter((c) => c.auto_indexed).map((c) => c.title);
    if (kind !== 'mysql') expect(indexed).toEqual(expect.arrayContaining(['Title', 'Code']));

    const code = (meta.body.columns as any[]).find((c) => c.title === 'Code');
    const renamed = await server.api.patch(
      `/api/v1/db/meta/columns/${code.id}`,
      { title: 'Code', column_name: 'code_renamed', uidt: 'SingleLineText' },
      { token: t.owner.token },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await titles('(Code,like,P-1)')).toEqual(['Apple pie']);
    await insertRows(server, t, [productRow(31, { Title: 'Quince' })]);
    await server.ctx.dataCache.indexes.settled();
    expect(await titles('(Code,like,P-31)')).toEqual(['Quince']);

    const notes = (meta.body.columns as any[]).find((c) => c.title === 'Notes');
    const gone = await server.api.delete(`/api/v1/db/meta/columns/${notes.id}`, undefined, {
      token: t.owner.token,
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const title = (meta.body.columns as any[]).find((c) => c.title === 'Title');
    const titleGone = await server.api.delete(`/api/v1/db/meta/columns/${title.id}`, undefined, {
      token: t.owner.token,
    });
    // The display value cannot always be deleted; when it can, its search index goes with it.
    if (titleGone.status === 200) expect(await count('(Code,like,P-3)')).toBe(2);
    else expect(await titles('(Title,like,quince)')).toEqual(['Quince']);
  });

  it('drops the search indexes with the table', async () => {
    expect(await count('(Code,like,P-2)')).toBe(1);
    await server.ctx.dataCache.indexes.settled();
    if (kind === 'sqlite') {
      const before = (await server.ctx.db.raw(
        `select name from sqlite_master where type = 'trigger' and tbl_name = ?`,
        [t.table.table_name],
      )) as unknown[];
      expect(before.length).toBe(3);
    }
    const res = await server.api.delete(`/api/v1/db/meta/tables/${t.tableId}`, undefined, {
      token: t.owner.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (kind === 'sqlite') {
      const left = (await server.ctx.db.raw(
        `select name from sqlite_master where name like 'rbx\\_fts\\_%' escape '\\' and sql like ?`,
        [`%${t.table.table_name}%`],
      )) as unknown[];
      expect(left).toEqual([]);
    }
  });
});
