/**
 * The shapes suite's mixed load, compared between server settings that take turns on one kept database, so
 * that both see the same machine load (the development machine is shared: back-to-back benchmark runs differ
 * more from the load than from the code). Prepare the database once with `BENCH_KEEP_DATA=1 BENCH_SUITES=shapes
 * BENCH_DBS=pg npm run bench` (it prints `bench database kept: rb_bench_…`), then:
 *
 *   cd bench && BENCH_PG_DB=rb_bench_… BENCH_AB='{"a":{},"b":{"BENCH_SERVER_DIST":"../../packages/server/dist-base/"}}' \
 *     BENCH_AB_ROUNDS=4 npx tsx ./src/mixed-ab.ts
 *
 * Each setting gets its own server process on the database (or on its own copy, named by `BENCH_PG_DB` in the
 * setting: `createdb -T rb_bench_… copy` first, for changes that alter what the database holds); per round each is loaded in turn (20 clients,
 * BENCH_AB_SECONDS, default 8) and the medians over rounds are printed: requests/s, server CPU and PostgreSQL
 * backends' CPU per request (the idle server's backends use none meanwhile).
 */
import autocannon from 'autocannon';
import { backendCpuSince, pgBackendCpu } from './pg-backend-cpu.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { shapesOf } from './suites/shapes.js';
import { median } from './stats.js';

const database = process.env.BENCH_PG_DB;
if (!database) throw new Error('BENCH_PG_DB names the kept bench database');
const settings = JSON.parse(process.env.BENCH_AB ?? '{}') as Record<string, Record<string, string>>;
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 4);
const seconds = Number(process.env.BENCH_AB_SECONDS ?? 8);
const admin = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
admin.pathname = `/${database}`;

interface Runner {
  name: string;
  database: string;
  server: ServerProcess;
  token: string;
  figures: { rps: number; cpu: number; db: number }[];
}

async function signIn(server: ServerProcess): Promise<string> {
  const r = await fetch(`${server.url}/api/v1/auth/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-shapes@example.com', password: 'Password123!' }),
  });
  return ((await r.json()) as { token: string }).token;
}

async function fixtureOf(url: string, token: string): Promise<{ baseId: string; itemsId: string }> {
  const get = async (path: string) =>
    (await (await fetch(url + path, { headers: { 'xc-auth': token } })).json()) as { list: any[] };
  const base = (await get('/api/v1/db/meta/projects')).list[0];
  const items = (await get(`/api/v1/db/meta/projects/${base.id}/tables`)).list.find(
    (t) => t.title === 'Items',
  );
  return { baseId: base.id as string, itemsId: items.id as string };
}

const runners: Runner[] = [];
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
let shapes: ReturnType<typeof shapesOf> = [];
let k = 1000;
const load = (r: Runner, duration: number) =>
  autocannon({
    url: r.server.url,
    connections: 20,
    duration,
    headers: { 'xc-auth': r.token },
    requests: [
      {
        setupRequest: (req) => {
          const i = k++;
          return { ...req, path: shapes[i % shapes.length]!.path(i) };
        },
      },
    ],
  });
try {
  for (const [name, env] of Object.entries(settings)) {
    const own = new URL(admin);
    if (env.BENCH_PG_DB) own.pathname = `/${env.BENCH_PG_DB}`;
    const server = await startServerProcess({ ...env, DATABASE_URL: own.toString() });
    runners.push({
      name,
      database: env.BENCH_PG_DB ?? database,
      server,
      token: await signIn(server),
      figures: [],
    });
  }
  const fixture = await fixtureOf(runners[0]!.server.url, runners[0]!.token);
  shapes = shapesOf({ ...fixture, insertRate: 0, insertCpuUs: 0 }, rows);
  // Warm-up: every server opens its connections and loads its table models.
  for (const r of runners) await load(r, 3);
  for (let round = 0; round < rounds; round++) {
    for (const r of round % 2 ? [...runners].reverse() : runners) {
      const cpu = await r.server.cpuMs();
      const db = pgBackendCpu(r.database);
      const res = await load(r, seconds);
      if (res.non2xx) throw new Error(`${r.name}: ${res.non2xx} non-2xx answers`);
      const n = res.requests.total;
      r.figures.push({
        rps: res.requests.average,
        cpu: ((await r.server.cpuMs()) - cpu) / n,
        db: (backendCpuSince(db, pgBackendCpu(r.database)) ?? NaN) / n,
      });
    }
  }
  for (const r of runners) {
    const f = (key: 'rps' | 'cpu' | 'db') =>
      r.figures.map((x) => x[key].toFixed(key === 'rps' ? 0 : 2)).join(' ');
    console.log(
      `${r.name.padEnd(20)} req/s ${f('rps')} | server CPU/req ${f('cpu')} | DB CPU/req ${f('db')}`,
    );
    console.log(
      `${''.padEnd(20)} medians: ${median(r.figures.map((x) => x.rps)).toFixed(0)} req/s, ${median(r.figures.map((x) => x.cpu)).toFixed(2)} ms server, ${median(r.figures.map((x) => x.db)).toFixed(2)} ms DB`,
    );
  }
} finally {
  for (const r of runners) await r.server.close();
}
