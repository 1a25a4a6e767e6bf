/**
 * SQLite reads on reader threads (docs/performance.md): a read right after a write sees it, under concurrency;
 * counts are exact while other writes land; attachments and external sources read as before; a shape goes to a
 * reader only once it has been slow; the readers stop with the app. Every read outside a transaction goes to
 * the readers here (RB_SQLITE_READ_WORKER_MIN_MS=0), so the tests do not depend on how fast the machine is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPoolOf, SqliteReadPool, attachReadPool } from '../src/data/sqlite-read-pool.js';
import { selectNative } from '../src/data/sqlite-statements.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';
import { createProductTable, insertRows, productRow, type ProductTable } from './rows-fixtures.js';

const EVERY_READ = { RB_SQLITE_READ_WORKER_MIN_MS: '0', RB_SQLITE_READ_WORKERS: '2' };

describe.each(testDatabases())('reads beside writes on %s', (kind) => {
  let server: TestServer;
  let t: ProductTable;
  beforeAll(async () => {
    server = await startTestServer(kind, EVERY_READ);
    t = await createProductTable(server);
  });
  afterAll(async () => server?.close());

  it('a read sent as soon as a write is answered sees it: 6 clients at once, counts exact', async () => {
    const auth = { token: t.owner.token };
    let stop = false;
    // Writes to the same table that are not any client's: they retire the table's caches while counts run.
    const noise = (async () => {
      for (let i = 0; !stop; i++) await insertRows(server, t, [productRow(10_000 + i, { Notes: 'noise' })]);
    })();
    const client = async (c: number) => {
      for (let k = 1; k <= 10; k++) {
        const code = `C${c}-${k}`;
        const [id] = await insertRows(server, t, [productRow(k, { Code: code, Notes: `client ${c}` })]);
        const found = await server.api.get(`${t.v2}?where=${encodeURIComponent(`(Code,eq,${code})`)}`, auth);
        expect(found.status).toBe(200);
        expect(found.body.list.map((r: { Id: number }) => r.Id)).toEqual([id]);
        // limit=1 keeps the page full, so the count is read (and cached) rather than taken from the page.
        const mine = await server.api.get(
          `${t.v1}?limit=1&where=${encodeURIComponent(`(Notes,eq,client ${c})`)}`,
          auth,
        );
        expect(mine.body.pageInfo.totalRows).toBe(k);
        const patched = await server.api.patch(`${t.v2}`, { Id: id, Qty: k * 100 }, auth);
        expect(patched.status, JSON.stringify(patched.body)).toBe(200);
        const again = await server.api.get(`${t.v2}/${id}`, auth);
        expect(again.body.Qty).toBe(k * 100);
      }
    };
    try {
      await Promise.all([1, 2, 3, 4, 5, 6].map(client));
    } finally {
      stop = true;
      await noise;
    }
    const count = await server.api.get(
      `${t.v2}/count?where=${encodeURIComponent('(Notes,like,client%)')}`,
      auth,
    );
    expect(count.body.count).toBe(60);
    if (kind === 'sqlite') {
      const pool = readPoolOf(server.ctx.db)!;
      expect(pool.dispatched).toBeGreaterThan(100);
      expect(pool.threads).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);

  it('reads attachments as they were written, and group-by counts through the readers', async () => {
    const files = [
      { url: 'https://files.example.com/a.png', title: 'a.png', mimetype: 'image/png', size: 10 },
    ];
    const [id] = await insertRows(server, t, [productRow(1, { Code: 'ATT', Files: files, Status: 'open' })]);
    const row = await server.api.get(`${t.v2}/${id}`, { token: t.owner.token });
    expect(row.body.Files).toMatchObject(files);
    const groups = await server.api.get(
      `${t.v1}/groupby?column_name=Status&where=${encodeURIComponent('(Code,eq,ATT)')}`,
      { token: t.owner.token },
    );
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    expect(groups.body.list).toEqual([{ Status: 'open', count: 1 }]);
  });

  it('keeps no count that was read while a write landed', async () => {
    // 200,000 rows written straight to the table: counting them with `like` takes tens of milliseconds.
    const digit = `(${Array.from({ length: 10 }, (_, d) => `select ${d} as d`).join(' union all ')})`;
    const from = ['a', 'b', 'c', 'd', 'e'].map((x) => `${digit} ${x}`).join(', ');
    await server.ctx.db.raw(
      `insert into ${t.table.table_name} (title, code, notes) select 'bulk', 'B', 'bulk' from ${from}, (select 1 as d union all select 2) f`,
    );
    const where = encodeURIComponent('(Notes,like,%ulk%)');
    const count = async () =>
      (await server.api.get(`${t.v2}/count?where=${where}`, { token: t.owner.token })).body.count;
    const before = await count();
    expect(before).toBeGreaterThanOrEqual(200_000);
    for (let round = 1; round <= 3; round++) {
      // A write retires the cached count; the next count is read while another write commits: not kept.
      await insertRows(server, t, [productRow(round, { Code: `A${round}`, Notes: 'bulk late' })]);
      const racing = count();
      await insertRows(server, t, [productRow(round, { Code: `B${round}`, Notes: 'bulk late' })]);
      await racing;
      expect(await count()).toBe(before + 2 * round);
    }
  }, 120_000);

  it('reads an external SQLite source on its own connection, never on the readers', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rowbase-ext-'));
    const file = path.join(dir, 'ext.db');
    const ext: Knex = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: file },
      useNullAsDefault: true,
    });
    try {
      await ext.schema.createTable('birds', (tb) => {
        tb.increments('id');
        tb.string('name', 50);
      });
      await ext('birds').insert([{ name: 'wren' }, { name: 'robin' }]);
      const base = await server.api.post(
        `/api/v1/db/meta/projects`,
        { title: 'Ext' },
        { token: t.owner.token },
      );
      const src = await server.api.post(
        `/api/v1/db/meta/projects/${base.body.id}/bases/`,
        { alias: 'Birds', config: { client: 'sqlite3', connection: { filename: file } } },
        { token: t.owner.token },
      );
      expect(src.status, JSON.stringify(src.body)).toBe(200);
      const tables = await server.api.get(`/api/v1/db/meta/projects/${base.body.id}/${src.body.id}/tables`, {
        token: t.owner.token,
      });
      const birds = tables.body.list.find((x: { table_name: string }) => x.table_name === 'birds');
      const sent = readPoolOf(server.ctx.db)?.dispatched ?? 0;
      await ext('birds').insert({ name: 'kite' });
      const list = await server.api.get(`/api/v2/tables/${birds.id}/records?sort=id`, {
        token: t.owner.token,
      });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.body.list.map((r: { name: string }) => r.name)).toEqual(['wren', 'robin', 'kite']);
      expect(readPoolOf(await server.ctx.sources.connectionFor(src.body.id))).toBeUndefined();
      if (kind === 'sqlite') expect(readPoolOf(server.ctx.db)!.dispatched).toBe(sent);
      else expect(readPoolOf(server.ctx.db)).toBeUndefined();
    } finally {
      await ext.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the SQLite read pool', () => {
  let dir: string;
  let db: Knex;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rowbase-pool-'));
    db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: path.join(dir, 'a.db') },
      useNullAsDefault: true,
      pool: { min: 1, max: 1 },
    });
    await db.raw('pragma journal_mode = WAL');
    await db.schema.createTable('n', (tb) => tb.integer('v'));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a shape to a reader once it has been slow on the main thread, and stops its readers on close', async () => {
    const pool = new SqliteReadPool({ file: path.join(dir, 'a.db'), size: 1, minMs: 1 });
    attachReadPool(db, pool);
    // Two million rows from a recursive CTE: tens of milliseconds anywhere, far past 1 ms.
    const slow = {
      sql: 'with recursive c(x) as (select 1 union all select x + 1 from c where x < ?) select count(*) as n from c',
      bindings: [2_000_000],
    };
    const first = await selectNative(db, slow);
    expect(first).toEqual([{ n: 2_000_000 }]);
    // Three slow runs in a row on the main thread, then the reader.
    expect(await selectNative(db, slow)).toEqual(first);
    expect(await selectNative(db, slow)).toEqual(first);
    expect(pool.dispatched).toBe(0);
    expect(await selectNative(db, slow)).toEqual(first);
    expect(pool.dispatched).toBe(1);
    expect(pool.threads).toBe(1);
    // Inside a transaction a read stays on the transaction's connection and sees its uncommitted write.
    await db.transaction(async (trx) => {
      await trx('n').insert({ v: 7 });
      expect(await selectNative(trx, { sql: 'select v from n', bindings: [] })).toEqual([{ v: 7 }]);
    });
    // A shape never seen runs inline first.
    await selectNative(db, { sql: 'select count(*) as c from n where v = ?', bindings: [7] });
    expect(pool.dispatched).toBe(1);
    await pool.close();
    expect(pool.threads).toBe(0);
    // After close, reads run on the main thread.
    expect(await selectNative(db, slow)).toEqual(first);
    expect(pool.dispatched).toBe(1);
  }, 60_000);

  it('keeps a shape on the main thread unless it was slow three runs in a row', () => {
    const pool = new SqliteReadPool({ file: path.join(dir, 'a.db'), size: 1, minMs: 1 });
    const sql = 'select v from n where v = ?';
    // A cheap read timed slow now and then (its thread lost the core) stays inline.
    pool.noteInline(sql, 4);
    pool.noteInline(sql, 4);
    pool.noteInline(sql, 0.2);
    pool.noteInline(sql, 4);
    pool.noteInline(sql, 4);
    expect(pool.wants(sql)).toBe(false);
    pool.noteInline(sql, 4);
    expect(pool.wants(sql)).toBe(true);
    expect(pool.wants('select v from n')).toBe(false);
  });

  it('runs reads on the main thread when readers die, and stops starting them after three', async () => {
    const messages: string[] = [];
    const broken = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: path.join(dir, 'a.db') },
      useNullAsDefault: true,
      pool: { min: 1, max: 1 },
    });
    // Readers of a file that is not there exit at once, before answering anything.
    const pool = new SqliteReadPool({
      file: path.join(dir, 'missing.db'),
      size: 1,
      minMs: 0,
      log: (_, message) => messages.push(message),
    });
    attachReadPool(broken, pool);
    try {
      for (let i = 0; i < 3; i++) {
        const rows = await selectNative(broken, { sql: 'select ? + 1 as c', bindings: [i] });
        expect(rows).toEqual([{ c: i + 1 }]);
      }
      expect(pool.wants('select 1')).toBe(false);
      expect(pool.threads).toBe(0);
      expect(messages.filter((m) => m.startsWith('SQLite reader thread failed'))).toHaveLength(3);
    } finally {
      await pool.close();
      await broken.destroy();
    }
  }, 60_000);

  it('gives a reader’s SQL error to the caller, and a closed app leaves no reader running', async () => {
    const server = await startTestServer('sqlite', EVERY_READ);
    const pool = readPoolOf(server.ctx.db)!;
    await expect(
      selectNative(server.ctx.db, { sql: 'select nope from rb_users', bindings: [] }),
    ).rejects.toThrow(/no such column: nope/);
    expect(pool.threads).toBe(1);
    await server.close();
    expect(pool.threads).toBe(0);
  });
});
