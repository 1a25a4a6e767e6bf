/**
 * Count tables on PostgreSQL (docs/performance.md, "Count tables (PostgreSQL)"): a count or group-by whose
 * filter names at most two fields is answered from a table of (combination, rows) kept by statement-level
 * triggers. Counts and groups stay exact through inserts, updates, deletes and concurrent writers; folding a
 * count table keeps its sums; a wide one is not kept; deleting or retyping a counted field drops it.
 * Runs on PostgreSQL only (RB_TEST_DBS must include pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import knexFactory, { type Knex } from 'knex';
import { COMPACT_AFTER_WRITES, compactCountTable, compactWhenWritten } from '../src/data/pg-count-tables.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { countRequests, expectedGroups, low, type Item } from './count-table-fixtures.js';
import { ITEM_STATUSES, itemRow, itemsTableBody } from './items-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

const ROWS = 6000;
const kind = 'pg';

describe.runIf(testDatabases().includes(kind))('count tables on PostgreSQL', () => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  }, 60_000);
  afterAll(async () => server?.close());

  const { bulk, count, groups, items: itemsOf } = countRequests(() => ({ server, owner, baseId }));
  const items = () => itemsOf(ROWS);

  /** The count tables of a table (found by their insert triggers), with the columns each holds. */
  async function countTables(table: string): Promise<Map<string, string[]>> {
    const res = (await server.ctx.db.raw(
      `select left(t.tgname, -3) as name,
              array(select a.attname::text from pg_attribute a where a.attrelid = to_regclass(quote_ident(left(t.tgname, -3)))
                    and a.attnum > 0 and not a.attisdropped order by a.attnum) as columns
         from pg_trigger t where t.tgrelid = to_regclass(?) and t.tgname like 'rbx\\_cnt\\_%\\_ai' order by 1`,
      [`"${table}"`],
    )) as { rows: { name: string; columns: string[] }[] };
    return new Map(res.rows.map((r) => [r.name, r.columns]));
  }

  /** Count tables whose table's triggers are gone: stale counts nobody keeps. */
  async function countTablesWithoutTriggers(): Promise<string[]> {
    const res = (await server.ctx.db.raw(
      `select c.relname as name from pg_class c where c.relkind = 'r' and c.relname like 'rbx\\_cnt\\_%'
         and not exists (select 1 from pg_trigger t where t.tgname = c.relname || '_ai')`,
    )) as { rows: { name: string }[] };
    return res.rows.map((r) => r.name);
  }

  const filters: [string, (r: Item) => boolean][] = [
    ['(Status,eq,open)~and(Qty,lt,120)', (r) => r.Status === 'open' && low(r, 120)],
    ['(Qty,lt,120)~or(Status,eq,closed)', (r) => low(r, 120) || r.Status === 'closed'],
    ['(Status,neq,open)~and(Qty,ge,400)', (r) => r.Status !== 'open' && r.Qty !== null && r.Qty >= 400],
  ];

  it('counts and groups exactly from a count table, through inserts, updates and deletes', async () => {
    const { tableId, table, rows } = await items();
    const data = `/api/v1/db/data/noco/${baseId}/${tableId}`;
    for (const [where, keep] of filters) expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    expect((await groups(tableId, '(Qty,lt,120)')).list).toEqual(expectedGroups(rows, (r) => low(r, 120)));
    await server.ctx.dataCache.indexes.settled();

    // One table for the filters on (qty, status) and the group-by of Status under a Qty filter alike.
    const tables = await countTables(table);
    expect([...tables.values()].map((c) => c.join(','))).toEqual(['qty,status,rbx_rows']);
    const [name] = [...tables].find(([, c]) => c[0] === 'qty')!;
    // The answer comes from the count table: a row added to it shows in the count.
    await server.ctx.db.raw(`insert into "${name}" (qty, status, rbx_rows) values (4, 'open', 1000)`);
    expect(await count(tableId, '(Status,eq,open)~and(Qty,lt,7)')).toBe(
      rows.filter((r) => r.Status === 'open' && low(r, 7)).length + 1000,
    );
    await server.ctx.db.raw(`insert into "${name}" (qty, status, rbx_rows) values (4, 'open', -1000)`);

    // Writes through the API: the triggers add one row per changed combination in the same transaction.
    const added: Item[] = [
      { Id: ROWS + 1, Title: 'new a', Qty: 3, Price: 1, Status: 'open' },
      { Id: ROWS + 2, Title: 'new b', Qty: 7, Price: 1, Status: 'archived' },
      { Id: ROWS + 3, Title: 'new c', Qty: null, Price: 1, Status: null },
    ];
    await bulk(
      tableId,
      added.map(({ Id: _, ...r }) => r),
    );
    rows.push(...added);
    // Row 1 (open, qty 0) becomes closed with qty 450; row 2 is deleted; row 3 changes its price only.
    expect(
      (await server.api.patch(`${data}/1`, { Status: 'closed', Qty: 450 }, { token: owner.token })).status,
    ).toBe(200);
    rows[0] = { ...rows[0]!, Status: 'closed', Qty: 450 };
    expect((await server.api.delete(`${data}/2`, undefined, { token: owner.token })).status).toBe(200);
    rows.splice(1, 1);
    const before = (await server.ctx.db.raw(`select count(*)::int as n from "${name}"`)).rows[0].n as number;
    expect((await server.api.patch(`${data}/3`, { Price: 5 }, { token: owner.token })).status).toBe(200);
    // An update of a column it does not count adds nothing to it.
    expect((await server.ctx.db.raw(`select count(*)::int as n from "${name}"`)).rows[0].n).toBe(before);

    for (const [where, keep] of filters) expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    expect(await count(tableId, '(Qty,blank)')).toBe(1);
    const grouped = await groups(tableId, '(Qty,lt,120)');
    expect(grouped.list).toEqual(expectedGroups(rows, (r) => low(r, 120)));
    expect(grouped.pageInfo.totalRows).toBe(grouped.list.length);

    // Folding keeps every sum and leaves one row per combination that has rows.
    await compactCountTable(server.ctx.db, name, ['qty', 'status']);
    const folded = (
      await server.ctx.db.raw(
        `select count(*)::int as n, count(distinct (qty, status))::int as combinations, sum(rbx_rows)::int as total from "${name}"`,
      )
    ).rows[0];
    expect(folded).toEqual({
      n: folded.combinations,
      combinations: new Set(rows.map((r) => `${r.Qty}|${r.Status}`)).size,
      total: rows.length,
    });
    for (const [where, keep] of filters) expect(await count(tableId, where)).toBe(rows.filter(keep).length);

    // A group whose every row leaves the filter is gone from the answer.
    const archivedLow = rows.filter((r) => r.Status === 'archived' && low(r, 4));
    for (const r of archivedLow) {
      expect((await server.api.patch(`${data}/${r.Id}`, { Qty: 499 }, { token: owner.token })).status).toBe(
        200,
      );
      r.Qty = 499;
    }
    expect((await groups(tableId, '(Qty,lt,4)')).list).toEqual(expectedGroups(rows, (r) => low(r, 4)));
    expect((await groups(tableId, '(Qty,lt,4)')).list.map((g) => g.Status)).not.toContain('archived');

    // The page's totalRows of a v1 list uses the same counts.
    const page = await server.api.get(`${data}?where=${encodeURIComponent(filters[0]![0])}&limit=5`, {
      token: owner.token,
    });
    expect(page.body.pageInfo.totalRows).toBe(rows.filter(filters[0]![1]).length);
  }, 120_000);

  it('folds a count table the first time a process reads it, after writes that process never saw', async () => {
    const { tableId, table, rows } = await items();
    const [where, keep] = filters[0]!;
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    await server.ctx.dataCache.indexes.settled();
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    // That read folded the count table once in the background (this process's first read of it): let it end.
    await new Promise((r) => setTimeout(r, 500));
    const folding = async () =>
      (
        await server.ctx.db.raw(
          `select count(*)::int as n from pg_stat_activity where query like 'with gone as%'`,
        )
      ).rows[0].n;
    await expect.poll(folding, { timeout: 30_000 }).toBe(0);
    const [name, columns] = [...(await countTables(table))].find(([, c]) => c[0] === 'qty')!;
    const combinations = new Set(rows.map((r) => `${r.Qty}|${r.Status}`));
    // Writes through another process (or before this one started): six statements of rows on combinations
    // the table already has, which this process's change feed never sees. Each adds its own rows.
    for (let i = 0; i < 6; i++) {
      await server.ctx.db.raw(
        `insert into "${table}" (qty, status, price) select g % 60, 'open', 1 from generate_series(1, 240) g`,
      );
    }
    const stats = async (db: Knex) =>
      (
        await db.raw(
          `select count(*)::int as n, count(distinct (qty, status))::int as combinations, sum(rbx_rows)::int as total from "${name}"`,
        )
      ).rows[0] as { n: number; combinations: number; total: number };
    for (let g = 1; g <= 240; g++) combinations.add(`${g % 60}|open`);
    const total = rows.length + 6 * 240;
    expect((await stats(server.ctx.db)).n).toBeGreaterThan(combinations.size);
    // A second process: a pool of its own on the same database, whose first read of the count table folds it.
    const other = knexFactory({ client: 'pg', connection: server.ctx.db.client.config.connection });
    try {
      await compactWhenWritten(other, name, columns.slice(0, -1), 0);
      expect(await stats(other)).toEqual({
        n: combinations.size,
        combinations: combinations.size,
        total,
      });
      // Read again with no write since: not folded again (a row added by hand stays a row of its own).
      await other.raw(`insert into "${name}" (qty, status, rbx_rows) values (4, 'open', 0)`);
      expect(compactWhenWritten(other, name, columns.slice(0, -1), 0)).toBeUndefined();
      expect((await stats(other)).n).toBe(combinations.size + 1);
    } finally {
      await other.destroy();
    }
    // The rows inserted above, as the API would list them: the count through the API stays exact.
    const more: Item[] = Array.from({ length: 6 * 240 }, (_, i) => ({
      Id: 0,
      Title: '',
      Qty: ((i % 240) + 1) % 60,
      Price: 1,
      Status: 'open',
    }));
    expect(await count(tableId, '(Status,eq,open)~and(Qty,lt,7)')).toBe(
      [...rows, ...more].filter((r) => r.Status === 'open' && low(r, 7)).length,
    );
  }, 120_000);

  it('does not fold a count table this process built on its first read of it', async () => {
    const { tableId, table, rows } = await items();
    const [where, keep] = filters[0]!;
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    await server.ctx.dataCache.indexes.settled();
    const [name, columns] = [...(await countTables(table))].find(([, c]) => c[0] === 'qty')!;
    const rowsOf = async () =>
      (await server.ctx.db.raw(`select count(*)::int as n from "${name}"`)).rows[0].n;
    const combinations = new Set(rows.map((r) => `${r.Qty}|${r.Status}`)).size;
    expect(await rowsOf()).toBe(combinations);
    // Filled in one statement and kept since: this process's first read of it has nothing to fold.
    expect(
      compactWhenWritten(server.ctx.db, name, columns.slice(0, -1), server.ctx.dataCache.version(tableId)),
    ).toBeUndefined();
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    expect(await rowsOf()).toBe(combinations);
  }, 120_000);

  it('indexes a count table, fewest values first, and vacuums it after its build and after each fold', async () => {
    const { tableId, table, rows } = await items();
    const [where, keep] = filters[0]!;
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    await server.ctx.dataCache.indexes.settled();
    const [name, columns] = [...(await countTables(table))].find(([, c]) => c[0] === 'qty')!;
    // Four statuses, 500 quantities: an equality on Status, then a range on Qty, read one stretch of it.
    const defs = (
      await server.ctx.db.raw('select indexdef from pg_indexes where tablename = ?', [name])
    ).rows.map((r: { indexdef: string }) => r.indexdef.replace(/^.* USING /, ''));
    expect(defs).toEqual(['btree (status, qty) INCLUDE (rbx_rows)']);
    const plan = () =>
      server.ctx.db.transaction(async (trx) => {
        // The table is small enough that the planner may prefer reading it whole: ask for the index.
        await trx.raw('set local enable_seqscan = off');
        const res = await trx.raw(
          `explain (costs off) select sum(rbx_rows) from "${name}" where status = 'open' and qty < 120`,
        );
        return (res.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
      });
    expect(await plan()).toContain(`Index Only Scan using ${name}_ix`);
    const vacuums = async () =>
      Number(
        (await server.ctx.db.raw('select vacuum_count from pg_stat_user_tables where relname = ?', [name]))
          .rows[0].vacuum_count,
      );
    expect(await vacuums()).toBe(1);

    // A fold deletes every row and inserts the sums again: the table is vacuumed again after it.
    expect(
      (
        await server.api.patch(
          `/api/v1/db/data/noco/${baseId}/${tableId}/1`,
          { Qty: 5 },
          { token: owner.token },
        )
      ).status,
    ).toBe(200);
    rows[0] = { ...rows[0]!, Qty: 5 };
    const version = server.ctx.dataCache.version(tableId);
    void compactWhenWritten(server.ctx.db, name, columns.slice(0, -1), version);
    await compactWhenWritten(server.ctx.db, name, columns.slice(0, -1), version + COMPACT_AFTER_WRITES);
    // Vacuumed again while an older snapshot kept some pages from being all-visible (vacuumUntilAllVisible).
    expect(await vacuums()).toBeGreaterThanOrEqual(2);
    expect(await plan()).toContain(`Index Only Scan using ${name}_ix`);
    expect(await count(tableId, '(Status,eq,open)~and(Qty,lt,6)')).toBe(
      rows.filter((r) => r.Status === 'open' && low(r, 6)).length,
    );
  }, 120_000);

  it('vacuums a folded count table again once a snapshot older than the fold is gone', async () => {
    const { tableId, table, rows } = await items();
    const [where, keep] = filters[0]!;
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
    await server.ctx.dataCache.indexes.settled();
    const [name, columns] = [...(await countTables(table))].find(([, c]) => c[0] === 'qty')!;
    const stat = async () => {
      const res = await server.ctx.db.raw(
        `select c.relpages, c.relallvisible, s.vacuum_count from pg_class c
           join pg_stat_user_tables s on s.relid = c.oid where c.oid = to_regclass(?)`,
        [`"${name}"`],
      );
      const r = res.rows[0] as { relpages: number; relallvisible: number; vacuum_count: string };
      return { pages: r.relpages, visible: r.relallvisible, vacuums: Number(r.vacuum_count) };
    };
    const before = await stat();
    expect(before.visible).toBe(before.pages);
    // A statement of another connection whose snapshot is older than the fold (as under a load): the VACUUM
    // right after the fold cannot remove the rows it deleted, so their pages are not all-visible.
    const client = server.ctx.db.client as {
      acquireConnection(): Promise<{ query(sql: string): Promise<unknown> }>;
      releaseConnection(c: unknown): Promise<unknown>;
    };
    const old = await client.acquireConnection();
    try {
      await old.query('begin isolation level repeatable read');
      await old.query(`select count(*) from "${table}"`);
      const version = server.ctx.dataCache.version(tableId);
      void compactWhenWritten(server.ctx.db, name, columns.slice(0, -1), version);
      const fold = compactWhenWritten(
        server.ctx.db,
        name,
        columns.slice(0, -1),
        version + COMPACT_AFTER_WRITES,
      );
      expect(fold).toBeInstanceOf(Promise);
      // The fold's own VACUUM has run while the old snapshot was held; then that statement ends.
      for (let i = 0; i < 500 && (await stat()).vacuums === before.vacuums; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const held = await stat();
      expect(held.vacuums).toBe(before.vacuums + 1);
      expect(held.visible).toBeLessThan(held.pages);
      await old.query('commit');
      await fold;
    } finally {
      await client.releaseConnection(old);
    }
    const after = await stat();
    expect(after.visible).toBe(after.pages);
    expect(after.vacuums).toBeGreaterThan(before.vacuums + 1);
    const plan = await server.ctx.db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const res = await trx.raw(
        `explain (analyze, costs off, timing off, summary off) select sum(rbx_rows) from "${name}" where status = 'open' and qty < 120`,
      );
      return (res.rows as { 'QUERY PLAN': string }[]).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(`Index Only Scan using ${name}_ix`);
    expect(plan).toContain('Heap Fetches: 0');
    expect(await count(tableId, where)).toBe(rows.filter(keep).length);
  }, 120_000);

  it('rebuilds a count table index that folds left bloated, and counts the same after', async () => {
    const { tableId, table, rows } = await items();
    const where = '(Status,eq,open)~and(Qty,lt,120)';
    const expected = rows.filter((r) => r.Status === 'open' && low(r, 120)).length;
    expect(await count(tableId, where)).toBe(expected);
    await server.ctx.dataCache.indexes.settled();
    const [name, columns] = [...(await countTables(table))].find(([, c]) => c[0] === 'qty')!;
    const size = async () => {
      const res = await server.ctx.db.raw(
        `select pg_relation_size(i.indexrelid) / 8192 as pages, (select count(*) from "${name}") as tuples
           from pg_index i where i.indrelid = to_regclass(?)`,
        [`"${name}"`],
      );
      return { pages: Number(res.rows[0].pages), tuples: Number(res.rows[0].tuples) };
    };
    const fresh = await size();
    // Rows other processes' writes leave, one per combination and statement (here counting nothing): the fold
    // sums them away, and the index, which had to hold them all, keeps their pages unless it is rebuilt.
    await server.ctx.db.raw(
      `insert into "${name}" (status, qty, rbx_rows) select 'open', g % 500, 0 from generate_series(1, 40000) g`,
    );
    expect((await size()).pages).toBeGreaterThan(fresh.pages * 4);
    const version = server.ctx.dataCache.version(tableId);
    void compactWhenWritten(server.ctx.db, name, columns.slice(0, -1), version);
    await compactWhenWritten(server.ctx.db, name, columns.slice(0, -1), version + COMPACT_AFTER_WRITES);
    const after = await size();
    expect(after.tuples).toBe(fresh.tuples);
    expect(after.pages).toBeLessThanOrEqual(fresh.pages * 2 + 1);
    expect(await count(tableId, where)).toBe(expected);
  }, 120_000);

  it('stays exact under concurrent writers on the same combinations', async () => {
    const { tableId, table, rows } = await items();
    expect(await count(tableId, '(Status,eq,open)')).toBe(rows.filter((r) => r.Status === 'open').length);
    await server.ctx.dataCache.indexes.settled();
    expect([...(await countTables(table)).values()]).toEqual([['status', 'rbx_rows']]);
    // Eight bulk inserts and eight single-row updates at once, all on the same four combinations.
    const inserts = Array.from({ length: 8 }, (_, b) =>
      bulk(
        tableId,
        Array.from({ length: 250 }, (_, k) => itemRow(ROWS + b * 250 + k)),
      ),
    );
    const updates = Array.from({ length: 8 }, (_, k) =>
      server.api.patch(
        `/api/v1/db/data/noco/${baseId}/${tableId}/${k * 4 + 1}`,
        { Status: 'closed' },
        {
          token: owner.token,
        },
      ),
    );
    const results = await Promise.all([...inserts, ...updates]);
    for (const res of results.slice(8)) expect((res as { status: number }).status).toBe(200);
    for (let i = 0; i < 2000; i++) rows.push({ Id: ROWS + i + 1, ...itemRow(ROWS + i) });
    for (let k = 0; k < 8; k++) rows[k * 4]!.Status = 'closed';
    for (const s of ITEM_STATUSES)
      expect(await count(tableId, `(Status,eq,${s})`)).toBe(rows.filter((r) => r.Status === s).length);
  }, 120_000);

  it('keeps no wide count table, and drops one with its field or a type change', async () => {
    const { tableId, table, rows, columnId } = await items();
    // Price takes up to 6,000 values: a count table would hold one row for nearly every row.
    expect(await count(tableId, '(Status,eq,open)~and(Price,gt,50)')).toBe(
      rows.filter((r) => r.Status === 'open' && r.Price > 50).length,
    );
    expect(await count(tableId, '(Qty,lt,300)')).toBe(rows.filter((r) => low(r, 300)).length);
    expect(await count(tableId, '(Status,eq,closed)')).toBe(rows.filter((r) => r.Status === 'closed').length);
    await server.ctx.dataCache.indexes.settled();
    expect([...(await countTables(table)).values()]).toEqual(
      expect.arrayContaining([
        ['qty', 'rbx_rows'],
        ['status', 'rbx_rows'],
      ]),
    );
    expect((await countTables(table)).size).toBe(2);

    // A type change of Status copies its values into a new column: its count table goes first.
    const retype = await server.api.patch(
      `/api/v1/db/meta/columns/${columnId('Status')}`,
      { title: 'Status', column_name: 'status', uidt: 'SingleLineText' },
      { token: owner.token },
    );
    expect(retype.status, JSON.stringify(retype.body)).toBe(200);
    expect([...(await countTables(table)).values()]).toEqual([['qty', 'rbx_rows']]);

    const del = await server.api.delete(`/api/v1/db/meta/columns/${columnId('Qty')}`, undefined, {
      token: owner.token,
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await countTables(table)).size).toBe(0);
    expect(await countTablesWithoutTriggers()).toEqual([]);

    // Writes still work and counts are exact, answered by whatever the new table model uses.
    await bulk(tableId, [{ Title: 'new', Status: 'open' }]);
    expect(await count(tableId, '(Status,eq,open)')).toBe(rows.filter((r) => r.Status === 'open').length + 1);
    await server.ctx.dataCache.indexes.settled();
    expect(await count(tableId, '(Status,eq,open)')).toBe(rows.filter((r) => r.Status === 'open').length + 1);
  }, 300_000);
});

describe.runIf(testDatabases().includes(kind))('RB_AUTO_INDEX=false and PostgreSQL count tables', () => {
  let server: TestServer;
  let owner: Owner;
  beforeAll(async () => {
    server = await startTestServer(kind, { RB_AUTO_INDEX: 'false' });
    owner = await signedInOwner(server);
  }, 60_000);
  afterAll(async () => server?.close());

  it('builds no count table, and counts exactly from the table', async () => {
    const baseId = (await createBase(server, owner)).id;
    const t = await createTable(server, owner, baseId, itemsTableBody('items_off', 'Items off'));
    const res = await server.api.post(
      `/api/v1/db/data/bulk/noco/${baseId}/${t.id}`,
      Array.from({ length: ROWS }, (_, i) => itemRow(i)),
      { token: owner.token },
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const open = await server.api.get(
      `/api/v2/tables/${t.id}/records/count?where=${encodeURIComponent('(Status,eq,open)')}`,
      { token: owner.token },
    );
    expect(open.body.count).toBe(ROWS / 4);
    await server.ctx.dataCache.indexes.settled();
    const tables = (await server.ctx.db.raw(
      `select count(*)::int as n from pg_class where relname like 'rbx\\_cnt\\_%'`,
    )) as { rows: { n: number }[] };
    expect(tables.rows[0]!.n).toBe(0);
  }, 120_000);
});
