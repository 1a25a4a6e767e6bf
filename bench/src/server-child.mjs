// @ts-check
/**
 * The benchmark server in a process of its own, so the load generator does not share its CPU and the RSS
 * it reports is the server's alone. It runs the built server (packages/server/dist, from `npm run build:ts`)
 * with plain Node, as `npm start` does, so its memory and CPU are what users get; it is JavaScript for that
 * reason (no TypeScript loader in the measured process). Its settings come as JSON in BENCH_SERVER_ENV (a
 * DATABASE_URL there puts it on PostgreSQL, as the shapes suite does), else it runs on embedded SQLite in a
 * temporary data directory. The parent (server-process.ts) talks to it over IPC: it sends { url } once
 * listening, answers 'rss' with { rss }, 'cpu' with { cpu } (milliseconds used so far), 'mainCpu' with
 * { mainCpu } (the same, of the event loop's thread), 'poolReads' with { poolReads } (reads answered by SQLite
 * reader threads), 'indexes' with { indexes } once the automatic indexes being built are done, { sql } with
 * { sqlDone } (set-up statements such as link keys), and stops on 'close'.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** BENCH_SERVER_DIST (in BENCH_SERVER_ENV) runs another build, e.g. a copy of the one before a change. */
const serverEnv = JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}');
const dist = new URL(serverEnv.BENCH_SERVER_DIST ?? '../../packages/server/dist/', import.meta.url);
const from = (/** @type {string} */ file) => import(new URL(file, dist).href);
const { buildApp } = await from('app.js');
const { loadConfig } = await from('config.js');
const { createContext } = await from('context.js');
const { openMetaDb } = await from('meta/db.js');
const { migrateToLatest } = await from('meta/migrate.js');
const { readPoolOf } = await from('data/sqlite-read-pool.js');

/**
 * CPU time of the event loop's thread alone (Linux: the first field of its schedstat, in nanoseconds): what
 * limits requests/s when the rest runs on other threads. Undefined elsewhere.
 */
function mainThreadCpuMs() {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  NC_DISABLE_RATE_LIMIT: 'true',
  ...serverEnv,
});
const db = openMetaDb(config.db);
await migrateToLatest(db);
const ctx = createContext(config, db);
const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });

async function close() {
  await app.close();
  await db.destroy();
  // BENCH_KEEP_DATA=1 leaves the database behind (its path is printed) to study query plans.
  if (process.env.BENCH_KEEP_DATA) console.error(`bench data kept in ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}

process.send?.({ url: `http://127.0.0.1:${app.server.address().port}` });
process.on('message', async (/** @type {unknown} */ msg) => {
  if (msg === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (msg === 'cpu') {
    const c = process.cpuUsage();
    process.send?.({ cpu: (c.user + c.system) / 1000 });
  }
  if (msg === 'mainCpu') process.send?.({ mainCpu: mainThreadCpuMs() });
  if (msg === 'poolReads') process.send?.({ poolReads: readPoolOf(ctx.db)?.dispatched ?? 0 });
  if (msg === 'indexes') {
    await ctx.dataCache.indexes.settled();
    process.send?.({ indexes: true });
  }
  if (msg && typeof msg === 'object' && 'sql' in msg) {
    try {
      await ctx.db.raw(String(msg.sql));
      process.send?.({ sqlDone: true });
    } catch (err) {
      process.send?.({ sqlDone: String(/** @type {Error} */ (err).message) });
    }
  }
  if (msg === 'close') {
    await close();
    process.exit(0);
  }
});
