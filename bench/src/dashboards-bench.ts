/**
 * `npm run bench:dashboards` (after `npm run build`): dashboard widgets over a 1,000,000-row table in embedded
 * SQLite, through the HTTP API as the web calls it. The target is a chart answering within 300 ms, also right
 * after a row write: a kept chart re-reads only the blocks of keys the write touched (docs/dashboards.md
 * "Speed"). For comparison it also times the widget's whole grouped aggregate run directly in SQLite (what a
 * read after a write would cost without the blocks). DASHBOARD_BENCH_ROWS overrides the table size,
 * DASHBOARD_BENCH_WRITES the number of writes per widget (20); DASHBOARD_BENCH_DB=pg runs it on a scratch
 * PostgreSQL database (BENCH_PG_URL names the server). It prints, per widget, the time its save took (saving
 * builds the kept blocks), its first read, and the reads after writes.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { startApp } from '../../e2e/support/app.js';
import { call, seedTable, signUp } from '../grid/seed.js';
import knexFactory from 'knex';
import { scratchPg } from './scratch-pg.js';
import { median, percentile } from './stats.js';

const rows = Number(process.env.DASHBOARD_BENCH_ROWS ?? 1_000_000);
const writes = Number(process.env.DASHBOARD_BENCH_WRITES ?? 20);

const pg = process.env.DASHBOARD_BENCH_DB === 'pg' ? await scratchPg() : undefined;
const app = await startApp({ NC_DISABLE_RATE_LIMIT: 'true', ...(pg ? { DATABASE_URL: pg.url } : {}) });
const pgDb = pg ? knexFactory({ client: 'pg', connection: pg.url, pool: { min: 0, max: 1 } }) : undefined;
try {
  const api = await signUp(app.url);
  const t0 = Date.now();
  const table = await seedTable(api, pgDb ? { pg: pgDb } : app.dataDir, `Sales${rows}`, rows);
  console.log(`database: ${pg ? 'PostgreSQL' : 'SQLite'}`);
  console.log(`seeded ${rows.toLocaleString('en-US')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${table.tableId}`);
  const column = (title: string) => meta.columns.find((c: { title: string }) => c.title === title);
  const col = (title: string) => column(title).id as string;
  const name = meta.table_name as string;
  const sql = (title: string) => `"${column(title).column_name as string}"`;
  const db = pgDb ? undefined : new Database(path.join(app.dataDir, 'rowbase.db'), { readonly: true });
  /** Runs SQL directly in the database, bypassing the app. */
  const direct = async (text: string) => {
    if (pgDb) await pgDb.raw(text);
    else db!.prepare(text).all();
  };
  const dash = await call(api, 'POST', '/api/v1/db/meta/projects', {
    title: 'Bench board',
    type: 'dashboard',
  });
  const layout = await call(api, 'POST', `/api/v1/db/meta/projects/${dash.id}/layouts`, { title: 'Bench' });
  const viewId = table.viewId;
  // Each widget with the SQL a read would run without kept blocks.
  const widgets: [string, unknown, string][] = [
    [
      'bar: sum of Price by Status',
      { type: 'bar', config: { viewId, groupBy: col('Status'), fieldId: col('Price'), aggregation: 'sum' } },
      `select ${sql('Status')} g, sum(${sql('Price')}) v from "${name}" group by g order by v desc limit 100`,
    ],
    [
      'pie: row count by Stars',
      { type: 'pie', config: { viewId, groupBy: col('Stars'), aggregation: 'count' } },
      `select ${sql('Stars')} g, count(*) v from "${name}" group by g order by v desc limit 100`,
    ],
    [
      'line: average Qty by Day (336 groups)',
      { type: 'line', config: { viewId, groupBy: col('Day'), fieldId: col('Qty'), aggregation: 'avg' } },
      `select ${sql('Day')} g, avg(${sql('Qty')}) v from "${name}" group by g order by g limit 100`,
    ],
    [
      'number: count where Status = open',
      { type: 'number', config: { viewId, aggregation: 'count', where: '(Status,eq,open)' } },
      `select count(*) v from "${name}" where ${sql('Status')} = 'open'`,
    ],
  ];
  for (const [label, body, plainSql] of widgets) {
    let t = performance.now();
    // Saving a number or chart builds its kept blocks before it answers (docs/dashboards.md "Speed").
    const w = await call(api, 'POST', `/api/v1/db/meta/layouts/${layout.id}/widgets`, body);
    const save = performance.now() - t;
    const read = () => call(api, 'GET', `/api/v1/db/meta/widgets/${w.id}/data`);
    t = performance.now();
    await read();
    const first = performance.now() - t;
    // Let the covering index the first read asked for be built, as it is on a dashboard opened before (a
    // million-row index takes seconds, more on a busy machine).
    await new Promise((r) => setTimeout(r, Number(process.env.DASHBOARD_BENCH_INDEX_WAIT_MS ?? 30_000)));
    const fresh: number[] = [];
    const kept: number[] = [];
    for (let i = 0; i < writes; i++) {
      // Inserts (new keys, the last block) alternate with updates of a row anywhere in the table.
      if (i % 2 === 0) {
        await call(api, 'POST', `/api/v2/tables/${table.tableId}/records`, [
          { Title: `w${i}`, Status: 'open', Qty: i, Price: i },
        ]);
      } else {
        const Id = 1 + Math.floor(Math.random() * rows);
        await call(api, 'PATCH', `/api/v2/tables/${table.tableId}/records`, [
          { Id, Status: i % 4 === 1 ? 'closed' : 'open', Qty: i, Price: i },
        ]);
      }
      t = performance.now();
      await read();
      fresh.push(performance.now() - t);
      t = performance.now();
      await read();
      kept.push(performance.now() - t);
    }
    const plain: number[] = [];
    for (let i = 0; i < 5; i++) {
      t = performance.now();
      await direct(plainSql);
      plain.push(performance.now() - t);
    }
    console.log(
      `${label} over ${rows.toLocaleString('en-US')} rows: save ${save.toFixed(0)} ms; first read ${first.toFixed(0)} ms; ` +
        `after a write p50 ${median(fresh).toFixed(0)} ms, p95 ${percentile(fresh, 95).toFixed(0)} ms ` +
        `(n=${fresh.length}); repeated p50 ${median(kept).toFixed(0)} ms; ` +
        `the whole aggregate in the database directly p50 ${median(plain).toFixed(0)} ms`,
    );
  }
  const indexes = pgDb
    ? ((await pgDb.raw(`select indexdef as sql from pg_indexes where tablename = ?`, [name])).rows as {
        sql: string;
      }[])
    : (db!.prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ?`).all(name) as {
        sql: string;
      }[]);
  console.log(`indexes on ${name}: ${indexes.map((i) => i.sql).join('; ')}`);
  db?.close();
} finally {
  await app.stop();
  await pgDb?.destroy();
  await pg?.drop();
}
