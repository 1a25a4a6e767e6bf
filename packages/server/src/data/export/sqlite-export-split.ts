/**
 * A CSV export of a whole table in row order on embedded SQLite, its rows split between two reader threads by
 * ranges of the row order (docs/imports.md, "Rows split between two reader threads"): each thread steps and
 * writes every other range, and this thread forwards the ranges in order, so each row is stepped once and the
 * file is the one thread's byte for byte. Both threads read one snapshot: they begin their read transactions
 * while this thread, the only one that writes the database, waits for them, blocked, so no write comes between.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../sqlite-read-pool.js';
import type { NativeQuery } from '../sqlite-statements.js';
import { STREAM_BATCH, WORKER_LIMITS, inbox, sqliteExportBytes } from './sqlite-export-stream.js';
import type { ExportWorkerData, ReaderWrite } from './sqlite-export-worker.js';
import type { RowOrderRangeSql } from './row-order-ranges.js';
import type { SplitReply, SplitRequest } from './split-reader.js';

/**
 * How long this thread waits, blocked, for both threads to begin their read transactions. They are connected and
 * idle by then, so it takes about a millisecond; past this the export runs on one thread instead.
 */
const BEGIN_WAIT_MS = 500;

/**
 * Batches a range holds, about. Each range is one more execution of its statement, so ranges of several batches
 * step fewer executions; each thread has a range's batches and one more asked for, so it reads on through its next
 * range while this thread forwards the other's.
 */
const RANGE_BATCHES = 4;

/** Rows a range holds, about (a little under whole batches, so the estimate's error seldom adds a short reply). */
const RANGE_ROWS = Math.floor(STREAM_BATCH * RANGE_BATCHES * 0.95);

type Reply = Exclude<SplitReply, { error: string }>;

function thrown(reply: SplitReply): Reply {
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
  next: (() => Promise<SplitReply>)[];
}

/**
 * Starts the two threads and, once both are connected, has them begin their read transactions while this
 * thread waits. Undefined (the threads stopped) when they did not begin in time.
 */
async function beginTogether(file: string, ranges: RowOrderRangeSql, write: ReaderWrite): Promise<Readers | undefined> {
  const gate = new SharedArrayBuffer(4);
  const workers = ([0, 1] as const).map((part) => {
    const data: ExportWorkerData = {
      file,
      sql: '',
      params: [],
      batch: STREAM_BATCH,
      write,
      split: { part, ranges, rangeRows: RANGE_ROWS, gate },
    };
    return startModuleWorker(new URL('./sqlite-export-worker.js', import.meta.url), data, WORKER_LIMITS);
  });
  const next = workers.map((w) => inbox<SplitReply>(w));
  const stop = () => workers.forEach((w) => (w.postMessage('close' satisfies SplitRequest), w.unref()));
  try {
    for (const reply of await Promise.all(next.map((n) => n()))) {
      if (!('ready' in thrown(reply))) throw new Error('The export reader sent something else where ready was awaited');
    }
    workers.forEach((w) => w.postMessage('begin' satisfies SplitRequest));
    if (waitFor(new Int32Array(gate), workers.length, BEGIN_WAIT_MS)) return { workers, next };
  } catch (err) {
    stop();
    throw err;
  }
  stop();
  return undefined;
}

/**
 * The CSV lines of every row, the row order ranges written alternately by two threads, in order. When the threads
 * cannot begin together, `whole` (the export's one query) is read by one thread (sqliteExportBytes).
 */
export async function* sqliteExportSplitCsv(
  file: string,
  ranges: RowOrderRangeSql,
  write: ReaderWrite,
  whole: NativeQuery,
): AsyncGenerator<string | Buffer> {
  const readers = await beginTogether(file, ranges, write);
  if (!readers) {
    yield* sqliteExportBytes(file, whole, write);
    return;
  }
  const { workers, next } = readers;
  const ask = (t: number) => workers[t]!.postMessage('next' satisfies SplitRequest);
  const done = [false, false];
  try {
    // A range's batches and one more asked of each: both step on while this thread forwards the other's range.
    for (let k = 0; k <= RANGE_BATCHES; k++) [0, 1].forEach(ask);
    // The ranges alternate between the threads, starting with the first's: when the turn passes to a thread that
    // has written its last range, there is no range left.
    for (let turn = 0; !done[turn]; ) {
      const reply = thrown(await next[turn]!());
      if (!('text' in reply)) throw new Error('The export reader sent something else where lines were asked for');
      if (reply.done) done[turn] = true;
      else ask(turn);
      if (reply.text) yield reply.text;
      if (reply.end) turn = 1 - turn;
    }
  } finally {
    // Stopped early (the client went away, or a thread failed): both close their statements and exit.
    workers.forEach((w, t) => {
      if (!done[t]) w.postMessage('close' satisfies SplitRequest);
      w.unref();
    });
  }
}
