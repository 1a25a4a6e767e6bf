/**
 * The shapes suite's cold figures (the first request of each shape, index builds excluded) compared between
 * server builds or settings that take turns, so both see the same machine load. Per round, each setting gets a
 * server process on a scratch database of its own, the shapes fixture (bench/src/suites/shapes.ts) of
 * BENCH_ROWS rows (default 100,000), then each shape's first request, waiting for the builds it started before
 * the next. Prints each round and the medians per shape: wall ms, the server's CPU ms of that request and its
 * PostgreSQL backends' (PostgreSQL on this machine).
 *
 *   cd bench && BENCH_AB='{"new":{},"old":{"BENCH_SERVER_DIST":"/work/main/packages/server/dist/"}}' \
 *     BENCH_AB_ROUNDS=3 npx tsx ./src/cold-ab.ts
 */
import { backendCpuSince, pgBackendCpu } from './pg-backend-cpu.js';
import { scratchPg } from './scratch-pg.js';
import { startServerProcess } from './server-process.js';
import { setUp, shapesOf } from './suites/shapes.js';
import { median } from './stats.js';

const settings = JSON.parse(process.env.BENCH_AB ?? '{"a":{}}') as Record<string, Record<string, string>>;
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const rows = Number(process.env.BENCH_ROWS ?? 100_000);

/** Per setting, per shape: [wall ms, server CPU ms, backends' CPU ms] of each round. */
const figures = new Map<string, Map<string, [number, number, number][]>>();
const inserts = new Map<string, number[]>();

async function oneRound(name: string, env: Record<string, string>): Promise<void> {
  const scratch = await scratchPg();
  // BENCH_SERVER_DIST is read by the server process from the bench's environment or from its own settings.
  const server = await startServerProcess({ ...env, DATABASE_URL: scratch.url });
  try {
    const signup = await fetch(`${server.url}/api/v1/auth/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-cold@example.com', password: 'Password123!' }),
    });
    const { token } = (await signup.json()) as { token: string };
    const api = { url: server.url, token };
    const fixture = await setUp(api, server, rows);
    (inserts.get(name) ?? inserts.set(name, []).get(name)!).push(fixture.insertRate);
    await server.indexesSettled();
    const byShape = figures.get(name) ?? figures.set(name, new Map()).get(name)!;
    const database = new URL(scratch.url).pathname.slice(1);
    const line: string[] = [];
    for (const shape of shapesOf(fixture, rows)) {
      const cpu = await server.cpuMs();
      const db = pgBackendCpu(database);
      const t = performance.now();
      const r = await fetch(api.url + shape.path(0), { headers: { 'xc-auth': api.token } });
      if (r.status !== 200) throw new Error(`${shape.name} -> ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
      const wall = performance.now() - t;
      const cpuMs = (await server.cpuMs()) - cpu;
      // Backends' CPU (parallel workers, which end with their query, are not in it), in 10 ms ticks.
      const dbMs = backendCpuSince(db, pgBackendCpu(database)) ?? NaN;
      (byShape.get(shape.name) ?? byShape.set(shape.name, []).get(shape.name)!).push([wall, cpuMs, dbMs]);
      line.push(wall.toFixed(0));
      await server.indexesSettled();
    }
    console.log(
      `${name.padEnd(8)} insert ${Math.round(fixture.insertRate)} rows/s; cold ms ${line.join(' ')}`,
    );
  } finally {
    await server.close();
    await scratch.drop();
  }
}

for (let round = 1; round <= rounds; round++) {
  // Alternate which setting goes first, so neither always runs after the other's load.
  const order = Object.entries(settings);
  if (round % 2 === 0) order.reverse();
  for (const [name, env] of order) await oneRound(name, env);
}
for (const [name, byShape] of figures) {
  console.log(
    `${name}: median of ${rounds}, wall ms (server CPU ms, backends' CPU ms); insert ${Math.round(median(inserts.get(name)!))} rows/s`,
  );
  for (const [shape, runs] of byShape) {
    const wall = median(runs.map((r) => r[0]));
    const cpu = median(runs.map((r) => r[1]));
    const db = median(runs.map((r) => r[2]));
    console.log(`  ${shape.padEnd(50)} ${wall.toFixed(1).padStart(8)} (${cpu.toFixed(1)}, ${db.toFixed(0)})`);
  }
}
