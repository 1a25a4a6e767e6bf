/**
 * Which automatic indexes group-by and `~or` filters get, and that the planner uses them (docs/performance.md,
 * "Automatic indexes"): a group-by under a filter gets (equality fields, grouped field, range field), read in
 * group order without a sort; a `~or` gets one index per branch, joined by SQLite's MULTI-INDEX OR; a filtered
 * list in row order builds nothing, the row-order index already serves it. Answers stay exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaDbClient } from '../src/config.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { ITEM_STATUSES, itemRow, itemsTableBody } from './items-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

const ROWS = 6000;

const row = itemRow;
const ALL = Array.from({ length: ROWS }, (_, i) => ({ Id: i + 1, ...row(i) }));

/** Column lists of the table's automatic indexes (`rbx_…`), each in index order. */
async function autoIndexes(server: TestServer, kind: MetaDbClient, table: string): Promise<string[][]> {
  const db = server.ctx.db;
  let rows: { idx: string; col: string }[];
  if (kind === 'sqlite') {
    rows = (await db.raw(
      `select il.name as idx, ii.name as col from pragma_index_list(?) as il, pragma_index_info(il.name) as ii
       where il.name like 'rbx\\_%' escape '\\' order by il.name, ii.seqno`,
      [table],
    )) as typeof rows;
  } else if (kind === 'pg') {
    const res = await db.raw(
      `select ix.relname as idx, a.attname as col from pg_index i
         join pg_class ix on ix.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
         join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
       where t.relname = ? and ix.relname like 'rbx\\_%' and pg_table_is_visible(t.oid) order by ix.relname, k.n`,
      [table],
    );
    rows = res.rows as typeof rows;
  } else {
    const [res] = (await db.raw(
      `select index_name as idx, column_name as col from information_schema.statistics
       where table_schema = database() and table_name = ? and index_name like 'rbx\\_%' order by index_name, seq_in_index`,
      [table],
    )) as [typeof rows];
    rows = res;
  }
  const byIndex = new Map<string, string[]>();
  for (const r of rows) byIndex.set(r.idx, [...(byIndex.get(r.idx) ?? []), r.col]);
  return [...byIndex.values()];
}

async function sqlitePlan(server: TestServer, sql: string, bindings: unknown[]): Promise<string> {
  const rows = (await server.ctx.db.raw(`explain query plan ${sql}`, bindings as any[])) as {
    detail: string;
  }[];
  return rows.map((r) => r.detail).join('\n');
}

describe.each(testDatabases())('automatic indexes for group-by and ~or on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;

  /** A fresh table of ROWS rows: its id and its name in the database. */
  async function items(): Promise<{ tableId: string; table: string }> {
    const t = await createTable(
      server,
      owner,
      baseId,
      itemsTableBody(
        `items_${Math.random().toString(36).slice(2, 8)}`,
        `Items ${Math.random().toString(36).slice(2, 8)}`,
      ),
    );
    for (let from = 0; from < ROWS; from += 2000) {
      const res = await server.api.post(
        `/api/v1/db/data/bulk/noco/${baseId}/${t.id}`,
        Array.from({ length: 2000 }, (_, k) => row(from + k)),
        { token: owner.token },
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    }
    const loaded = await server.ctx.tableModels.get(server.ctx, t.id);
    return { tableId: t.id, table: loaded.model.tableName };
  }

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  }, 60_000);
  afterAll(async () => server?.close());

  it('a group-by under a filter gets (grouped field, range field) and counts without a sort', async () => {
    const { tableId, table } = await items();
    const path = `/api/v1/db/data/noco/${baseId}/${tableId}/groupby?column_name=Status&where=${encodeURIComponent('(Qty,lt,120)')}`;
    const first = await server.api.get(path, { token: owner.token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await server.ctx.dataCache.indexes.settled();
    expect(await autoIndexes(server, kind, table)).toContainEqual(['status', 'qty']);

    const again = await server.api.get(path, { token: owner.token });
    const want = ITEM_STATUSES.map((s) => ({
      Status: s,
      count: ALL.filter((r) => r.Status === s && r.Qty < 120).length,
    }));
    for (const res of [first, again]) {
      expect(res.body.list).toEqual(expect.arrayContaining(want));
      expect(res.body.list).toHaveLength(4);
    }
    if (kind === 'sqlite') {
      const plan = await sqlitePlan(
        server,
        `select status, count(*) as count from "${table}" where qty < ? group by status`,
        [120],
      );
      expect(plan).toMatch(/USING COVERING INDEX rbx_\w+/);
      expect(plan).not.toMatch(/TEMP B-TREE FOR GROUP BY/);
    }
  }, 60_000);

  it('a ~or of an ~and group and a condition gets an index per branch, and counts exactly', async () => {
    const { tableId, table } = await items();
    const where = '((Status,eq,open)~and(Qty,lt,100))~or(Price,gt,95)';
    const v2 = `/api/v2/tables/${tableId}/records`;
    const count = await server.api.get(`${v2}/count?where=${encodeURIComponent(where)}`, {
      token: owner.token,
    });
    expect(count.status, JSON.stringify(count.body)).toBe(200);
    const matching = ALL.filter((r) => (r.Status === 'open' && r.Qty < 100) || r.Price > 95);
    expect(count.body.count).toBe(matching.length);
    await server.ctx.dataCache.indexes.settled();
    const indexes = await autoIndexes(server, kind, table);
    expect(indexes).toContainEqual(['status', 'qty']);
    expect(indexes).toContainEqual(['price']);

    const page = await server.api.get(`${v2}?where=${encodeURIComponent(where)}&limit=25&fields=Id`, {
      token: owner.token,
    });
    expect(page.body.list.map((r: any) => r.Id)).toEqual(matching.slice(0, 25).map((r) => r.Id));
    expect(page.body.pageInfo.totalRows).toBe(matching.length);
    if (kind === 'sqlite') {
      const plan = await sqlitePlan(
        server,
        `select count(*) from "${table}" where (status = ? and qty < ?) or price > ?`,
        ['open', 100, 95],
      );
      expect(plan).toMatch(/MULTI-INDEX OR/);
      expect(plan).not.toMatch(/^SCAN/m);
    }
  }, 60_000);

  it('a filtered list in row order builds no index beside the row-order index', async () => {
    const { tableId, table } = await items();
    const where = encodeURIComponent('(Qty,lt,40)');
    const list = await server.api.get(`/api/v1/db/data/noco/${baseId}/${tableId}?where=${where}&limit=25`, {
      token: owner.token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const matching = ALL.filter((r) => r.Qty < 40);
    expect(list.body.list.map((r: any) => r.Id)).toEqual(matching.slice(0, 25).map((r) => r.Id));
    expect(list.body.pageInfo.totalRows).toBe(matching.length);
    await server.ctx.dataCache.indexes.settled();
    // The count's index on the filtered field, and nothing that starts with the row order.
    const indexes = await autoIndexes(server, kind, table);
    expect(indexes).toContainEqual(['qty']);
    expect(indexes.filter((cols) => cols[0] === 'nc_order')).toEqual([]);
  }, 60_000);

  it('an index that begins another automatic one: PostgreSQL drops it or leaves it out, SQLite keeps it', async () => {
    const filter = '(Status,eq,open)~and(Price,gt,50)';
    const v2 = (tableId: string) => `/api/v2/tables/${tableId}/records`;
    const count = (tableId: string) =>
      server.api.get(`${v2(tableId)}/count?where=${encodeURIComponent(filter)}`, { token: owner.token });
    const page = (tableId: string) =>
      server.api.get(`${v2(tableId)}?where=${encodeURIComponent(filter)}&sort=-Price&limit=25&fields=Id`, {
        token: owner.token,
      });
    const matching = ALL.filter((r) => r.Status === 'open' && r.Price > 50);
    const byPrice = [...matching].sort((a, b) => b.Price - a.Price || b.Id - a.Id);

    // The count's (status, price) first; then the sorted page's (status, price, id) on PostgreSQL (SQLite and
    // MySQL keep the key in every index: the page's index is the count's); then a group-by's (status, price, qty).
    const first = await items();
    expect((await count(first.tableId)).body.count).toBe(matching.length);
    await server.ctx.dataCache.indexes.settled();
    expect(await autoIndexes(server, kind, first.table)).toContainEqual(['status', 'price']);
    const sorted = await page(first.tableId);
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    expect(sorted.body.list.map((r: any) => r.Id)).toEqual(byPrice.slice(0, 25).map((r) => r.Id));
    const groups = `/api/v1/db/data/noco/${baseId}/${first.tableId}/groupby?column_name=Price&where=${encodeURIComponent('(Status,eq,open)~and(Qty,lt,100)')}`;
    expect((await server.api.get(groups, { token: owner.token })).status).toBe(200);
    await server.ctx.dataCache.indexes.settled();
    const indexes = await autoIndexes(server, kind, first.table);
    expect(indexes).toContainEqual(['status', 'price', 'qty']);
    if (kind === 'pg') {
      expect(indexes).toContainEqual(['status', 'price', 'id']);
      expect(indexes).not.toContainEqual(['status', 'price']);
      const plan = await server.ctx.db.raw(
        `explain select count(*) from "${first.table}" where status = ? and price > ?`,
        ['open', 50],
      );
      expect(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n')).toMatch(/Index (Only )?Scan using rbx_/);
    } else {
      // SQLite keeps an index that begins another one (docs/performance.md, "Automatic indexes").
      expect(indexes).toContainEqual(['status', 'price']);
    }
    expect((await count(first.tableId)).body.count).toBe(matching.length);

    // The longer index first, or both asked for at once: PostgreSQL never builds the shorter one.
    for (const together of [false, true]) {
      const t = await items();
      // Every index build on the table, as its columns (knex reports the statements it runs).
      const creates: string[][] = [];
      const noteCreate = (q: { sql?: string }) => {
        const list = (q.sql ?? '').match(/^create index .* on "(\w+)" \((.*)\)$/i);
        if (list?.[1] === t.table) creates.push([...list[2]!.matchAll(/"(\w+)"/g)].map((m) => m[1]!));
      };
      server.ctx.db.on('query', noteCreate);
      if (together) await Promise.all([page(t.tableId), count(t.tableId)]);
      else {
        await page(t.tableId);
        await server.ctx.dataCache.indexes.settled();
        expect((await count(t.tableId)).body.count).toBe(matching.length);
      }
      await server.ctx.dataCache.indexes.settled();
      server.ctx.db.off('query', noteCreate);
      const built = await autoIndexes(server, kind, t.table);
      if (kind === 'pg') {
        expect(creates).toEqual([['status', 'price', 'id']]);
        expect(built).toContainEqual(['status', 'price', 'id']);
        expect(built).not.toContainEqual(['status', 'price']);
      } else expect(built).toContainEqual(['status', 'price']);
      expect((await page(t.tableId)).body.list.map((r: any) => r.Id)).toEqual(
        byPrice.slice(0, 25).map((r) => r.Id),
      );
    }
  }, 120_000);

  it("a ~or count after a sorted page: PostgreSQL builds its index on top of the page's, one index for both", async () => {
    const { tableId, table } = await items();
    const v2 = `/api/v2/tables/${tableId}/records`;
    const sortedWhere = '(Status,eq,open)~and(Price,gt,50)';
    const sorted = await server.api.get(
      `${v2}?where=${encodeURIComponent(sortedWhere)}&sort=-Price&limit=25&fields=Id`,
      {
        token: owner.token,
      },
    );
    expect(sorted.status, JSON.stringify(sorted.body)).toBe(200);
    await server.ctx.dataCache.indexes.settled();
    const where = '((Status,eq,open)~and(Qty,lt,100))~or(Price,gt,95)';
    const matching = ALL.filter((r) => (r.Status === 'open' && r.Qty < 100) || r.Price > 95).length;
    const count = () =>
      server.api.get(`${v2}/count?where=${encodeURIComponent(where)}`, { token: owner.token });
    expect((await count()).body.count).toBe(matching);
    await server.ctx.dataCache.indexes.settled();
    const indexes = await autoIndexes(server, kind, table);
    if (kind === 'pg') {
      // (status, price nulls first, id) and (status, price, qty) would both begin with (status, price).
      expect(indexes).toContainEqual(['status', 'price', 'id', 'qty']);
      expect(indexes).not.toContainEqual(['status', 'price', 'id']);
      expect(indexes).not.toContainEqual(['status', 'price', 'qty']);
      const plan = await server.ctx.db.raw(
        `explain select count(*) from "${table}" where status = ? and qty < ? and price > ?`,
        ['open', 100, 95],
      );
      expect(plan.rows.map((r: any) => r['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using rbx_/);
    } else if (kind === 'sqlite') expect(indexes).toContainEqual(['status', 'price', 'qty']); // none on MySQL
    // Counted from the count tables and the index once all are in place, as before.
    expect((await count()).body.count).toBe(matching);
    const again = await server.api.get(
      `${v2}?where=${encodeURIComponent(sortedWhere)}&sort=-Price&limit=25&fields=Id`,
      {
        token: owner.token,
      },
    );
    expect(again.body.list).toEqual(sorted.body.list);
    if (kind !== 'pg') return;
    // Deleting Qty drops the one index both reads used: the sorted page's own is built again.
    const meta = await server.api.get(`/api/v1/db/meta/tables/${tableId}`, { token: owner.token });
    const qty = meta.body.columns.find((c: any) => c.title === 'Qty');
    expect(
      (await server.api.delete(`/api/v1/db/meta/columns/${qty.id}`, undefined, { token: owner.token }))
        .status,
    ).toBe(200);
    expect(await autoIndexes(server, kind, table)).not.toContainEqual(['status', 'price', 'id', 'qty']);
    const after = await server.api.get(
      `${v2}?where=${encodeURIComponent(sortedWhere)}&sort=-Price&limit=25&fields=Id`,
      {
        token: owner.token,
      },
    );
    expect(after.body.list).toEqual(sorted.body.list);
    await server.ctx.dataCache.indexes.settled();
    expect(await autoIndexes(server, kind, table)).toContainEqual(['status', 'price', 'id']);
  }, 60_000);
});
