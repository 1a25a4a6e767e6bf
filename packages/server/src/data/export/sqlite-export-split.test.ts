/**
 * A CSV export split by row order ranges between two reader threads (docs/imports.md, "Rows split between two
 * reader threads") writes the one thread's file byte for byte: empty row orders first, ties broken by the key,
 * rows spread unevenly over the row order, and every row once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import Database from 'better-sqlite3';
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTO_SPLIT_IDLE_CORES, AUTO_SPLIT_MIN_ROWS, splitWanted } from './export-rows.js';
import { idleCores } from './idle-cores.js';
import { rowOrderRanges } from './row-order-ranges.js';
import { sqliteExportSplitCsv } from './sqlite-export-split.js';
import { sqliteExportBytes } from './sqlite-export-stream.js';
import type { ReaderColumn } from './sqlite-export-worker.js';

const ROWS = 5_000;
let dir: string;
let file: string;

/** Row `i`'s row order: a few empty, a run of ties, most appended in order, some crowded near the start. */
function orderOf(i: number): number | null {
  if (i % 997 === 0) return null;
  if (i % 10 === 3) return 2 + 1 / i;
  if (i > 4_000 && i <= 4_200) return 4_000.5;
  return i * 3;
}

/** Row `i`'s title: a few a spreadsheet would run, two not ASCII (their batches cross as text, not in a slot). */
function titleOf(i: number): string {
  if (i === 1501 || i === 3501) return `row ${i} é`;
  return i % 7 ? `row ${i}` : `=cmd,${i}`;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rowbase-export-split-'));
  file = path.join(dir, 'data.db');
  const db = new Database(file);
  db.exec('create table t (id integer primary key, nc_order real, title text, n integer)');
  db.exec('create index t_order on t (nc_order, id)');
  const insert = db.prepare('insert into t (id, nc_order, title, n) values (?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) insert.run(i, orderOf(i), titleOf(i), i % 5 ? i : null);
  })();
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columns: ReaderColumn[] = [
  { name: 'title', uidt: 'SingleLineText', kind: 'text' as const },
  { name: 'n', uidt: 'Number', kind: 'integer' as const },
].map((f, i) => ({
  at: i,
  kind: f.kind,
  formulaSafe: false,
  column: { id: f.name, title: f.name, column_name: f.name, uidt: f.uidt } as ColumnMeta,
}));
const select = 'select "title", "n", "id" from "t"';
const order = 'order by "nc_order" asc, "id" asc';
const ranges = {
  nulls: `${select} where "nc_order" is null ${order}`,
  between: `${select} where "nc_order" >= @lo and "nc_order" < @hi ${order}`,
  from: `${select} where "nc_order" >= @lo ${order}`,
  bounds:
    'select (select min("nc_order") from "t"), (select max("nc_order") from "t"), ' +
    '(select min("id") from "t"), (select max("id") from "t")',
  params: [],
};

// The one thread's export passes its ASCII batches through shared slots (ten batches: each of the four slots is
// written more than once), the split's as strings, so this also compares the two ways a batch crosses.
it('writes the bytes of the one-thread export, every row once in row order', async () => {
  const write = { format: 'csv' as const, columns };
  const whole = { sql: `${select} ${order}`, bindings: [] };
  let one = '';
  for await (const chunk of sqliteExportBytes(file, whole, write)) one += String(chunk);
  let split = '';
  let chunks = 0;
  for await (const chunk of sqliteExportSplitCsv(file, ranges, write, whole)) {
    split += String(chunk);
    chunks++;
  }
  expect(split).toBe(one);
  // Many ranges, so both threads took turns (one thread's batches of 500 would be 10).
  expect(chunks).toBeGreaterThan(10);
  const rows = Papa.parse<string[]>(split, { newline: '\r\n', skipEmptyLines: true }).data;
  expect(rows).toHaveLength(ROWS);
  // The empty row orders first (rows 997, 1994, 2991, 3988, 4985), then the crowded ones near 2, by order.
  expect(rows.slice(0, 6)).toEqual([
    ['row 997', '997'],
    ['row 1994', '1994'],
    ['row 2991', '2991'],
    ['row 3988', '3988'],
    ['row 4985', ''],
    ['row 4993', '4993'],
  ]);
  // A text a spreadsheet would run is neutralised and quoted.
  expect(rows.find((r) => r[1] === '7')).toEqual(["'=cmd,7", '7']);
  expect(new Set(rows.map((r) => r[0])).size).toBe(ROWS);
  expect(rows.find((r) => r[1] === '1501')).toEqual(['row 1501 é', '1501']);
  expect(rows.filter((r) => /^row \d+$/.test(r[0]!)).length).toBe(ROWS - 2 - Math.floor(ROWS / 7));
});

it('cuts the row order into ranges open at both ends, the empty ones first', () => {
  expect(rowOrderRanges([1, 1000, 1, 1000], 400)).toEqual([
    { sql: 'nulls' },
    { sql: 'between', lo: -Infinity, hi: 334 },
    { sql: 'between', lo: 334, hi: 667 },
    { sql: 'from', lo: 667 },
  ]);
  // An empty table, or one row order for all: one range after the empty ones.
  expect(rowOrderRanges([null, null, null, null], 400)).toEqual([{ sql: 'nulls' }, { sql: 'from', lo: -Infinity }]);
  expect(rowOrderRanges([5, 5, 1, 9000], 400)).toEqual([{ sql: 'nulls' }, { sql: 'from', lo: -Infinity }]);
});

it('splits when asked, and by default only large exports while two cores are idle', async () => {
  const idle = (cores: number) => () => Promise.resolve(cores);
  const two = availableParallelism() >= 2;
  expect(await splitWanted(20_000, 'on', idle(0))).toBe(true);
  expect(await splitWanted(5_000_000, 'off', idle(2))).toBe(false);
  expect(await splitWanted(AUTO_SPLIT_MIN_ROWS - 1, undefined, idle(2))).toBe(false);
  expect(await splitWanted(AUTO_SPLIT_MIN_ROWS, undefined, idle(2))).toBe(two);
  expect(await splitWanted(AUTO_SPLIT_MIN_ROWS, 'auto', idle(AUTO_SPLIT_IDLE_CORES))).toBe(two);
  expect(await splitWanted(1_000_000, undefined, idle(AUTO_SPLIT_IDLE_CORES - 0.1))).toBe(false);
});

it('counts a core kept busy as not idle', async () => {
  const spin = new Worker('const end = Date.now() + 500; while (Date.now() < end);', { eval: true });
  await new Promise((resolve) => setTimeout(resolve, 150));
  const cores = await idleCores();
  await spin.terminate();
  expect(cores).toBeLessThanOrEqual(cpus().length - 0.5);
});

it('counts idle cores over a short look: between none and all of them', async () => {
  const cores = await idleCores(50);
  expect(cores).toBeGreaterThanOrEqual(0);
  expect(cores).toBeLessThanOrEqual(cpus().length + 0.01);
});
