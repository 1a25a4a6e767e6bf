/**
 * `npm run bench`: starts Rowbase in a child process on a fresh database and prints medians.
 * BENCH_ROWS sets the table size (default 100,000; `BENCH_ROWS=1000000` for the 1M figures); BENCH_SUITES
 * picks suites (default `shapes,imports,writes,audit`): `shapes` is every query shape users make, cold and warm, on each
 * database of BENCH_DBS (default `sqlite,pg`); `imports` imports a generated CSV of BENCH_IMPORT_ROWS rows (default
 * 1,000,000) and an xlsx of a tenth of that, then exports the table as CSV and xlsx; `rows` gives the single-shape
 * figures, `computed` runs its own in-process server and `writes` times single-row inserts and updates with and
 * without three webhooks; `audit` compares single-row writes with the audit trail on and
 * off.
 * `exports` (not in the default set) fills a table of BENCH_EXPORT_ROWS rows (default 1,000,000) straight in SQLite
 * and exports it as CSV and xlsx (bench/src/suites/exports.ts).
 */
import { createBenchTable, loadTest, seed, timeReads, type Api } from './src/rows-bench.js';
import { startServerProcess } from './src/server-process.js';
import { startBenchServer } from './src/server.js';
import { computedBench } from './src/suites/computed.js';
import { importsBench } from './src/suites/imports.js';
import { exportsBench } from './src/suites/exports.js';
import { shapesBench } from './src/suites/shapes.js';
import { scratchPg } from './src/scratch-pg.js';
import { writesBench } from './src/suites/writes.js';
import { auditWritesBench } from './src/suites/audit-writes.js';
import { report, timeRuns } from './src/stats.js';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const line = (name: string, value: string) => console.log(name.padEnd(52), value);
/**
 * The SQLite read pool's settings, passed on to the server (`RB_SQLITE_READ_WORKERS=0` measures without it), and
 * BENCH_SERVER_DIST (another build of the server, e.g. main's, for an A/B).
 */
const readPoolEnv = (): Record<string, string> =>
  Object.fromEntries(
    ['RB_SQLITE_READ_WORKERS', 'RB_SQLITE_READ_WORKER_MIN_MS', 'BENCH_SERVER_DIST'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  );

const suites = new Set(
  (process.env.BENCH_SUITES ?? 'shapes,imports,writes,audit').split(',').map((s) => s.trim()),
);

if (suites.has('shapes')) {
  for (const db of (process.env.BENCH_DBS ?? 'sqlite,pg').split(',').map((s) => s.trim())) {
    const scratch = db === 'pg' ? await scratchPg() : undefined;
    const server = await startServerProcess({
      ...readPoolEnv(),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    try {
      const pgDatabase = scratch ? new URL(scratch.url).pathname.slice(1) : undefined;
      const { lines } = await shapesBench(server, rows, db === 'pg' ? 'PostgreSQL' : 'SQLite', pgDatabase);
      for (const text of lines) console.log(text);
    } finally {
      await server.close();
      await scratch?.drop();
    }
  }
}

if (suites.has('rows')) {
  const server = await startServerProcess();
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

    const { baseId, tableId } = await createBenchTable(api);
    const cpuBefore = await server.cpuMs();
    const insertRate = await seed(api, baseId, tableId, rows);
    const serverCpuSeconds = ((await server.cpuMs()) - cpuBefore) / 1000;
    line(
      `bulk insert through the API (${rows.toLocaleString('en')} rows)`,
      `${Math.round(insertRate).toLocaleString('en')} rows/s`,
    );
    // On a busy machine wall time says little; the server's own CPU time per row does.
    line(
      '  same, per second of server CPU time',
      `${Math.round(rows / serverCpuSeconds).toLocaleString('en')} rows/s`,
    );
    const figures = await timeReads(
      api,
      tableId,
      () => server.indexesSettled(),
      () => server.cpuMs(),
    );
    for (const f of figures) {
      const cpu = f.cpu === undefined ? '' : `   server CPU ${f.cpu.toFixed(2)} ms/request`;
      line(f.name, `p50 ${f.p50.toFixed(2)} ms   p95 ${f.p95.toFixed(2)} ms${cpu}`);
    }
    const rps = await loadTest(api, tableId);
    line('filtered sorted page, 20 concurrent clients', `${Math.round(rps).toLocaleString('en')} requests/s`);
    line('server RSS', `${Math.round((await server.rss()) / 1024 / 1024)} MB`);
  } finally {
    await server.close();
  }
}

if (suites.has('computed')) {
  const server = await startBenchServer();
  try {
    const res = await fetch(`${server.url}/api/v1/auth/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-computed@example.com', password: 'Password123!' }),
    });
    const { token } = (await res.json()) as { token: string };
    for (const text of (await computedBench({ url: server.url, token }, server.ctx, rows)).lines)
      console.log(text);
  } finally {
    await server.close();
  }
}

if (suites.has('imports')) {
  const server = await startServerProcess();
  try {
    const res = await fetch(`${server.url}/api/v1/auth/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-imports@example.com', password: 'Password123!' }),
    });
    const { token } = (await res.json()) as { token: string };
    await importsBench({ url: server.url, token }, server);
  } finally {
    await server.close();
  }
}

if (suites.has('exports')) for (const text of await exportsBench()) console.log(text);

if (suites.has('writes')) {
  for (const text of await writesBench()) console.log(text);
}

if (suites.has('audit')) {
  for (const text of await auditWritesBench()) console.log(text);
}
