/**
 * PostgreSQL's query path (docs/performance.md, "PostgreSQL"): a page at an offset works out its lookups,
 * rollups and formulas for its own rows only, not for the rows OFFSET skips; the app's connections run
 * without JIT; automatic index builds run one at a time, with one statistics refresh after the last one
 * queued, and none copies the row-order index; a list's count is read in its page's statement. Runs on PostgreSQL only (RB_TEST_DBS must include pg).
 */
import { parseSort } from '@rowbase/core/filters/sort';
import { parseWhere } from '@rowbase/core/filters/where';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RowReader } from '../src/data/row-query.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import {
  addColumn,
  columnByTitle,
  createBase,
  createTable,
  signedInOwner,
  type Owner,
} from './meta-factories.js';
import { itemRow, itemsTableBody } from './items-fixtures.js';

const ROWS = 3000;
const CUSTOMERS = 30;
const PARTS = 600;

const item = itemRow;
const customerOf = (id: number) => (id % CUSTOMERS) + 1;
const cityOf = (customerId: number) => `City ${(customerId - 1) % 7}`;
const itemOfPart = (partId: number) => ((partId * 7) % ROWS) + 1;
const weightOf = (partId: number) => ((partId - 1) % 300) / 4;

/** What the user should see for every item, worked out here. */
function expectedItems() {
  const weights = new Map<number, number>();
  for (let p = 1; p <= PARTS; p++)
    weights.set(itemOfPart(p), (weights.get(itemOfPart(p)) ?? 0) + weightOf(p));
  return Array.from({ length: ROWS }, (_, i) => {
    const r = item(i);
    const id = i + 1;
    return {
      Id: id,
      ...r,
      City: cityOf(customerOf(id)),
      Weight: weights.get(id) ?? 0,
      Value: r.Price * r.Qty,
    };
  });
}

const kind = 'pg';

describe.runIf(testDatabases().includes(kind))('query path on PostgreSQL', () => {
  let server: TestServer;
  let owner: Owner;
  let itemsId: string;
  let itemsTable: string;
  let baseId: string;
  const fields = 'Id,City,Parts weight,Value';

  const get = async (path: string) => {
    const res = await server.api.get(path, { token: owner.token });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    return res.body;
  };
  const post = async (path: string, body: unknown) => {
    const res = await server.api.post(path, body, { token: owner.token });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    return res.body;
  };
  /** A page's rows as [Id, City, rollup, formula], numbers rounded to cents. */
  const shown = (list: any[]) =>
    list.map((r) => [r.Id, r.City, Number(r['Parts weight']).toFixed(2), Number(r.Value).toFixed(2)]);
  const want = (rows: ReturnType<typeof expectedItems>) =>
    rows.map((r) => [r.Id, r.City, r.Weight.toFixed(2), r.Value.toFixed(2)]);

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
    const items = await createTable(server, owner, baseId, itemsTableBody('items', 'Items'));
    itemsId = items.id;
    itemsTable = items.table_name;
    const customers = await createTable(server, owner, baseId, {
      title: 'Customers',
      columns: [{ title: 'City', uidt: 'SingleLineText' }],
    });
    const parts = await createTable(server, owner, baseId, {
      title: 'Parts',
      columns: [{ title: 'Weight', uidt: 'Decimal' }],
    });
    const bulk = (tableId: string, rows: object[]) =>
      post(`/api/v1/db/data/bulk/noco/${baseId}/${tableId}`, rows);
    for (let from = 0; from < ROWS; from += 1000) {
      await bulk(
        itemsId,
        Array.from({ length: 1000 }, (_, k) => item(from + k)),
      );
    }
    await bulk(
      customers.id,
      Array.from({ length: CUSTOMERS }, (_, i) => ({ Title: `Customer ${i + 1}`, City: cityOf(i + 1) })),
    );
    await bulk(
      parts.id,
      Array.from({ length: PARTS }, (_, i) => ({ Title: `Part ${i + 1}`, Weight: weightOf(i + 1) })),
    );
    const customerLink = (
      await addColumn(server, owner, itemsId, {
        title: 'Customer',
        uidt: 'LinkToAnotherRecord',
        type: 'bt',
        childId: customers.id,
      })
    ).column_id;
    const partsLink = (
      await addColumn(server, owner, itemsId, {
        title: 'Parts',
        uidt: 'Links',
        type: 'hm',
        childId: parts.id,
      })
    ).column_id;
    // Link keys are set in SQL: set-up, not what is tested.
    const fkOf = async (tableId: string) =>
      ((await get(`/api/v1/db/meta/tables/${tableId}`)).columns as any[]).find(
        (c) => c.uidt === 'ForeignKey',
      );
    const partsMeta = await get(`/api/v1/db/meta/tables/${parts.id}`);
    const db = server.ctx.db;
    await db(itemsTable).update({ [(await fkOf(itemsId)).column_name]: db.raw(`(id % ${CUSTOMERS}) + 1`) });
    await db(partsMeta.table_name).update({
      [(await fkOf(parts.id)).column_name]: db.raw(`((id * 7) % ${ROWS}) + 1`),
    });
    await addColumn(server, owner, itemsId, {
      title: 'City',
      uidt: 'Lookup',
      fk_relation_column_id: customerLink,
      fk_lookup_column_id: columnByTitle(customers, 'City').id,
    });
    await addColumn(server, owner, itemsId, {
      title: 'Parts weight',
      uidt: 'Rollup',
      fk_relation_column_id: partsLink,
      fk_rollup_column_id: columnByTitle(parts, 'Weight').id,
      rollup_function: 'sum',
    });
    await addColumn(server, owner, itemsId, {
      title: 'Value',
      uidt: 'Formula',
      formula_raw: '{Price} * {Qty}',
    });
  }, 120_000);
  afterAll(async () => server?.close());

  it('shows the right lookups, rollups and formulas on pages at an offset, in row order and sorted', async () => {
    const all = expectedItems();
    const v2 = `/api/v2/tables/${itemsId}/records`;
    // A deep page in row order, first visit (read with OFFSET), then the next one (from the seek point).
    const deep = await get(`${v2}?limit=25&offset=2000&fields=${encodeURIComponent(fields)}`);
    expect(shown(deep.list)).toEqual(want(all.slice(2000, 2025)));
    const next = await get(`${v2}?limit=25&offset=2025&fields=${encodeURIComponent(fields)}`);
    expect(shown(next.list)).toEqual(want(all.slice(2025, 2050)));
    // Sorted by a field, at a small offset.
    const sorted = await get(`${v2}?limit=25&offset=100&sort=-Price&fields=${encodeURIComponent(fields)}`);
    const bySort = [...all].sort((a, b) => b.Price - a.Price || b.Id - a.Id);
    expect(shown(sorted.list)).toEqual(want(bySort.slice(100, 125)));
    // Filtered, deep, in row order.
    const where = encodeURIComponent('(Status,eq,closed)');
    const filtered = await get(
      `${v2}?limit=25&offset=600&where=${where}&fields=${encodeURIComponent(fields)}`,
    );
    expect(shown(filtered.list)).toEqual(want(all.filter((r) => r.Status === 'closed').slice(600, 625)));
    // The v1 list with its count.
    const v1 = await get(
      `/api/v1/db/data/noco/${baseId}/${itemsId}?limit=10&offset=700&where=${where}&fields=${encodeURIComponent(fields)}`,
    );
    expect(shown(v1.list)).toEqual(want(all.filter((r) => r.Status === 'closed').slice(700, 710)));
    expect(v1.pageInfo.totalRows).toBe(ROWS / 4);
  });

  it('runs the lookup and rollup subqueries of a deep page for its 25 rows only (EXPLAIN ANALYZE)', async () => {
    const { db, model } = await server.ctx.tableModels.get(server.ctx, itemsId);
    const reader = new RowReader(db, model, server.ctx.dataCache);
    for (const q of [
      { fields: fields.split(','), limit: 25, offset: 2000 },
      { fields: fields.split(','), limit: 25, offset: 1500, sort: parseSort('-Price') },
    ]) {
      const { sql, bindings } = reader.pageSql(q);
      const res = await db.raw(
        `explain (analyze, format text) ${sql.replace(/\$\d+/g, '?')}`,
        bindings as any[],
      );
      const plan = (res.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/SubPlan/);
      // Before, each subquery ran once per row read, the skipped ones included: loops=2025.
      const loops = [...plan.matchAll(/loops=(\d+)/g)].map((m) => Number(m[1]));
      expect(Math.max(...loops), plan).toBeLessThanOrEqual(25);
      expect(plan).not.toMatch(/JIT:/);
    }
  });

  it('opens its connections without JIT', async () => {
    const res = await server.ctx.db.raw('show jit');
    expect(res.rows[0].jit).toBe('off');
  });

  it('builds automatic indexes one at a time, refreshes statistics once after the last, never a copy of the row-order index', async () => {
    const indexes = server.ctx.dataCache.indexes;
    await indexes.settled();
    const stats = async () =>
      (
        await server.ctx.db.raw('select vacuum_count from pg_stat_user_tables where relname = ?', [
          itemsTable,
        ])
      ).rows[0] as { vacuum_count: string };
    const vacuumsBefore = Number((await stats()).vacuum_count);
    const { db, model } = await server.ctx.tableModels.get(server.ctx, itemsId);
    // Three new shapes at once, as three requests would suggest them.
    indexes.suggest(db, model, parseWhere('(Qty,gt,10)'), undefined);
    indexes.suggest(db, model, parseWhere('(Price,lt,5)'), undefined);
    indexes.suggest(db, model, parseWhere('(Status,eq,open)'), parseSort('-Qty'));
    let busiest = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const res = await server.ctx.db.raw(
          `select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
             and state = 'active' and (query ilike 'create index%' or query ilike 'vacuum%')`,
        );
        busiest = Math.max(busiest, Number(res.rows[0].n));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await indexes.settled();
    watching = false;
    await watch;
    expect(busiest).toBeLessThanOrEqual(1);
    const defs = (
      await server.ctx.db.raw('select indexdef from pg_indexes where tablename = ?', [itemsTable])
    ).rows.map((r: { indexdef: string }) => r.indexdef.replace(/^.* USING /, '')) as string[];
    // Each shape's index, or a longer automatic one that begins with it (an earlier test sorted by Price):
    // on PostgreSQL a prefix of another automatic index is not built (docs/performance.md).
    for (const key of ['qty NULLS FIRST', 'price NULLS FIRST', 'status, qty NULLS FIRST, id']) {
      expect(
        defs.filter((d) => d === `btree (${key})` || d.startsWith(`btree (${key}, `)),
        key,
      ).toHaveLength(1);
    }
    expect(Number((await stats()).vacuum_count)).toBe(vacuumsBefore + 1);

    // A filtered list without sort reads in row order: the row-order index serves it, no copy is built.
    const list = await get(
      `/api/v2/tables/${itemsId}/records?limit=5&where=${encodeURIComponent('(Qty,lt,3)')}`,
    );
    expect(list.list.map((r: any) => r.Id)).toEqual([1, 2, 3, 501, 502]);
    await indexes.settled();
    const after = (
      await server.ctx.db.raw('select indexdef from pg_indexes where tablename = ?', [itemsTable])
    ).rows.map((r: { indexdef: string }) => r.indexdef) as string[];
    expect(after.filter((d) => d.includes('(nc_order NULLS FIRST, id)'))).toHaveLength(1);
  }, 60_000);

  it('reads a list and its exact totalRows in one statement', async () => {
    const all = expectedItems();
    const v1 = `/api/v1/db/data/noco/${baseId}/${itemsId}`;
    const list = (where: string, more = '') =>
      get(`${v1}?limit=25${more}&where=${encodeURIComponent(where)}&fields=${encodeURIComponent(fields)}`);
    const closed = all.filter((r) => r.Status === 'closed');
    const orFilter = (q: number) => (r: (typeof all)[number]) =>
      (r.Status === 'open' && r.Qty < q) || r.Price > 90;
    const cases: [string, string, typeof all][] = [
      ['(Status,eq,closed)', '', closed.slice(0, 25)],
      ['(Qty,lt,3)', '', all.filter((r) => r.Qty < 3)],
      ['(Qty,lt,0)', '', []],
      ['(Status,eq,closed)~and(Qty,lt,300)', '&offset=100&sort=-Price', []],
      ['((Status,eq,open)~and(Qty,lt,100))~or(Price,gt,90)', '', all.filter(orFilter(100)).slice(0, 25)],
      ['(Title,like,Item 12)', '', all.filter((r) => r.Title.includes('Item 12')).slice(0, 25)],
    ];
    const totals = [
      closed.length,
      all.filter((r) => r.Qty < 3).length,
      0,
      closed.filter((r) => r.Qty < 300).length,
      all.filter(orFilter(100)).length,
      all.filter((r) => r.Title.includes('Item 12')).length,
    ];
    const sorted = closed.filter((r) => r.Qty < 300).sort((a, b) => b.Price - a.Price || b.Id - a.Id);
    cases[3]![2] = sorted.slice(100, 125);
    for (const [i, [where, more, rows]] of cases.entries()) {
      const page = await list(where, more);
      expect(shown(page.list), where).toEqual(want(rows));
      expect(page.pageInfo.totalRows, where).toBe(totals[i]);
    }
    // A page past the end has no row to carry the count: counted on its own.
    const past = await list('(Status,eq,open)', '&offset=2000');
    expect(past.list).toEqual([]);
    expect(past.pageInfo.totalRows).toBe(ROWS / 4);

    // Round trips: a list whose count is not cached (another filter value) sends one statement.
    await server.ctx.dataCache.indexes.settled();
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.includes(`"${itemsTable}"`)) sent.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    let page;
    try {
      page = await list('((Status,eq,open)~and(Qty,lt,50))~or(Price,gt,95)');
    } finally {
      pg.Client.prototype.query = query;
    }
    expect(page.pageInfo.totalRows).toBe(
      all.filter((r) => (r.Status === 'open' && r.Qty < 50) || r.Price > 95).length,
    );
    expect(sent).toHaveLength(1);
  }, 60_000);
});
