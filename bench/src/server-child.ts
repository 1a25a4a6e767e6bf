/**
 * The benchmark server in a process of its own, so the load generator does not share its CPU and the RSS
 * it reports is the server's alone. Its settings come as JSON in BENCH_SERVER_ENV (a DATABASE_URL
 * there puts it on PostgreSQL, as the shapes suite does), else it runs on embedded SQLite. The parent talks to it over IPC: it sends { url } once listening,
 * answers 'rss' with { rss }, 'cpu' with { cpu } (milliseconds used so far), 'mainCpu' with { mainCpu } (the same,
 * of the event loop's thread), 'poolReads' with { poolReads } (reads answered by SQLite reader threads), 'indexes' with { indexes } once
 * the automatic indexes being built are done, { sql } with { sqlDone } (set-up statements such as link
 * keys), and stops on 'close'.
 */
import { readFileSync } from 'node:fs';
import { readPoolOf } from '../../packages/server/src/data/sqlite-read-pool.js';
import { startBenchServer } from './server.js';

/**
 * CPU time of the event loop's thread alone (Linux: the first field of its schedstat, in nanoseconds): what
 * limits requests/s when the rest runs on other threads. Undefined elsewhere.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

const server = await startBenchServer(
  JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}') as Record<string, string>,
);
process.send?.({ url: server.url });
process.on('message', async (msg: unknown) => {
  if (msg === 'rss') process.send?.({ rss: process.memoryUsage().rss });
  if (msg === 'cpu') {
    const c = process.cpuUsage();
    process.send?.({ cpu: (c.user + c.system) / 1000 });
  }
  if (msg === 'mainCpu') process.send?.({ mainCpu: mainThreadCpuMs() });
  if (msg === 'poolReads') process.send?.({ poolReads: readPoolOf(server.ctx.db)?.dispatched ?? 0 });
  if (msg === 'indexes') {
    await server.ctx.dataCache.indexes.settled();
    process.send?.({ indexes: true });
  }
  if (msg && typeof msg === 'object' && 'sql' in msg) {
    try {
      await server.ctx.db.raw(String((msg as { sql: string }).sql));
      process.send?.({ sqlDone: true });
    } catch (err) {
      process.send?.({ sqlDone: String((err as Error).message) });
    }
  }
  if (msg === 'close') {
    await server.close();
    process.exit(0);
  }
});
