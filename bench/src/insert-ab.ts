/**
 * The shapes suite's bulk insert through the API on PostgreSQL, compared between server builds or settings
 * that take turns, so both see the same machine load (the development machine is shared). Each setting gets
 * a server process on a scratch database of its own; per round each inserts BENCH_ROWS rows (default
 * 100,000) into a fresh Items table in turn, and the medians over rounds are printed: rows/s, server CPU
 * and PostgreSQL backends' CPU per row.
 *
 *   cd bench && BENCH_AB='{"new":{},"old":{"BENCH_SERVER_DIST":"../../packages/server/dist-base/"}}' \
 *     BENCH_AB_ROUNDS=3 npx tsx ./src/insert-ab.ts
 */
import { backendCpuSince, pgBackendCpu } from './pg-backend-cpu.js';
import { createBenchTable, seed, type Api } from './rows-bench.js';
import { scratchPg } from './scratch-pg.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { median } from './stats.js';

const settings = JSON.parse(process.env.BENCH_AB ?? '{"a":{}}') as Record<string, Record<string, string>>;
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const rows = Number(process.env.BENCH_ROWS ?? 100_000);

interface Runner {
  name: string;
  server: ServerProcess;
  database: string;
  drop: () => Promise<void>;
  api: Api;
  figures: { rate: number; cpuUs: number; dbUs: number }[];
}

const runners: Runner[] = [];
try {
  for (const [name, env] of Object.entries(settings)) {
    const scratch = await scratchPg();
    const server = await startServerProcess({ ...env, DATABASE_URL: scratch.url });
    const signup = await fetch(`${server.url}/api/v1/auth/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-insert@example.com', password: 'Password123!' }),
    });
    const { token } = (await signup.json()) as { token: string };
    const database = new URL(scratch.url).pathname.slice(1);
    runners.push({
      name,
      server,
      database,
      drop: scratch.drop,
      api: { url: server.url, token },
      figures: [],
    });
  }
  for (let round = 1; round <= rounds; round++) {
    for (const r of runners) {
      const { baseId, tableId } = await createBenchTable(r.api, `Insert ${round}`);
      const cpu = await r.server.cpuMs();
      const db = pgBackendCpu(r.database);
      const rate = await seed(r.api, baseId, tableId, rows);
      const cpuUs = (((await r.server.cpuMs()) - cpu) * 1000) / rows;
      const dbUs = ((backendCpuSince(db, pgBackendCpu(r.database)) ?? NaN) * 1000) / rows;
      r.figures.push({ rate, cpuUs, dbUs });
      console.log(
        `round ${round} ${r.name.padEnd(8)} ${Math.round(rate).toLocaleString('en')} rows/s, server ${cpuUs.toFixed(1)} µs/row, database ${dbUs.toFixed(1)} µs/row`,
      );
      await r.server.indexesSettled();
    }
  }
  for (const r of runners) {
    const m = (k: 'rate' | 'cpuUs' | 'dbUs') => median(r.figures.map((f) => f[k]));
    console.log(
      `median   ${r.name.padEnd(8)} ${Math.round(m('rate')).toLocaleString('en')} rows/s, server ${m('cpuUs').toFixed(1)} µs/row, database ${m('dbUs').toFixed(1)} µs/row`,
    );
  }
} finally {
  for (const r of runners) {
    await r.server.close();
    await r.drop();
  }
}
