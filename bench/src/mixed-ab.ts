/**
 * The shapes suite's mixed load, compared between server settings that take turns on one kept database, so
 * that both see the same machine load (the development machine is shared: back-to-back benchmark runs differ
 * more from the load than from the code). Prepare the database once with `BENCH_KEEP_DATA=1 BENCH_SUITES=shapes
 * BENCH_DBS=pg npm run bench` (it prints `bench database kept: rb_bench_…`), then:
 *
 *   cd bench && BENCH_PG_DB=rb_bench_… BENCH_AB='{"a":{},"b":{"BENCH_SERVER_DIST":"../../packages/server/dist-base/"}}' \
 *     BENCH_AB_ROUNDS=4 npx tsx ./src/mixed-ab.ts
 *
 * Embedded SQLite: keep a data directory with `BENCH_KEEP_DATA=1 BENCH_SUITES=shapes BENCH_DBS=sqlite npm run bench`
 * (it prints `bench data kept in /tmp/rowbase-bench-…`) and pass it as BENCH_SQLITE_DIR instead of BENCH_PG_DB:
 * each setting then runs on a copy of its own (one SQLite file has one writer, and automatic builds write), or
 * of the directory its own BENCH_SQLITE_DIR names.
 *
 * Each setting gets its own server process on the database (or, on PostgreSQL, on its own copy named by
 * `BENCH_PG_DB` in the setting: `createdb -T rb_bench_… copy` first, for changes that alter what the database
 * holds); per round each is loaded in turn (20 clients,
 * BENCH_AB_SECONDS, default 8) and the medians over rounds are printed: requests/s, server CPU (all threads, and
 * the event loop's thread alone) and PostgreSQL
 * backends' CPU per request (the idle server's backends use none meanwhile). BENCH_AB_WARM=1 also times each
 * shape alone per round (BENCH_AB_WARM_RUNS requests one after another, default 100): p50 and server CPU.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { backendCpuSince, pgBackendCpu } from './pg-backend-cpu.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { shapesOf } from './suites/shapes.js';
import { median } from './stats.js';

const database = process.env.BENCH_PG_DB;
const sqliteDir = process.env.BENCH_SQLITE_DIR;
if (!database && !sqliteDir) throw new Error('BENCH_PG_DB or BENCH_SQLITE_DIR names the kept bench database');
const settings = JSON.parse(process.env.BENCH_AB ?? '{}') as Record<string, Record<string, string>>;
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 4);
const seconds = Number(process.env.BENCH_AB_SECONDS ?? 8);
const warm = !!process.env.BENCH_AB_WARM;
const warmRuns = Number(process.env.BENCH_AB_WARM_RUNS ?? 100);
const admin = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
admin.pathname = `/${database}`;
/** PostgreSQL backends' CPU so far (NaN on SQLite). */
const dbCpu = (r: Runner) => (r.database ? pgBackendCpu(r.database) : undefined);
const copies: string[] = [];
/** Where a setting's server keeps its data: the PostgreSQL database, or a copy of the SQLite directory. */
function dataEnv(env: Record<string, string>): Record<string, string> {
  // A setting may name a directory of its own (the same data with what its build would have added).
  const from = env.BENCH_SQLITE_DIR ?? sqliteDir;
  if (!from) {
    const own = new URL(admin);
    if (env.BENCH_PG_DB) own.pathname = `/${env.BENCH_PG_DB}`;
    return { DATABASE_URL: own.toString() };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rowbase-ab-'));
  cpSync(from, dir, { recursive: true });
  copies.push(dir);
  return { DATA_DIR: dir };
}

interface Runner {
  name: string;
  /** The PostgreSQL database it reads (none on SQLite). */
  database: string | undefined;
  server: ServerProcess;
  token: string;
  /** Per round: requests/s, and per request: server CPU (all threads), its event loop's alone, and PostgreSQL's. */
  figures: { rps: number; cpu: number; main: number; db: number }[];
  /** Per shape: warm p50 and server CPU per request, one entry per round. */
  warm: Map<string, { p50: number; cpu: number }[]>;
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
// Every load sends the same sequence of requests, from k = 1000 on as the shapes suite's mixed load does.
const load = (r: Runner, duration: number) => (
  (k = 1000),
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
  })
);
try {
  for (const [name, env] of Object.entries(settings)) {
    const server = await startServerProcess({ ...env, ...dataEnv(env) });
    runners.push({
      name,
      database: env.BENCH_PG_DB ?? database,
      server,
      token: await signIn(server),
      figures: [],
      warm: new Map(),
    });
  }
  const fixture = await fixtureOf(runners[0]!.server.url, runners[0]!.token);
  shapes = shapesOf({ ...fixture, insertRate: 0, insertCpuUs: 0 }, rows);
  // Warm-up: every server opens its connections and loads its table models.
  for (const r of runners) await load(r, 3);
  // Warm figures first: the mixed load reads every filter value, whose counts would then be cached.
  for (let round = 0; warm && round < rounds; round++) {
    for (const r of round % 2 ? [...runners].reverse() : runners) await timeShapes(r, round);
  }
  for (let round = 0; round < rounds; round++) {
    for (const r of round % 2 ? [...runners].reverse() : runners) {
      const cpu = await r.server.cpuMs();
      const main = await r.server.mainCpuMs();
      const db = dbCpu(r);
      const res = await load(r, seconds);
      if (res.non2xx) throw new Error(`${r.name}: ${res.non2xx} non-2xx answers`);
      const n = res.requests.total;
      r.figures.push({
        rps: res.requests.average,
        cpu: ((await r.server.cpuMs()) - cpu) / n,
        main: (((await r.server.mainCpuMs()) ?? NaN) - (main ?? NaN)) / n,
        db: (backendCpuSince(db, dbCpu(r)) ?? NaN) / n,
      });
    }
  }
  for (const r of runners) {
    const f = (key: 'rps' | 'cpu' | 'main' | 'db') =>
      r.figures.map((x) => x[key].toFixed(key === 'rps' ? 0 : 2)).join(' ');
    console.log(
      `${r.name.padEnd(20)} req/s ${f('rps')} | server CPU/req ${f('cpu')} | event loop ${f('main')} | DB CPU/req ${f('db')}`,
    );
    console.log(
      `${''.padEnd(20)} medians: ${median(r.figures.map((x) => x.rps)).toFixed(0)} req/s, ${median(r.figures.map((x) => x.cpu)).toFixed(2)} ms server (event loop ${median(r.figures.map((x) => x.main)).toFixed(2)}), ${median(r.figures.map((x) => x.db)).toFixed(2)} ms DB`,
    );
    for (const [shape, runs] of r.warm) {
      console.log(
        `${''.padEnd(20)} ${shape.padEnd(46)} warm p50 ${runs.map((x) => x.p50.toFixed(2)).join(' ')} (median ${median(runs.map((x) => x.p50)).toFixed(2)}) | CPU/req ${runs.map((x) => x.cpu.toFixed(2)).join(' ')} (median ${median(runs.map((x) => x.cpu)).toFixed(2)})`,
      );
    }
  }
} finally {
  for (const r of runners) await r.server.close();
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
}

/** Each shape alone: `warmRuns` requests one after another, values changing (as the shapes suite's warm figures). */
async function timeShapes(r: Runner, round: number): Promise<void> {
  for (const shape of shapes) {
    const ms: number[] = [];
    const cpu = await r.server.cpuMs();
    for (let j = 0; j < warmRuns; j++) {
      // As the shapes suite's warm requests: values no earlier request of the round used.
      const i = 11 + round * warmRuns + j;
      const t = performance.now();
      const res = await fetch(r.server.url + shape.path(i), { headers: { 'xc-auth': r.token } });
      await res.arrayBuffer();
      ms.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${r.name}: ${shape.name} -> ${res.status}`);
    }
    const list = r.warm.get(shape.name) ?? [];
    list.push({ p50: median(ms), cpu: ((await r.server.cpuMs()) - cpu) / warmRuns });
    r.warm.set(shape.name, list);
  }
}
