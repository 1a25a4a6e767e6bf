/**
 * `npm run bench:scale`: the scaled-out mode on PostgreSQL and Redis (docs/scaling.md). Seeds a table through
 * one app process, then measures a mixed read workload at 40 concurrent clients against one process and
 * against two (20 clients each, as a load balancer would spread them), and how long after a write's response
 * the other process serves the new row count (cross-process cache invalidation), p50 and p99.
 * BENCH_SCALE_ROWS (default 20,000), BENCH_SCALE_SECONDS (default 15), BENCH_SCALE_SAMPLES (default 200).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { createBenchTable, seed, type Api } from '../src/rows-bench.js';
import { median, percentile } from '../src/stats.js';
import { REDIS_URL, scratchDatabase, startApp, type AppProcess } from './processes.js';

const rows = Number(process.env.BENCH_SCALE_ROWS ?? 20_000);
const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
const samples = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const CLIENTS = 40;
const line = (name: string, value: string) => console.log(name.padEnd(60), value);

/** The mixed read workload: pages, a filtered sorted page, counts, one row, table meta, the signed-in user. */
function readMix(tableId: string, baseId: string): { method: 'GET'; path: string }[] {
  const records = `/api/v2/tables/${tableId}/records`;
  const where = encodeURIComponent('(Status,eq,open)~and(Price,gt,50)');
  return [
    `${records}?limit=25`,
    `${records}?limit=25&offset=${Math.floor(rows / 2)}`,
    `${records}?where=${where}&sort=-Price&limit=25`,
    `${records}/count`,
    `${records}/count?where=${where}`,
    `${records}/${Math.ceil(rows / 3)}`,
    `/api/v1/db/meta/tables/${tableId}`,
    `/api/v1/db/meta/projects/${baseId}/tables`,
    '/api/v1/auth/user/me',
  ].map((path) => ({ method: 'GET' as const, path }));
}

/** Requests per second, and server CPU milliseconds per request (summed over the processes). */
async function load(
  targets: AppProcess[],
  api: Api,
  mix: ReturnType<typeof readMix>,
): Promise<{ rps: number; cpuPerRequest: number }> {
  const cpuBefore = targets.reduce((n, t) => n + t.cpuMs(), 0);
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
  const bad = results.reduce((n, r) => n + r.non2xx + r.errors, 0);
  if (bad) throw new Error(`load: ${bad} failed or non-2xx answers`);
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const cpu = targets.reduce((n, t) => n + t.cpuMs(), 0) - cpuBefore;
  return { rps: total / seconds, cpuPerRequest: cpu / total };
}

const scratch = await scratchDatabase();
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
  await autocannon({
    url: a.url,
    connections: 10,
    duration: 3,
    headers: { 'xc-auth': token },
    requests: mix,
  });
  const one = await load([a], api, mix);
  const show = (r: { rps: number; cpuPerRequest: number }) =>
    `${Math.round(r.rps).toLocaleString('en')} requests/s   server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`;
  line(`mixed reads, ${CLIENTS} clients, one process`, show(one));

  const b = await startApp(env);
  running.push(b);
  await autocannon({
    url: b.url,
    connections: 10,
    duration: 3,
    headers: { 'xc-auth': token },
    requests: mix,
  });
  const two = await load([a, b], api, mix);
  line(`mixed reads, ${CLIENTS} clients, two processes`, show(two));
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
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
