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
import { runFirstReadAb } from './first-read-ab.js';

await runFirstReadAb({
  env: 'SORT',
  before: ({ v1, v2, w }) => [
    (i: number) => `${v2}?limit=25&offset=${(i * 25) % 475}`,
    (i: number) => `${v1}?limit=25&${w(`(Qty,lt,${50 + (i % 400)})`)}`,
  ],
  first: ({ v2, w }) => `${v2}?limit=25&${w('(Status,eq,open)~and(Qty,lt,50)')}&sort=-Price`,
  check: (page) => {
    const keys = page.list.map((r) => r.Id).join(',');
    console.log(`  rows ${keys}; totalRows ${page.pageInfo?.totalRows}`);
  },
});
