/**
 * `npm run bench`: starts Rowbase in-process on a fresh embedded SQLite store and prints medians.
 * BENCH_ROWS sets the table size (default 100,000; e.g. BENCH_ROWS=1000000); BENCH_SUITES picks suites
 * (default `rows,computed`).
 */
import { createBenchTable, loadTest, seed, timeReads, type Api } from './src/rows-bench.js';
import { computedBench } from './src/suites/computed.js';
import { startBenchServer } from './src/server.js';
import { report, timeRuns } from './src/stats.js';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const suites = new Set((process.env.BENCH_SUITES ?? 'rows,computed').split(',').map((s) => s.trim()));
const server = await startBenchServer();
try {
  const signup = await fetch(`${server.url}/api/v1/auth/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'Password123!' }),
  });
  const { token } = (await signup.json()) as { token: string };
  const api: Api = { url: server.url, token };
  report(
    'GET /api/v1/auth/user/me',
    await timeRuns(
      () =>
        fetch(`${server.url}/api/v1/auth/user/me`, { headers: { 'xc-auth': token } }).then((r) => r.text()),
      200,
    ),
  );

  if (suites.has('computed'))
    for (const line of (await computedBench(api, server.ctx, rows)).lines) console.log(line);
  if (suites.has('rows')) {
    const { baseId, tableId } = await createBenchTable(api);
    const insertRate = await seed(api, baseId, tableId, rows);
    console.log(
      `bulk insert through the API (${rows.toLocaleString('en')} rows)`.padEnd(48),
      `${Math.round(insertRate).toLocaleString('en')} rows/s`,
    );
    for (const f of await timeReads(api, tableId)) {
      console.log(f.name.padEnd(48), `p50 ${f.p50.toFixed(2)} ms   p95 ${f.p95.toFixed(2)} ms`);
    }
    const rps = await loadTest(api, tableId);
    console.log(
      'filtered sorted page, 20 concurrent clients'.padEnd(48),
      `${Math.round(rps).toLocaleString('en')} requests/s`,
    );
  }
  console.log(
    'server RSS (in-process with the client)'.padEnd(48),
    `${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`,
  );
} finally {
  await server.close();
}
