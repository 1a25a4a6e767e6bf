/**
 * The first `like` search of a large SQLite table, the build under test and another (BENCH_SERVER_DIST, e.g.
 * main's) taking turns on fresh copies of one kept database (docs/performance.md, "Text search"):
 *
 *   LIKE_DB=/path/rowbase.db LIKE_B_DIST=/work/main/packages/server/dist/ LIKE_ROUNDS=3 npx tsx src/like-cold-ab.ts
 *
 * LIKE_DB is a shapes benchmark database (`BENCH_KEEP_DATA=1`) whose search index of Title was dropped; its
 * directory must hold the `jwt-secret` beside it. Each sample copies it, starts the server on the copy, sends
 * the shapes before `like` as the shapes suite does (10 requests each), waits for their builds, then times the
 * first `(Title,like,Item 10005)`: wall time, server CPU and event-loop CPU. Prints each sample and the medians.
 */
import { runFirstReadAb } from './first-read-ab.js';

await runFirstReadAb({
  env: 'LIKE',
  before: ({ v1, v2, w }) => [
    (i: number) => `${v2}?limit=25&offset=${(i * 25) % 475}`,
    (i: number) => `${v1}?limit=25&${w(`(Qty,lt,${50 + (i % 400)})`)}`,
    (i: number) => `${v2}?limit=25&${w(`(Status,eq,open)~and(Qty,lt,${50 + (i % 400)})`)}&sort=-Price`,
    (i: number) => `${v2}?limit=25&${w(`((Status,eq,open)~and(Qty,lt,${10 + (i % 400)}))~or(Price,gt,95)`)}`,
  ],
  first: ({ v2, w }) => `${v2}?limit=25&${w('(Title,like,Item 10005)')}`,
  check: (page) => {
    if (!page.list.length) throw new Error('no match');
  },
});
