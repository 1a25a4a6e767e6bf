/**
 * A meta list's page and its total come from one statement (docs/architecture.md, "A page and its total"):
 * while another connection keeps inserting, every page read at offset 0 lists exactly as many rows as its total
 * says, and an API token list answers the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAndTotal } from '../src/meta/page-and-total.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { randomEmail } from './auth-fixtures.js';

const TABLE = 'rb_test_page_total';

describe.each(testDatabases())('a page and its total on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await server.ctx.db.schema.createTable(TABLE, (t) => {
      t.increments('id');
      t.string('owner', 40).notNullable();
      t.bigInteger('created_at').notNullable();
    });
  });
  afterAll(() => server?.close());

  const mine = (owner: string) => () => server.ctx.db(TABLE).where({ owner });
  const newestFirst = [
    { column: 'created_at', order: 'desc' as const },
    { column: 'id', order: 'desc' as const },
  ];

  it('reads a page and the total in one statement, without the total column in the rows', async () => {
    for (let i = 0; i < 7; i++) await server.ctx.db(TABLE).insert({ owner: 'a', created_at: i });
    await server.ctx.db(TABLE).insert({ owner: 'b', created_at: 0 });
    const statements: string[] = [];
    const count = (q: { sql: string }) => statements.push(q.sql);
    server.ctx.db.on('query', count);
    try {
      const { rows, total } = await pageAndTotal(mine('a'), { limit: 3, offset: 2, order: newestFirst });
      expect(total).toBe(7);
      expect(rows.map((r) => Number(r.created_at))).toEqual([4, 3, 2]);
      expect(Object.keys(rows[0]!).sort()).toEqual(['created_at', 'id', 'owner']);
      expect(statements).toHaveLength(1);
    } finally {
      server.ctx.db.off('query', count);
    }
  });

  it('counts on its own past the end and for an empty list', async () => {
    expect(await pageAndTotal(mine('a'), { limit: 5, offset: 50, order: newestFirst })).toEqual({
      rows: [],
      total: 7,
    });
    expect(await pageAndTotal(mine('nobody'), { limit: 5, offset: 0, order: newestFirst })).toEqual({
      rows: [],
      total: 0,
    });
  });

  it('never lists a row its total leaves out while rows are being written', async () => {
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing && i < 400; i++)
        await server.ctx.db(TABLE).insert({ owner: 'c', created_at: i });
    })();
    const mismatches: string[] = [];
    let reads = 0;
    try {
      for (; reads < 150; reads++) {
        const { rows, total } = await pageAndTotal(mine('c'), { limit: 1000, offset: 0, order: newestFirst });
        if (rows.length !== total) mismatches.push(`${rows.length} listed, total ${total}`);
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(mismatches).toEqual([]);
    const final = await pageAndTotal(mine('c'), { limit: 1000, offset: 0, order: newestFirst });
    expect(final.rows.length).toBe(final.total);
    expect(final.total).toBeGreaterThan(0);
  });

  it('answers an API token list with a total that matches its pages', async () => {
    const user = await signUpUser(server.api, randomEmail('tokens'));
    for (const description of ['one', 'two', 'three']) {
      const res = await server.api.post('/api/v1/tokens', { description }, user);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    const page = await server.api.get('/api/v1/tokens?limit=2&offset=0', user);
    expect(page.status).toBe(200);
    expect(page.body.pageInfo.totalRows).toBe(3);
    expect(page.body.list.map((t: { description: string }) => t.description)).toEqual(['one', 'two']);
    const last = await server.api.get('/api/v1/tokens?limit=2&offset=2', user);
    expect(last.body.list.map((t: { description: string }) => t.description)).toEqual(['three']);
    expect(last.body.pageInfo.isLastPage).toBe(true);
  });
});
