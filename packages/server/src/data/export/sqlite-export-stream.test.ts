/**
 * An export's rows read on a reader thread of its own (docs/imports.md, Exports): every row once and in order,
 * decoded, as one snapshot (rows committed after the export started are not in it), with a bad statement a
 * clean error, and a reader that stops when the export is left early.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OutField } from '../row-query.js';
import { STREAM_BATCH, sqliteExportRows } from './sqlite-export-stream.js';

const ROWS = STREAM_BATCH * 2 + 17;
let dir: string;
let file: string;
let db: Database.Database;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rowbase-export-stream-'));
  file = path.join(dir, 'data.db');
  // A short busy wait: a checkpoint that a reader holds up answers busy soon.
  db = new Database(file, { timeout: 200 });
  db.pragma('journal_mode = WAL');
  db.exec('create table t (id integer primary key, name text, done integer)');
  const insert = db.prepare('insert into t (id, name, done) values (?, ?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) insert.run(i, `row ${i}`, i % 2);
  })();
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const out: OutField[] = [
  { title: 'Name', key: 'name', decode: (v) => v },
  { title: 'Done', key: 'done', decode: (v) => v === 1 },
];

it('reads every row once, in order, decoded, in batches', async () => {
  const sizes: number[] = [];
  const rows: unknown[][] = [];
  const q = { sql: 'select name, done, id from t where id > ? order by id desc', bindings: [0], out };
  for await (const batch of sqliteExportRows(file, q)) {
    sizes.push(batch.length);
    rows.push(...batch);
  }
  expect(sizes).toEqual([STREAM_BATCH, STREAM_BATCH, 17]);
  expect(rows[0]).toEqual([`row ${ROWS}`, ROWS % 2 === 1, ROWS]);
  expect(rows.at(-1)).toEqual(['row 1', true, 1]);
  expect(rows.map((r) => r[2])).toEqual(Array.from({ length: ROWS }, (_, i) => ROWS - i));
});

it('passes values JSON would change (blobs, infinities) as they are', async () => {
  const keep: OutField[] = [
    { title: 'Blob', key: 'b', decode: (v) => v },
    { title: 'Big', key: 'n', decode: (v) => v },
    { title: 'Text', key: 't', decode: (v) => v },
  ];
  const q = { sql: `select x'0102' as b, 9e999 as n, 'a\u2028"b' as t`, bindings: [], out: keep };
  const batches: unknown[][][] = [];
  for await (const batch of sqliteExportRows(file, q)) batches.push(batch);
  expect(batches).toHaveLength(1);
  const [[b, n, t]] = batches[0]! as [[Uint8Array, number, string]];
  expect([...b]).toEqual([1, 2]);
  expect(n).toBe(Infinity);
  expect(t).toBe('a\u2028"b');
});

it('reads one snapshot: rows written after the first batch are not in the export', async () => {
  const batches = sqliteExportRows(file, { sql: 'select name, done from t order by id', bindings: [], out });
  let seen = 0;
  let wrote = false;
  for await (const batch of batches) {
    seen += batch.length;
    if (!wrote) {
      db.prepare('insert into t (id, name, done) values (?, ?, ?)').run(ROWS + 1, 'late', 0);
      wrote = true;
    }
  }
  expect(seen).toBe(ROWS);
  db.prepare('delete from t where id = ?').run(ROWS + 1);
});

it('rejects a statement the database refuses, as a SqliteError', async () => {
  const rows = sqliteExportRows(file, { sql: 'select nope from t', bindings: [], out });
  await expect(rows.next()).rejects.toMatchObject({ name: 'SqliteError', message: expect.stringContaining('nope') });
});

it('lets the database go when the export is left early (a checkpoint can then reset the log)', async () => {
  const rows = sqliteExportRows(file, { sql: 'select name, done from t order by id', bindings: [], out });
  expect((await rows.next()).value).toHaveLength(STREAM_BATCH);
  await rows.return(undefined);
  // A reader still inside its snapshot would keep a TRUNCATE checkpoint from finishing (busy = 1).
  let busy = 1;
  for (let tries = 0; busy && tries < 50; tries++) {
    await new Promise((r) => setTimeout(r, 20));
    db.prepare('insert into t (id, name, done) values (?, ?, ?)').run(ROWS + 2, 'x', 0);
    db.prepare('delete from t where id = ?').run(ROWS + 2);
    busy = (db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]!.busy;
  }
  expect(busy).toBe(0);
});
