/**
 * A CSV export on embedded SQLite split by columns between two reader threads (docs/imports.md, Exports): each
 * runs the export's query for half of the columns, on its own connection, and writes its half of every line;
 * this thread joins the halves with a comma. Both read one snapshot: they start their read transactions while
 * this thread, the only one that writes the database, waits for them, so no write can come between. The query's
 * order is total (it ends in the primary key), so both give the same rows in the same order.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../sqlite-read-pool.js';
import type { NativeQuery } from '../sqlite-statements.js';
import { sqliteParams } from '../sqlite-statements.js';
import { STREAM_BATCH, WORKER_LIMITS, inbox, sqliteExportBytes } from './sqlite-export-stream.js';
import type { ExportReply, ExportRequest, ExportWorkerData, ReaderWrite } from './sqlite-export-worker.js';

/** One half: its query and the columns it writes. */
export interface ExportHalf {
  q: NativeQuery;
  write: ReaderWrite;
}

/**
 * How long this thread waits, blocked, for both threads to start their read transactions. They are connected
 * and idle by then, so it takes about a millisecond; past this the export runs on one thread instead.
 */
const BEGIN_WAIT_MS = 500;

type Reply = Exclude<ExportReply, { error: string }>;

function thrown(reply: ExportReply): Reply {
  if ('error' in reply) throw Object.assign(new Error(reply.error), { name: 'SqliteError', code: reply.code });
  return reply;
}

/** Blocks until `count` reaches `n` or `ms` pass; whether it did. */
function waitFor(count: Int32Array, n: number, ms: number): boolean {
  const until = Date.now() + ms;
  for (let seen = Atomics.load(count, 0); seen < n; seen = Atomics.load(count, 0)) {
    const left = until - Date.now();
    if (left <= 0) return false;
    Atomics.wait(count, 0, seen, left);
  }
  return true;
}

interface Readers {
  workers: Worker[];
  next: (() => Promise<ExportReply>)[];
}

/**
 * Starts the two threads and, once both are connected, has them begin their read transactions while this
 * thread waits. Undefined (the threads stopped) when they did not begin in time.
 */
async function beginTogether(file: string, halves: readonly ExportHalf[]): Promise<Readers | undefined> {
  const gate = new SharedArrayBuffer(4);
  const workers: Worker[] = halves.map(({ q, write }) => {
    const data: ExportWorkerData = {
      file,
      sql: q.sql,
      params: sqliteParams(q.bindings),
      batch: STREAM_BATCH,
      write: { ...write, split: true },
      gate,
    };
    return startModuleWorker(new URL('./sqlite-export-worker.js', import.meta.url), data, WORKER_LIMITS);
  });
  const next = workers.map(inbox);
  const stop = () => workers.forEach((w) => (w.postMessage('close' satisfies ExportRequest), w.unref()));
  try {
    for (const reply of await Promise.all(next.map((n) => n()))) {
      if (!('ready' in thrown(reply))) throw new Error('The export reader sent something else where ready was awaited');
    }
    workers.forEach((w) => w.postMessage('begin' satisfies ExportRequest));
    if (waitFor(new Int32Array(gate), workers.length, BEGIN_WAIT_MS)) return { workers, next };
  } catch (err) {
    stop();
    throw err;
  }
  stop();
  return undefined;
}

/**
 * The CSV lines of every row, the first half's columns written by one thread and the second's by another (each
 * `ExportHalf` a query of the same rows and order), a batch at a time. When the threads cannot begin together,
 * `whole` (the query of every column) is read by one thread (sqliteExportBytes).
 */
export async function* sqliteExportSplitCsv(
  file: string,
  halves: readonly [ExportHalf, ExportHalf],
  whole: ExportHalf,
): AsyncGenerator<string | Buffer> {
  const readers = await beginTogether(file, halves);
  if (!readers) {
    yield* sqliteExportBytes(file, whole.q, whole.write);
    return;
  }
  const { workers, next } = readers;
  const ask = (m: ExportRequest) => workers.forEach((w) => w.postMessage(m));
  let finished = false;
  try {
    // Two batches asked for each: a reader steps on while this thread joins the last.
    ask('next');
    ask('next');
    for (;;) {
      const [a, b] = (await Promise.all(next.map((n) => n()))).map(thrown);
      if (!a || !b || !('lines' in a) || !('lines' in b))
        throw new Error('The export reader sent something else where lines were asked for');
      if (a.lines.length !== b.lines.length || a.done !== b.done)
        throw new Error('The two halves of the export read different rows');
      finished = a.done;
      if (!a.done) ask('next');
      const { lines } = a;
      const rest = b.lines;
      let text = '';
      for (let i = 0; i < lines.length; i++) text += lines[i] + ',' + rest[i] + '\r\n';
      if (text) yield text;
      if (a.done) return;
    }
  } finally {
    // Stopped early (the client went away, or a thread failed): both close their statements and exit.
    if (!finished) ask('close');
    for (const w of workers) w.unref();
  }
}
