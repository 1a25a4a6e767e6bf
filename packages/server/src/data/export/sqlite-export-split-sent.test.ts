/**
 * The split's batches reach the socket as bytes in buffers moved from the reader threads, and each buffer goes back
 * to its thread, to be written again, only once the socket has written it (docs/imports.md, "The split's batches
 * as bytes handed back once written"). A client that reads slowly keeps megabytes waiting in the response: a
 * buffer handed back too early is then rewritten (or emptied) before it is sent, and the file differs.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sentChunksBody, type SentChunk } from './sent-body.js';
import { sqliteExportSplitCsv } from './sqlite-export-split.js';
import { sqliteExportBytes } from './sqlite-export-stream.js';
import type { ReaderColumn } from './sqlite-export-worker.js';

/** About 12 MB of CSV: far more than the socket's buffers hold while the client waits. */
const ROWS = 24_000;
let dir: string;
let file: string;
let server: Server | undefined;

/** Row `i`'s text: about 500 characters of its own, now and then not ASCII. */
function textOf(i: number): string {
  const word = i % 101 === 0 ? `é${i}` : `w${i}`;
  return Array.from({ length: 80 }, (_, k) => word + (k % 10)).join(' ');
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rowbase-export-split-sent-'));
  file = path.join(dir, 'data.db');
  const db = new Database(file);
  db.exec('create table t (id integer primary key, nc_order real, body text, n integer)');
  db.exec('create index t_order on t (nc_order, id)');
  const insert = db.prepare('insert into t (id, nc_order, body, n) values (?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) insert.run(i, i, textOf(i), i);
  })();
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const columns: ReaderColumn[] = [
  { name: 'body', uidt: 'LongText', kind: 'text' as const },
  { name: 'n', uidt: 'Number', kind: 'integer' as const },
].map((f, i) => ({
  at: i,
  kind: f.kind,
  formulaSafe: false,
  column: { id: f.name, title: f.name, column_name: f.name, uidt: f.uidt } as ColumnMeta,
}));
const select = 'select "body", "n", "id" from "t"';
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
const write = { format: 'csv' as const, columns };
const whole = { sql: `${select} ${order}`, bindings: [] };

const sha1 = (b: Buffer) => createHash('sha1').update(b).digest('hex');

/** Serves the body and reads it through a client that takes a little at a time, so the socket's buffers fill. */
async function servedSlowly(body: () => NodeJS.ReadableStream): Promise<Buffer> {
  server = createServer((_req, res) => void body().pipe(res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        parts.push(c);
        res.pause();
        setTimeout(() => res.resume(), 1);
      });
      res.on('end', () => resolve(Buffer.concat(parts)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

it('sends the one thread’s bytes while the threads write into the buffers handed back', { timeout: 60_000 }, async () => {
  let one = '';
  for await (const chunk of sqliteExportBytes(file, whole, write)) one += String(chunk);
  const expected = Buffer.from(one);
  expect(expected.length).toBeGreaterThan(10_000_000);
  let chunks = 0;
  let handedBack = 0;
  async function* counted(): AsyncGenerator<SentChunk> {
    for await (const chunk of sqliteExportSplitCsv(file, ranges, write, whole)) {
      chunks++;
      const { spent } = chunk;
      yield spent ? { ...chunk, spent: () => (handedBack++, spent()) } : chunk;
    }
  }
  const received = await servedSlowly(() => sentChunksBody(counted()));
  expect(received.length).toBe(expected.length);
  expect(sha1(received)).toBe(sha1(expected));
  // Most batches went back to their threads (all but those still held when the last one came).
  expect(chunks).toBeGreaterThan(40);
  expect(handedBack).toBeGreaterThan(chunks / 2);
});
