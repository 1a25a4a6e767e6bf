/**
 * The first filtered and sorted page of a large SQLite table (the shapes suite's `filter on two fields, sort by a
 * third`), the build under test and another (e.g. main's) taking turns on fresh copies of one kept database
 * (docs/performance.md, "First visits at 1M rows (SQLite)"):
 *
 *   SORT_DB=/path/rowbase.db SORT_B_DIST=/work/main/packages/server/dist/ SORT_ROUNDS=3 npx tsx src/sort-cold-ab.ts
 *
 * SORT_DB is a shapes benchmark database (`BENCH_KEEP_DATA=1`) whose automatic indexes (but `(qty)`), count
 * tables and their triggers were dropped; its directory must hold the `jwt-secret` beside it. Each sample copies
 * it, starts the server on the copy, sends the two shapes before it as the shapes suite does (10 requests each),
 * waits for their builds, then times the first `(Status,eq,open)~and(Qty,lt,50)` by `-Price`: wall time, server
 * CPU and event-loop CPU (the builds it starts included). Prints each sample, its rows' keys and the medians.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from './server-process.js';
import { median } from './stats.js';

const source = process.env.SORT_DB!;
const rounds = Number(process.env.SORT_ROUNDS ?? 3);
const builds: [string, string | undefined][] = [
  ['A (this build)', undefined],
  ['B', process.env.SORT_B_DIST],
];

async function sample(dist: string | undefined): Promise<{ wall: number; cpu: number; main: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sort-cold-'));
  copyFileSync(source, path.join(dir, 'rowbase.db'));
  copyFileSync(path.join(path.dirname(source), 'jwt-secret'), path.join(dir, 'jwt-secret'));
  const server = await startServerProcess({ DATA_DIR: dir, ...(dist ? { BENCH_SERVER_DIST: dist } : {}) });
  try {
    const signin = await fetch(`${server.url}/api/v1/auth/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-shapes@example.com', password: 'Password123!' }),
    });
    const { token } = (await signin.json()) as { token: string };
    const get = async (p: string) => {
      const r = await fetch(server.url + p, { headers: { 'xc-auth': token } });
      if (r.status !== 200) throw new Error(`${p} -> ${r.status} ${await r.text()}`);
      return r.json();
    };
    const bases = (await get('/api/v1/db/meta/projects')).list as { id: string; title: string }[];
    const baseId = bases.find((b) => b.title === 'Shapes')!.id;
    const tables = (await get(`/api/v1/db/meta/projects/${baseId}/tables`)).list as {
      id: string;
      title: string;
    }[];
    const itemsId = tables.find((t) => t.title === 'Items')!.id;
    const v2 = `/api/v2/tables/${itemsId}/records`;
    const v1 = `/api/v1/db/data/noco/${baseId}/${itemsId}`;
    const w = (s: string) => `where=${encodeURIComponent(s)}`;
    const before = [
      (i: number) => `${v2}?limit=25&offset=${(i * 25) % 475}`,
      (i: number) => `${v1}?limit=25&${w(`(Qty,lt,${50 + (i % 400)})`)}`,
    ];
    for (const shape of before) for (let i = 0; i < 10; i++) await get(shape(i));
    await server.indexesSettled();
    const readerReads = await server.poolReads();
    const cpu0 = await server.cpuMs();
    const main0 = (await server.mainCpuMs()) ?? 0;
    const t = performance.now();
    const page = await get(`${v2}?limit=25&${w('(Status,eq,open)~and(Qty,lt,50)')}&sort=-Price`);
    const wall = performance.now() - t;
    const cpu = (await server.cpuMs()) - cpu0;
    const main = ((await server.mainCpuMs()) ?? 0) - main0;
    const rows = page.list as { Id: number }[];
    console.log(`  rows ${rows.map((r) => r.Id).join(',')}; totalRows ${page.pageInfo.totalRows}`);
    await server.indexesSettled();
    if (process.env.SORT_VERBOSE) console.log(`reads by readers before the page: ${readerReads}`);
    return { wall, cpu, main };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = new Map<string, { wall: number; cpu: number; main: number }[]>();
for (let r = 0; r < rounds; r++) {
  for (const [name, dist] of r % 2 ? [...builds].reverse() : builds) {
    if (name === 'B' && !dist) continue;
    const s = await sample(dist);
    results.set(name, [...(results.get(name) ?? []), s]);
    console.log(
      `${name} round ${r + 1}: wall ${s.wall.toFixed(1)} ms, server CPU ${s.cpu.toFixed(1)} ms, event loop ${s.main.toFixed(1)} ms`,
    );
  }
}
for (const [name, list] of results) {
  const m = (k: 'wall' | 'cpu' | 'main') => median(list.map((s) => s[k])).toFixed(1);
  console.log(
    `${name}: median wall ${m('wall')} ms, server CPU ${m('cpu')} ms, event loop ${m('main')} ms (${list.length} runs)`,
  );
}
