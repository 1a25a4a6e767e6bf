/**
 * `npm run bench:scale`: the scaled-out mode on PostgreSQL and Redis (docs/scaling.md). Seeds a table through
 * one app process, then measures a mixed read workload at 40 concurrent clients against one process and
 * against two (20 clients each, as a load balancer would spread them), and how long after a write's response
 * the other process serves the new row count (cross-process cache invalidation), p50 and p99. Each run says
 * where the machine's cores went (app processes, PostgreSQL backends, Redis, this load generator, the rest)
 * and the CPU one request costs all of them together: with PostgreSQL and the client on the same box, that
 * sum, not the app, bounds the throughput (docs/scaling.md, "Benchmark").
 * BENCH_SCALE_ROWS (default 20,000), BENCH_SCALE_SECONDS (default 15), BENCH_SCALE_SAMPLES (default 200).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { createBenchTable, seed, STATUSES, type Api } from '../src/rows-bench.js';
import { median, percentile } from '../src/stats.js';
import { describe, redisPid, watch, type Split } from './cpu-split.js';
import { REDIS_URL, scratchDatabase, startApp, type AppProcess } from './processes.js';

const rows = Number(process.env.BENCH_SCALE_ROWS ?? 20_000);
const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const CLIENTS = 40;
const CORES = availableParallelism();
const line = (name: string, value: string) => console.log(name.padEnd(60), value);

type Request = { method: 'GET'; path: string; setupRequest?: (r: { path?: string }) => object };
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const upTo = (n: number) => Math.floor(Math.random() * n);

/**
 * The mixed read workload, varying as a team's reads do: pages at any offset, filtered pages under several
 * sorts, the plain and a filtered count, one row, table meta, the tables of the base, the signed-in user.
 */
function readMix(tableId: string, baseId: string): Request[] {
  const records = `/api/v2/tables/${tableId}/records`;
  const where = () => encodeURIComponent(`(Status,eq,${pick(STATUSES)})~and(Price,gt,${upTo(100)})`);
  const varying = (make: () => string): Request => ({
    method: 'GET',
    path: make(),
    setupRequest: (r) => ({ ...r, path: make() }),
  });
  return [
    varying(() => `${records}?limit=25&sort=${pick(SORTS)}`),
    varying(() => `${records}?limit=25&offset=${upTo(rows - 25)}`),
    varying(() => `${records}?where=${where()}&sort=${pick(SORTS)}&limit=25&offset=${25 * upTo(4)}`),
    { method: 'GET', path: `${records}/count` },
    varying(() => `${records}/count?where=${where()}`),
    varying(() => `${records}/${1 + upTo(rows)}`),
    { method: 'GET', path: `/api/v1/db/meta/tables/${tableId}` },
    { method: 'GET', path: `/api/v1/db/meta/projects/${baseId}/tables` },
    { method: 'GET', path: '/api/v1/auth/user/me' },
  ];
}
const SORTS = ['-Price', 'Price', 'Qty', '-Day', 'Name'];

interface Run {
  rps: number;
  requests: number;
  split: Split;
}

/** Runs the mix against the targets (the clients split evenly) while watching where the CPU goes. */
async function load(targets: AppProcess[], api: Api, mix: Request[]): Promise<Run> {
  const watching = await watch(
    targets.map((t) => t.cpuMs),
    scratch.admin,
    scratch.name,
    redis,
  );
  const results = await Promise.all(
    targets.map((t) =>
      autocannon({
        url: t.url,
        connections: CLIENTS / targets.length,
        duration: seconds,
        headers: { 'xc-auth': api.token },
        requests: mix,
      }),
    ),
  );
  const split = await watching.stop();
  const bad = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (bad) throw new Error(`load: ${bad} failed or non-2xx answers`);
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  return { rps: total / split.seconds, requests: total, split };
}

/** The run's lines: throughput, app CPU per request and requests per app CPU-second, then the CPU split. */
function show(name: string, run: Run): void {
  const appMs = run.split.apps.reduce((a, b) => a + b, 0);
  line(
    name,
    `${Math.round(run.rps).toLocaleString('en')} requests/s   app CPU ${(appMs / run.requests).toFixed(2)} ms/request   ` +
      `${Math.round(run.requests / (appMs / 1000)).toLocaleString('en')} requests per app CPU-second`,
  );
  line(`  cores used (of ${CORES})`, describe(run.split));
  const per = (ms: number) => ms / run.requests;
  const stack = per(appMs) + per(run.split.postgres) + per(run.split.redis) + per(run.split.loadGenerator);
  line(
    '  CPU per request: PostgreSQL, load generator, all',
    `${per(run.split.postgres).toFixed(2)} ms   ${per(run.split.loadGenerator).toFixed(2)} ms   ${stack.toFixed(2)} ms ` +
      `(at most ${Math.round((CORES * 1000) / stack).toLocaleString('en')} requests/s on ${CORES} idle cores)`,
  );
}

/**
 * Sends every page shape once (each sort, each filtered sort), then the mix for a few seconds, then waits until
 * PostgreSQL is quiet: the automatic indexes those shapes start and their VACUUM ANALYZE run in the
 * background, and must not land in the measured run.
 */
async function warmUp(target: AppProcess, api: Api, tableId: string, mix: Request[]): Promise<void> {
  const records = `${target.url}/api/v2/tables/${tableId}/records`;
  const headers = { 'xc-auth': api.token };
  for (const sort of SORTS) {
    await (await fetch(`${records}?limit=25&sort=${sort}`, { headers })).text();
    for (const status of STATUSES) {
      const where = encodeURIComponent(`(Status,eq,${status})~and(Price,gt,50)`);
      await (await fetch(`${records}?where=${where}&sort=${sort}&limit=25`, { headers })).text();
    }
  }
  await autocannon({ url: target.url, connections: 10, duration: 5, headers, requests: mix });
  const deadline = Date.now() + 120_000;
  for (let quiet = 0; quiet < 5 && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 200));
    const busy = await scratch.admin.raw(
      `select count(*)::int as n from pg_stat_activity where datname = ? and state = 'active'`,
      [scratch.name],
    );
    quiet = (busy.rows[0] as { n: number }).n === 0 ? quiet + 1 : 0;
  }
}

const scratch = await scratchDatabase();
const redis = await redisPid(REDIS_URL);
const prefix = `rbbench${randomBytes(4).toString('hex')}`;
const env = {
  DATABASE_URL: scratch.url,
  REDIS_URL,
  RB_REDIS_PREFIX: prefix,
  NC_AUTH_JWT_SECRET: `bench-secret-${prefix}`,
  NC_DISABLE_RATE_LIMIT: 'true',
};
const running: AppProcess[] = [];
try {
  const a = await startApp(env);
  running.push(a);
  const signup = await fetch(`${a.url}/api/v1/auth/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-scale@example.com', password: 'Password123!' }),
  });
  const { token } = (await signup.json()) as { token: string };
  const api: Api = { url: a.url, token };
  const { baseId, tableId } = await createBenchTable(api);
  await seed(api, baseId, tableId, rows);
  const mix = readMix(tableId, baseId);
  console.log(`scale-out on PostgreSQL + Redis, ${rows.toLocaleString('en')} rows, ${seconds} s per run`);

  // Warm-up, then one process with all 40 clients.
  await warmUp(a, api, tableId, mix);
  const one = await load([a], api, mix);
  show(`mixed reads, ${CLIENTS} clients, one process`, one);

  const b = await startApp(env);
  running.push(b);
  await warmUp(b, api, tableId, mix);
  const two = await load([a, b], api, mix);
  show(`mixed reads, ${CLIENTS} clients, two processes`, two);
  line('  two processes / one (throughput)', `${(two.rps / one.rps).toFixed(2)}x`);

  // A row inserted through A; B's count (cached on B) must show it. Time from A's answer to B's first
  // answer that shows it.
  const records = `/api/v2/tables/${tableId}/records`;
  const headers = { 'xc-auth': token, 'content-type': 'application/json' };
  const countOn = async (p: AppProcess) =>
    ((await (await fetch(`${p.url}${records}/count`, { headers })).json()) as { count: number }).count;
  let expected = await countOn(b);
  const delays: number[] = [];
  let firstReadStale = 0;
  for (let i = 0; i < samples; i++) {
    await countOn(b); // B has the count cached
    const res = await fetch(`${a.url}${records}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ Title: `probe ${i}` }),
    });
    if (res.status !== 200) throw new Error(`insert through A -> ${res.status}`);
    await res.text();
    const answered = performance.now();
    expected++;
    for (let polls = 0; ; polls++) {
      if ((await countOn(b)) === expected) break;
      if (polls === 0) firstReadStale++;
      if (performance.now() - answered > 5000) throw new Error('B never showed the new row');
    }
    delays.push(performance.now() - answered);
  }
  line(
    'write through A visible on B (count), ms after the answer',
    `p50 ${median(delays).toFixed(1)}   p99 ${percentile(delays, 99).toFixed(1)}   max ${Math.max(...delays).toFixed(1)}`,
  );
  line('  first read on B already showed it (no stale read)', `${samples - firstReadStale} of ${samples}`);
} finally {
  for (const p of running) await p.stop();
  await scratch.drop();
  const client = new Redis(REDIS_URL);
  const keys = await client.keys(`${prefix}:*`);
  if (keys.length) await client.del(...keys);
  await client.quit();
}
