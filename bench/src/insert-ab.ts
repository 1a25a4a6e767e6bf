/**
 * The shapes suite's bulk insert through the API on PostgreSQL, compared between server builds or settings
 * that take turns, so both see the same machine load (the development machine is shared). Each setting gets
 * a server process on a scratch database of its own; per round each inserts BENCH_ROWS rows (default
 * 100,000) into a fresh Items table in turn, and the medians over rounds are printed: rows/s, server CPU
 * and PostgreSQL backends' CPU per row.
 *
 *   cd bench && BENCH_AB='{"new":{},"old":{"BENCH_SERVER_DIST":"../../packages/server/dist-base/"}}' \
 *     BENCH_AB_ROUNDS=3 npx tsx ./src/insert-ab.ts
 *
 * With BENCH_PG_DB naming a database kept by the shapes suite (`BENCH_KEEP_DATA=1`), every setting inserts into
 * its Items table instead, whose automatic indexes and count tables each row then pays.
 */
import { backendCpuSince, pgBackendCpu } from './pg-backend-cpu.js';
import { createBenchTable, seed, type Api } from './rows-bench.js';
import { scratchPg } from './scratch-pg.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { median } from './stats.js';

const settings = JSON.parse(process.env.BENCH_AB ?? '{"a":{}}') as Record<string, Record<string, string>>;
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const kept = process.env.BENCH_PG_DB;
const pgUrl = (database: string) => {
  const u = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = `/${database}`;
  return u.toString();
};

async function signIn(url: string, email: string, path: 'signup' | 'signin'): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/user/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Password123!' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** The kept database's Items table. */
async function itemsOf(api: Api): Promise<{ baseId: string; tableId: string }> {
  const get = async (path: string) =>
    (await (await fetch(api.url + path, { headers: { 'xc-auth': api.token } })).json()) as { list: any[] };
  const base = (await get('/api/v1/db/meta/projects')).list[0];
  const items = (await get(`/api/v1/db/meta/projects/${base.id}/tables`)).list.find(
    (t) => t.title === 'Items',
  );
  return { baseId: base.id as string, tableId: items.id as string };
}

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
    const scratch = kept ? { url: pgUrl(kept), drop: async () => {} } : await scratchPg();
    const server = await startServerProcess({ ...env, DATABASE_URL: scratch.url });
    const token = kept
      ? await signIn(server.url, 'bench-shapes@example.com', 'signin')
      : await signIn(server.url, 'bench-insert@example.com', 'signup');
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
      const { baseId, tableId } = kept
        ? await itemsOf(r.api)
        : await createBenchTable(r.api, `Insert ${round}`);
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
