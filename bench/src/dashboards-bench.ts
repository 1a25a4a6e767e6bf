/**
 * `npm run bench:dashboards` (after `npm run build`): dashboard widgets over a 1,000,000-row table in embedded
 * SQLite, through the HTTP API as the web calls it. Each widget is one grouped aggregate in SQL; the target is a
 * chart answering within 300 ms. DASHBOARD_BENCH_ROWS overrides the table size.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { startApp } from '../../e2e/support/app.js';
import { call, seedTable, signUp } from '../grid/seed.js';
import { median, percentile } from './stats.js';

const rows = Number(process.env.DASHBOARD_BENCH_ROWS ?? 1_000_000);

const app = await startApp({ NC_DISABLE_RATE_LIMIT: 'true' });
try {
  const api = await signUp(app.url);
  const t0 = Date.now();
  const table = await seedTable(api, app.dataDir, `Sales${rows}`, rows);
  console.log(`seeded ${rows.toLocaleString('en-US')} rows in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const meta = await call(api, 'GET', `/api/v1/db/meta/tables/${table.tableId}`);
  const col = (title: string) => meta.columns.find((c: { title: string }) => c.title === title).id as string;
  const dash = await call(api, 'POST', '/api/v1/db/meta/projects', {
    title: 'Bench board',
    type: 'dashboard',
  });
  const layout = await call(api, 'POST', `/api/v1/db/meta/projects/${dash.id}/layouts`, { title: 'Bench' });
  const viewId = table.viewId;
  const widgets: [string, unknown][] = [
    [
      'bar: sum of Price by Status',
      { type: 'bar', config: { viewId, groupBy: col('Status'), fieldId: col('Price'), aggregation: 'sum' } },
    ],
    [
      'pie: row count by Stars',
      { type: 'pie', config: { viewId, groupBy: col('Stars'), aggregation: 'count' } },
    ],
    [
      'line: average Qty by Day (336 groups)',
      { type: 'line', config: { viewId, groupBy: col('Day'), fieldId: col('Qty'), aggregation: 'avg' } },
    ],
    [
      'number: count where Status = open',
      { type: 'number', config: { viewId, aggregation: 'count', where: '(Status,eq,open)' } },
    ],
  ];
  for (const [label, body] of widgets) {
    const w = await call(api, 'POST', `/api/v1/db/meta/layouts/${layout.id}/widgets`, body);
    const read = () => call(api, 'GET', `/api/v1/db/meta/widgets/${w.id}/data`);
    let t = performance.now();
    await read();
    const first = performance.now() - t;
    // Let the covering index the first read asked for be built, as it is on a dashboard opened before (a
    // million-row index takes seconds, more on a busy machine).
    await new Promise((r) => setTimeout(r, Number(process.env.DASHBOARD_BENCH_INDEX_WAIT_MS ?? 30_000)));
    const fresh: number[] = [];
    const kept: number[] = [];
    for (let i = 0; i < 7; i++) {
      // A write retires the kept result: the next read runs the grouped aggregate in SQL.
      await call(api, 'POST', `/api/v2/tables/${table.tableId}/records`, [
        { Title: `w${i}`, Status: 'open' },
      ]);
      t = performance.now();
      await read();
      fresh.push(performance.now() - t);
      t = performance.now();
      await read();
      kept.push(performance.now() - t);
    }
    console.log(
      `${label} over ${rows.toLocaleString('en-US')} rows: first read ${first.toFixed(0)} ms; after a write ` +
        `(SQL runs) median ${median(fresh).toFixed(0)} ms, p90 ${percentile(fresh, 90).toFixed(0)} ms; ` +
        `repeated (kept result) median ${median(kept).toFixed(0)} ms`,
    );
  }
  const db = new Database(path.join(app.dataDir, 'rowbase.db'), { readonly: true });
  const name = meta.table_name as string;
  const indexes = db
    .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ?`)
    .all(name);
  console.log(`indexes on ${name}: ${indexes.map((i: any) => i.sql ?? i.name).join('; ')}`);
  db.close();
} finally {
  await app.stop();
}
