/**
 * The first read of one shape on a large SQLite table, the build under test and another (e.g. main's) taking
 * turns on fresh copies of one kept shapes database: what `like-cold-ab.ts` and `sort-cold-ab.ts` share. Each
 * sample copies the database (its `jwt-secret` beside it), starts the server on the copy, sends the shapes
 * before it (10 requests each), waits for their builds, then times the first read: wall time, server CPU and
 * event-loop CPU. Prints each sample and the medians.
 */
import { startOnKeptCopy } from './kept-copy-server.js';
import { median } from './stats.js';

/** The Items table's v1 and v2 list paths, and a `where` parameter. */
export interface ItemsPaths {
  v1: string;
  v2: string;
  w: (where: string) => string;
}

export interface FirstReadAb {
  /** Prefix of the settings: `${env}_DB`, `${env}_B_DIST`, `${env}_ROUNDS`, `${env}_VERBOSE`. */
  env: string;
  /** The shapes sent before, by request number. */
  before: (p: ItemsPaths) => ((i: number) => string)[];
  /** The read timed. */
  first: (p: ItemsPaths) => string;
  /** Checks (and may print) its answer. */
  check: (page: { list: Record<string, unknown>[]; pageInfo?: { totalRows?: number } }) => void;
}

interface Sample {
  wall: number;
  cpu: number;
  main: number;
}

export async function runFirstReadAb(ab: FirstReadAb): Promise<void> {
  const source = process.env[`${ab.env}_DB`]!;
  const rounds = Number(process.env[`${ab.env}_ROUNDS`] ?? 3);
  const builds: [string, string | undefined][] = [
    ['A (this build)', undefined],
    ['B', process.env[`${ab.env}_B_DIST`]],
  ];

  async function sample(dist: string | undefined): Promise<Sample> {
    const kept = await startOnKeptCopy(source, `${ab.env.toLowerCase()}-cold`, dist);
    const { server, get, baseId, itemsId } = kept;
    try {
      const paths: ItemsPaths = {
        v2: `/api/v2/tables/${itemsId}/records`,
        v1: `/api/v1/db/data/noco/${baseId}/${itemsId}`,
        w: (s: string) => `where=${encodeURIComponent(s)}`,
      };
      for (const shape of ab.before(paths)) for (let i = 0; i < 10; i++) await get(shape(i));
      await server.indexesSettled();
      const readerReads = await server.poolReads();
      const cpu0 = await server.cpuMs();
      const main0 = (await server.mainCpuMs()) ?? 0;
      const t = performance.now();
      const page = await get(ab.first(paths));
      const wall = performance.now() - t;
      const cpu = (await server.cpuMs()) - cpu0;
      const main = ((await server.mainCpuMs()) ?? 0) - main0;
      ab.check(page);
      await server.indexesSettled();
      if (process.env[`${ab.env}_VERBOSE`])
        console.log(`reads by readers before the timed read: ${readerReads}`);
      return { wall, cpu, main };
    } finally {
      await kept.close();
    }
  }

  const results = new Map<string, Sample[]>();
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
    const m = (k: keyof Sample) => median(list.map((s) => s[k])).toFixed(1);
    console.log(
      `${name}: median wall ${m('wall')} ms, server CPU ${m('cpu')} ms, event loop ${m('main')} ms (${list.length} runs)`,
    );
  }
}
