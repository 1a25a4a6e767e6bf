/**
 * The shapes suite's cold figures on SQLite (each shape's first request, in the suite's order, waiting for the
 * builds it started before the next), builds taking turns on fresh copies of one kept shapes database, so a 1M-row
 * run needs no seeding (docs/performance.md, "First visits at 1M rows (SQLite)"):
 *
 *   COLD_DB=/path/rowbase.db COLD_B_DIST=/work/wt-base/packages/server/dist/ COLD_ROUNDS=3 npx tsx src/sqlite-cold-ab.ts
 *
 * COLD_DB is a shapes benchmark database (`BENCH_KEEP_DATA=1`) whose automatic indexes, count tables, search
 * indexes and their triggers were dropped (every `rbx…` object); its directory holds the `jwt-secret` beside it.
 * COLD_ROWS is the suite's BENCH_ROWS (default 1,000,000). Prints per shape and build the medians of wall time, server CPU (all threads, the builds a request starts
 * beside it included) and event-loop CPU of the first request.
 */
import { startOnKeptCopy } from './kept-copy-server.js';
import { shapesOf } from './suites/shapes.js';
import { median } from './stats.js';

const source = process.env.COLD_DB!;
const rounds = Number(process.env.COLD_ROUNDS ?? 3);
/** The rows the suite was run with (BENCH_ROWS): the deep page's offset is half of it. */
const rows = Number(process.env.COLD_ROWS ?? 1_000_000);
const builds: [string, string | undefined][] = [
  ['A (this build)', undefined],
  ['B', process.env.COLD_B_DIST],
].filter(([, dist], i) => i === 0 || dist) as [string, string | undefined][];

/** Per build, per shape: [wall, server CPU, event-loop CPU] of each round. */
const figures = new Map<string, Map<string, [number, number, number][]>>();

async function oneRound(name: string, dist: string | undefined): Promise<void> {
  const kept = await startOnKeptCopy(source, 'sqlite-cold', dist);
  const { server, get, baseId, itemsId } = kept;
  try {
    const byShape = figures.get(name) ?? figures.set(name, new Map()).get(name)!;
    const line: string[] = [];
    for (const shape of shapesOf({ baseId, itemsId, insertRate: 0, insertCpuUs: 0 }, rows)) {
      const cpu0 = await server.cpuMs();
      const main0 = (await server.mainCpuMs()) ?? 0;
      const t = performance.now();
      await get(shape.path(0));
      const wall = performance.now() - t;
      const cpu = (await server.cpuMs()) - cpu0;
      const main = ((await server.mainCpuMs()) ?? 0) - main0;
      (byShape.get(shape.name) ?? byShape.set(shape.name, []).get(shape.name)!).push([wall, cpu, main]);
      line.push(`${wall.toFixed(0)}/${cpu.toFixed(0)}/${main.toFixed(0)}`);
      await server.indexesSettled();
    }
    console.log(`${name} (wall/server CPU/event-loop ms): ${line.join(' ')}`);
  } finally {
    await kept.close();
  }
}

for (let r = 0; r < rounds; r++) {
  for (const [name, dist] of r % 2 ? [...builds].reverse() : builds) await oneRound(name, dist);
}
for (const [name, byShape] of figures) {
  console.log(`${name}: median of ${rounds}, wall ms (server CPU ms, event-loop CPU ms)`);
  for (const [shape, runs] of byShape) {
    const m = (k: number) => median(runs.map((x) => x[k]!)).toFixed(1);
    console.log(`  ${shape.padEnd(50)} ${m(0).padStart(8)} (${m(1)}, ${m(2)})`);
  }
}
