/**
 * The per-request path of a row read (docs/performance.md): once a caller has been seen, listing, counting
 * and paging read no meta table (users, tokens, bases, base roles, tables, columns): the access cache and
 * the table-model cache answer. A change to a role still reaches the next request (the change feed retires
 * the cached role).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushPendingAudits } from '../src/audit/audit-writer.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, productRow, type ProductTable } from './rows-fixtures.js';
import { signUpUser } from './harness.js';

describe.each(testDatabases())('row reads per request on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  beforeAll(async () => {
    server = await startTestServer(kind);
    t = await createProductTable(server);
    const res = await server.api.post(t.bulk, [productRow(1), productRow(2), productRow(3)], {
      token: t.owner.token,
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => server?.close());

  /** SQL statements that read or wrote meta tables (`rb_…`) while `fn` ran. */
  async function metaQueriesDuring(fn: () => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/\brb_\w+/.test(q.sql)) seen.push(q.sql);
    };
    server.ctx.db.on('query', onQuery);
    try {
      await fn();
    } finally {
      server.ctx.db.off('query', onQuery);
    }
    return seen;
  }

  it('reads no meta table for a warm list, count or page, with a session or an API token', async () => {
    const apiToken = (
      await server.api.post('/api/v1/tokens', { description: 'bench' }, { token: t.owner.token })
    ).body.token as string;
    const calls = [
      () => server.api.get(`${t.v1}?limit=2&where=(Qty,gt,0)`, { token: t.owner.token }),
      () => server.api.get(`${t.v2}?limit=2&sort=-Price`, { token: t.owner.token }),
      () => server.api.get(`${t.v2}/count?where=(Qty,gt,1)`, { apiToken }),
      () => server.api.get(`${t.v1}?limit=1`, { apiToken }),
    ];
    for (const call of calls) expect((await call()).status).toBe(200);
    // The token's creation is audited a few milliseconds later (docs/audit.md): let that land first.
    await flushPendingAudits(server.ctx.db);
    const meta = await metaQueriesDuring(async () => {
      for (let i = 0; i < 3; i++) for (const call of calls) expect((await call()).status).toBe(200);
    });
    expect(meta).toEqual([]);
  });

  it('loads a table model again after a field change, so the next page reads no meta table', async () => {
    expect((await server.api.get(`${t.v2}?limit=1`, { token: t.owner.token })).status).toBe(200);
    const added = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { title: 'Thrice', uidt: 'Formula', formula_raw: '{Qty} * 3' },
      { token: t.owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await server.ctx.tableModels.reloaded();
    await flushPendingAudits(server.ctx.db);
    let page: any;
    const meta = await metaQueriesDuring(async () => {
      page = await server.api.get(`${t.v2}?limit=2&sort=Id&fields=Qty,Thrice`, { token: t.owner.token });
    });
    expect(page.status).toBe(200);
    expect(page.body.list).toEqual([
      { Qty: 1, Thrice: 3 },
      { Qty: 2, Thrice: 6 },
    ]);
    expect(meta).toEqual([]);
  });

  it('counts and pages by a formula changed a moment ago (compiled queries are kept per table model)', async () => {
    const added = await server.api.post(
      `/api/v1/db/meta/tables/${t.tableId}/columns`,
      { title: 'Twice', uidt: 'Formula', formula_raw: '{Qty} * 2' },
      { token: t.owner.token },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const twice = added.body.columns.find((c: any) => c.title === 'Twice');
    const where = `where=${encodeURIComponent('(Twice,gt,3)')}`;
    const read = async () => {
      const count = await server.api.get(`${t.v2}/count?${where}`, { token: t.owner.token });
      const page = await server.api.get(`${t.v1}?limit=1&fields=Qty,Twice&${where}`, {
        token: t.owner.token,
      });
      expect(count.status).toBe(200);
      expect(page.status).toBe(200);
      return { count: count.body.count, totalRows: page.body.pageInfo.totalRows, list: page.body.list };
    };
    // Qty is 1, 2, 3: Twice is 2, 4, 6. Read twice so the second answer comes from compiled queries.
    await read();
    expect(await read()).toEqual({ count: 2, totalRows: 2, list: [{ Qty: 2, Twice: 4 }] });
    const changed = await server.api.patch(
      `/api/v1/db/meta/columns/${twice.id}`,
      { title: 'Twice', uidt: 'Formula', formula_raw: '{Qty} * 1' },
      { token: t.owner.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await read()).toEqual({ count: 0, totalRows: 0, list: [] });
  });

  it('pages with a question mark in a field title and in a formula, whatever the filter values', async () => {
    // The select list of a page is compiled once into one raw; a `?` that is not a binding must not become one.
    const add = async (body: object) => {
      const res = await server.api.post(`/api/v1/db/meta/tables/${t.tableId}/columns`, body, {
        token: t.owner.token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await add({ column_name: 'why', title: 'Why?', uidt: 'SingleLineText' });
    await add({ title: 'Asked', uidt: 'Formula', formula_raw: 'CONCAT({Title}, "?")' });
    const ids = await server.api.get(`${t.v2}?limit=3&fields=Id`, { token: t.owner.token });
    for (const row of ids.body.list as { Id: number }[]) {
      const res = await server.api.patch(
        t.v2,
        { Id: row.Id, 'Why?': `because ${row.Id}?` },
        { token: t.owner.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const qty of [1, 2, 3]) {
      const where = `where=${encodeURIComponent(`(Qty,lt,${qty + 1})`)}`;
      const page = await server.api.get(`${t.v2}?limit=5&fields=Qty,Why?,Asked&sort=-Qty&${where}`, {
        token: t.owner.token,
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.list.map((r: Record<string, unknown>) => [r.Qty, r['Why?'], r.Asked])).toEqual(
        [3, 2, 1]
          .filter((n) => n <= qty)
          .map((n) => [n, `because ${ids.body.list[n - 1].Id}?`, `Product ${n}?`]),
      );
    }
  });

  it('pages and counts each request’s filter values, from SQL compiled once per filter shape', async () => {
    // Comparisons compile once per shape and each request binds its values (docs/performance.md, "A warm
    // read, step by step"); blanks, dates and `like` keep their values in the shape.
    const rows = [1, 2, 3].map((n) => productRow(n));
    const cases: [string, (r: Record<string, unknown>) => boolean][] = [];
    for (const qty of [0, 2, 1, 3])
      for (const status of ['open', 'closed'])
        for (const done of [true, false])
          cases.push([
            `((Status,eq,${status})~and(Qty,gt,${qty}))~or(Done,eq,${done})`,
            (r) => (r.Status === status && (r.Qty as number) > qty) || r.Done === done,
          ]);
    for (const n of [1, 3, 2])
      cases.push(
        [
          `(Title,neq,Product ${n})~and(Price,le,${n * 1.5})`,
          (r) => r.Title !== `Product ${n}` && (r.Price as number) <= n * 1.5,
        ],
        [`(Qty,ge,${n})~and(Title,like,Product)`, (r) => (r.Qty as number) >= n],
        [`(Qty,lt,${n})~or(Title,eq,)`, (r) => (r.Qty as number) < n],
      );
    for (const [filter, passes] of cases) {
      const where = `where=${encodeURIComponent(filter)}`;
      const page = await server.api.get(`${t.v1}?limit=5&fields=Qty&sort=Qty&${where}`, {
        token: t.owner.token,
      });
      const count = await server.api.get(`${t.v2}/count?${where}`, { token: t.owner.token });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const expected = rows.filter(passes).map((r) => r.Qty);
      expect([filter, page.body.list.map((r: { Qty: number }) => r.Qty)]).toEqual([filter, expected]);
      expect([filter, page.body.pageInfo.totalRows, count.body.count]).toEqual([
        filter,
        expected.length,
        expected.length,
      ]);
    }
    // A value the shape's field cannot take is still refused once the shape is compiled.
    const bad = await server.api.get(
      `${t.v2}/count?where=${encodeURIComponent('(Qty,lt,many)~or(Title,eq,)')}`,
      {
        token: t.owner.token,
      },
    );
    expect(bad.status).toBe(400);
  });

  it('still sees a role taken away at the next request', async () => {
    const guest = await signUpUser(server.api);
    const invite = await server.api.post(
      `/api/v1/db/meta/projects/${t.baseId}/users`,
      { email: guest.email, roles: 'viewer' },
      { token: t.owner.token },
    );
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    expect((await server.api.get(`${t.v2}?limit=1`, { token: guest.token })).status).toBe(200);
    const users = await server.api.get(`/api/v1/db/meta/projects/${t.baseId}/users`, {
      token: t.owner.token,
    });
    const member = users.body.users.list.find((u: any) => u.email === guest.email);
    const removed = await server.api.patch(
      `/api/v1/db/meta/projects/${t.baseId}/users/${member.id}`,
      { roles: 'no-access' },
      { token: t.owner.token },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await server.api.get(`${t.v2}?limit=1`, { token: guest.token })).status).toBe(403);
  });

  it('answers a page past the end of a known count with no row, and shows a row written since', async () => {
    const page = async (offset: number) => {
      const res = await server.api.get(`${t.v2}?limit=2&offset=${offset}&where=(Qty,ge,0)`, {
        token: t.owner.token,
      });
      expect(res.status).toBe(200);
      return res.body as { list: { Title: string }[]; pageInfo: { totalRows: number } };
    };
    const first = await page(0);
    const total = first.pageInfo.totalRows;
    expect(first.list).toHaveLength(2);
    for (const offset of [total, total + 5]) {
      const past = await page(offset);
      expect(past.list).toEqual([]);
      expect(past.pageInfo.totalRows).toBe(total);
    }
    const add = await server.api.post(t.bulk, [{ ...productRow(90), Title: 'written since' }], {
      token: t.owner.token,
    });
    expect(add.status).toBe(200);
    const after = await page(total);
    expect(after.list.map((r) => r.Title)).toEqual(['written since']);
    expect(after.pageInfo.totalRows).toBe(total + 1);
  });

  it('binds the values of each request into a filter shape compiled before (pages, totals and counts)', async () => {
    // On PostgreSQL one statement serves every value of a filter shape (docs/performance.md, "Filters bound per
    // request (PostgreSQL)"): each request must still read with its own values.
    const rows = [4, 5, 6, 7, 8].map((n) => productRow(n, { Title: n % 2 ? `odd ${n}` : `even ${n}` }));
    expect((await server.api.post(t.bulk, rows, { token: t.owner.token })).status).toBe(200);
    const all = (await server.api.get(`${t.v2}?limit=100`, { token: t.owner.token })).body.list as {
      Id: number;
      Title: string;
      Qty: number;
      Price: number;
      Status: string | null;
    }[];
    const get = (path: string, where: string) =>
      server.api.get(`${path}${path.includes('?') ? '&' : '?'}where=${encodeURIComponent(where)}`, {
        token: t.owner.token,
      });
    for (const [status, qty, price] of [
      ['open', 5, 9],
      ['closed', 8, 100],
      ['open', 100, 3],
      ['closed', 1, 7.5],
    ] as const) {
      const where = `((Status,eq,${status})~and(Qty,lt,${qty}))~or(Price,gt,${price})`;
      const matching = all.filter((r) => (r.Status === status && r.Qty < qty) || r.Price > price);
      const page = await get(`${t.v2}?limit=2`, where);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.list.map((r: { Id: number }) => r.Id)).toEqual(matching.slice(0, 2).map((r) => r.Id));
      expect(page.body.pageInfo.totalRows).toBe(matching.length);
      const other = `(Status,neq,${status})~and(Title,neq,odd ${qty})`;
      const count = await get(`${t.v2}/count`, other);
      expect(count.body.count).toBe(
        all.filter((r) => r.Status !== status && r.Title !== `odd ${qty}`).length,
      );
    }
    const bad = await get(`${t.v2}?limit=2`, '((Status,eq,open)~and(Qty,lt,many))~or(Price,gt,1)');
    expect(bad.status).toBe(400);
  });
});
