/**
 * SQLite reads on every core (docs/performance.md): better-sqlite3 runs a query synchronously on the event loop,
 * so one slow read stalls every request while the other cores idle. The pool keeps worker threads, each with a
 * read-only connection to the same WAL database, and sends them the SELECTs worth the trip: a shape (its SQL)
 * that has taken more than `minMs` on the main thread three runs in a row. A message round-trip costs about 50–100 µs, so cheap
 * reads stay inline. Writes, and reads inside a transaction, never come here.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { arrayToObject, arrayToObjectByLoop, type ArrayToObject } from './row-builders.js';
import type { ReadReply, ReadRequest, ReadWorkerData } from './sqlite-read-worker.js';

export type Rows = Record<string, unknown>[];

export interface ReadPoolOptions {
  /** The database file (WAL mode) the app's connection writes. */
  file: string;
  /** How many reader threads at most (started on first use). */
  size: number;
  /** A shape goes to a reader once it has taken longer than this on the main thread (three runs in a row); 0 sends every read. */
  minMs: number;
  /** Told when a reader starts or the pool stops. */
  log?: (fields: Record<string, unknown>, message: string) => void;
}

/** Readers of a pool that stopped starting (a broken install): after this many, reads stay inline for good. */
const MAX_START_FAILURES = 3;
/** Shapes remembered; past this the memory starts over (every shape is measured inline again). */
const MAX_SHAPES = 2000;
/**
 * A shape goes to a reader after this many slow runs on the main thread in a row. A thread that lost its core
 * mid-read (a busy machine) times a cheap read as slow; it rarely does so three times running, while a read
 * that is really slow always does (docs/performance.md, "A warm read, step by step").
 */
export const SLOW_RUNS_TO_READER = 3;
/**
 * A reader's rows live only until they are posted: a small young generation is enough (the default lets a
 * busy thread's grow to tens of megabytes). Old generation, for large pages, is left at the default.
 */
const READER_LIMITS = { maxYoungGenerationSizeMb: 8 };
/** A reader that does not stop within this is terminated. */
const CLOSE_MS = 5000;

interface Pending {
  resolve(rows: Rows): void;
  reject(err: Error): void;
  /** Runs the read on the main thread when the reader died before answering. */
  fallback(): Promise<Rows>;
  sql: string;
}

class Reader {
  readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private answered = false;
  private readonly thread: Worker;
  private readonly exited: Promise<void>;

  constructor(
    file: string,
    private readonly onReply: (sql: string, ms: number) => void,
    private readonly onDeath: (reader: Reader, neverAnswered: boolean) => void,
    onError: (err: Error) => void,
  ) {
    this.thread = startWorker({ file });
    this.thread.unref();
    this.thread.on('message', (reply: ReadReply) => this.answer(reply));
    // A reader that fails (cannot open the file, runs out of memory) exits; its reads run inline.
    this.thread.on('error', onError);
    this.exited = new Promise((resolve) =>
      this.thread.once('exit', () => {
        this.onDeath(this, !this.answered);
        this.failPending();
        resolve();
      }),
    );
  }

  select(sql: string, params: readonly unknown[], fallback: () => Promise<Rows>): Promise<Rows> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, fallback, sql });
      this.thread.postMessage({ id, sql, params } satisfies ReadRequest);
    });
  }

  /** Asks the reader to close its connection and stop; terminates it if it does not. */
  async close(): Promise<void> {
    this.thread.postMessage('close');
    const timer = setTimeout(() => void this.thread.terminate(), CLOSE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  private answer(reply: ReadReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    this.answered = true;
    if (!reply.ok) {
      p.reject(Object.assign(new Error(reply.message), { name: 'SqliteError', code: reply.code }));
      return;
    }
    this.onReply(p.sql, reply.ms);
    const rows = rowObjects(reply.columns, reply.rows);
    p.resolve(reply.blobs ? rows.map(withBuffers) : rows);
  }

  /** A reader that died mid-read: its reads run on the main thread instead (reads are safe to repeat). */
  private failPending(): void {
    for (const p of this.pending.values()) p.fallback().then(p.resolve, p.reject);
    this.pending.clear();
  }
}

export class SqliteReadPool {
  private readers: Reader[] = [];
  /** Per shape (SQL): how many inline runs in a row took longer than `minMs`; `SLOW_RUNS_TO_READER` goes to a reader. */
  private readonly slowRuns = new Map<string, number>();
  private startFailures = 0;
  private closed = false;
  /** Reads answered by a reader, for tests and the benchmark. */
  dispatched = 0;

  constructor(private readonly opts: ReadPoolOptions) {}

  /** Whether a SELECT should go to a reader. */
  wants(sql: string): boolean {
    if (this.closed) return false;
    return this.opts.minMs === 0 || (this.slowRuns.get(sql) ?? 0) >= SLOW_RUNS_TO_READER;
  }

  /** Records how long a SELECT took on the main thread (its statement run, not its preparation). */
  noteInline(sql: string, ms: number): void {
    const runs = this.slowRuns.get(sql) ?? 0;
    if (ms > this.opts.minMs) this.remember(sql, Math.min(runs + 1, SLOW_RUNS_TO_READER));
    else if (runs > 0) this.remember(sql, 0);
  }

  /**
   * Runs a SELECT on the least busy reader. The caller has made sure no write of this process is left
   * uncommitted (docs/performance.md), so the reader's snapshot has every write that was answered before.
   * `fallback` runs it on the main thread if the reader dies first.
   */
  select(sql: string, params: readonly unknown[], fallback: () => Promise<Rows>): Promise<Rows> {
    if (this.closed) return fallback();
    this.dispatched++;
    return this.leastBusy().select(sql, params, fallback);
  }

  /** Whether reader threads may still start (false once closed, or after readers failed to start). */
  get usable(): boolean {
    return !this.closed;
  }

  /** The database file the readers open. */
  get file(): string {
    return this.opts.file;
  }

  /** Reader threads running now. */
  get threads(): number {
    return this.readers.length;
  }

  /** Stops taking reads (they run inline from now on), lets the readers finish theirs, and stops them. */
  async close(): Promise<void> {
    this.closed = true;
    const readers = this.readers;
    this.readers = [];
    await Promise.all(readers.map((r) => r.close()));
    if (readers.length) this.opts.log?.({ readers: readers.length }, 'SQLite reader threads stopped');
  }

  private leastBusy(): Reader {
    let best: Reader | undefined;
    for (const r of this.readers) if (!best || r.pending.size < best.pending.size) best = r;
    // Start another reader only when every running one is busy: an idle app keeps one thread.
    if (best && (best.pending.size === 0 || this.readers.length >= this.opts.size)) return best;
    const reader = new Reader(
      this.opts.file,
      (sql, ms) => this.noteReader(sql, ms),
      (r, neverAnswered) => this.forget(r, neverAnswered),
      (err) => this.opts.log?.({ err: err.message }, 'SQLite reader thread failed; its reads run on the event loop'),
    );
    this.readers.push(reader);
    this.opts.log?.({ readers: this.readers.length, of: this.opts.size }, 'SQLite reader thread started');
    return reader;
  }

  /** A shape that has become cheap (an index was built for it) goes back to the main thread. */
  private noteReader(sql: string, ms: number): void {
    if (this.opts.minMs > 0 && ms < this.opts.minMs / 4) this.remember(sql, 0);
  }

  private remember(sql: string, slowRuns: number): void {
    if (this.slowRuns.size >= MAX_SHAPES && !this.slowRuns.has(sql)) this.slowRuns.clear();
    this.slowRuns.set(sql, slowRuns);
  }

  private forget(reader: Reader, neverAnswered: boolean): void {
    this.readers = this.readers.filter((r) => r !== reader);
    if (!this.closed && neverAnswered && ++this.startFailures >= MAX_START_FAILURES) this.closed = true;
  }
}

/** The reader's entry. */
function startWorker(data: ReadWorkerData): Worker {
  return startModuleWorker(new URL('./sqlite-read-worker.js', import.meta.url), data, READER_LIMITS);
}

/**
 * A worker thread running a module of this package: the compiled .js (`entry`) in a build, the .ts source
 * beside it under tsx or the test runner.
 */
export function startModuleWorker(entry: URL, data: unknown, resourceLimits?: ResourceLimits): Worker {
  const js = fileURLToPath(entry);
  if (existsSync(js)) return new Worker(js, { workerData: data, resourceLimits });
  const ts = js.replace(/\.js$/, '.ts');
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(ts)}, __filename);`;
  return new Worker(source, { eval: true, workerData: data, resourceLimits });
}

/**
 * Builders of row objects per list of column names (row-builders.ts), compiled the second time a list is met:
 * most reads are of a few shapes read again and again, and compiling costs more than one read saves.
 */
const MAX_BUILDERS = 256;
const builders = new Map<string, ArrayToObject | undefined>();

/**
 * Rows read as arrays (a reader's, or a raw statement's) as the driver's objects: one property per column
 * name, a later column of the same name overwriting an earlier one, as better-sqlite3 does. Built by an
 * object literal compiled once per list of names (docs/performance.md, "Rows built by compiled literals").
 */
export function rowObjects(columns: readonly string[], rows: readonly unknown[][]): Rows {
  const key = JSON.stringify(columns);
  let build = builders.get(key);
  if (!build) {
    if (builders.size >= MAX_BUILDERS) builders.clear();
    const seen = builders.has(key);
    build = seen ? arrayToObject(columns) : arrayToObjectByLoop(columns);
    builders.set(key, seen ? build : undefined);
  }
  const out: Rows = new Array<Record<string, unknown>>(rows.length);
  for (let r = 0; r < rows.length; r++) out[r] = build(rows[r]!);
  return out;
}

/** Blobs cross the thread boundary as Uint8Array; the rest of the server expects Buffers, as the driver gives. */
function withBuffers(row: Record<string, unknown>): Record<string, unknown> {
  for (const key in row) {
    const v = row[key];
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[key] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return row;
}

const pools = new WeakMap<object, SqliteReadPool>();

/** Reads through `db` (the app's knex, never a transaction of it) may go to this pool. */
export function attachReadPool(db: object, pool: SqliteReadPool): void {
  pools.set(db, pool);
}

/** The read pool of a knex instance; a transaction has none, so its reads stay on its connection. */
export function readPoolOf(db: object): SqliteReadPool | undefined {
  return pools.get(db);
}

/**
 * Starts the read pool of the embedded SQLite database when the configuration asks for one (a file database,
 * at least one worker); its threads start on first use. Returns it so the app can close it.
 */
export function openSqliteReadPool(ctx: {
  db: object;
  config: { db: { client: string; connection: string }; sqliteReads: { workers: number; minMs: number } };
  log: { info(fields: Record<string, unknown>, message: string): void };
}): SqliteReadPool | undefined {
  const { client, connection } = ctx.config.db;
  const { workers, minMs } = ctx.config.sqliteReads;
  if (client !== 'sqlite' || workers < 1 || connection === ':memory:') return undefined;
  const log = (fields: Record<string, unknown>, message: string) => ctx.log.info(fields, message);
  const pool = new SqliteReadPool({ file: connection, size: workers, minMs, log });
  attachReadPool(ctx.db, pool);
  return pool;
}
