/**
 * WAL checkpoints of a large import on another thread (embedded SQLite). The inserting connection's automatic
 * checkpoint (every thousand WAL pages, inside a COMMIT) copies pages into the database file and syncs it on
 * the event loop; while an import runs it is turned off, and a worker thread with a connection of its own
 * checkpoints instead (PASSIVE, so it never blocks the writer). Once a checkpoint has copied the whole WAL, the
 * next write transaction starts the WAL over, so it stays bounded. Durability is unchanged: a COMMIT is as
 * durable as before (synchronous = NORMAL in WAL mode); only the copying into the database file moved.
 * See docs/imports.md, "Checkpoints off the inserting connection".
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Knex } from 'knex';
import type { CheckpointWorkerData } from './wal-checkpoint-worker.js';

/**
 * How often the worker checkpoints. Each checkpoint syncs the files, so not much more often than the connection
 * did (every thousand pages, about 20,000 of the bench's rows); the WAL holds at most a second of inserts.
 */
const CHECKPOINT_EVERY_MS = 1000;
/** SQLite's default automatic checkpoint, in WAL pages. */
const DEFAULT_AUTOCHECKPOINT = 1000;
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

interface SqliteConnection {
  readonly name: string;
  readonly memory: boolean;
  pragma(source: string, options?: { simple: boolean }): unknown;
}

export interface WalCheckpoints {
  /** Turns the inserting connection's automatic checkpoints back on, after a last checkpoint on the worker. */
  stop(): Promise<void>;
}

/**
 * Moves checkpoints off `db`'s connection until `stop()`; nothing happens for a database that is not an
 * embedded SQLite file in WAL mode.
 * @example const wal = await startWalCheckpoints(db); try { await insertAll() } finally { await wal.stop() }
 */
export async function startWalCheckpoints(db: Knex): Promise<WalCheckpoints> {
  const conn = await sqliteFileConnection(db);
  if (!conn) return { stop: async () => {} };
  const before = Number(conn.pragma('wal_autocheckpoint', { simple: true })) || DEFAULT_AUTOCHECKPOINT;
  let worker: Worker;
  try {
    worker = startWorker({ file: conn.name, everyMs: CHECKPOINT_EVERY_MS });
  } catch {
    return { stop: async () => {} };
  }
  conn.pragma('wal_autocheckpoint = 0');
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve());
    // A worker that failed (cannot open the file): the connection checkpoints again, as it did before.
    worker.once('error', () => conn.pragma(`wal_autocheckpoint = ${before}`));
  });
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
      conn.pragma(`wal_autocheckpoint = ${before}`);
    },
  };
}

async function sqliteFileConnection(db: Knex): Promise<SqliteConnection | undefined> {
  if ((db.client as { config?: { client?: unknown } }).config?.client !== 'better-sqlite3') return undefined;
  const conn = (await (
    db.client as { acquireConnection(): Promise<SqliteConnection> }
  ).acquireConnection()) as SqliteConnection;
  await (db.client as { releaseConnection(c: unknown): Promise<void> }).releaseConnection(conn);
  if (conn.memory || !conn.name || !existsSync(conn.name)) return undefined;
  const mode = String(conn.pragma('journal_mode', { simple: true })).toLowerCase();
  return mode === 'wal' ? conn : undefined;
}

function startWorker(data: CheckpointWorkerData): Worker {
  const js = fileURLToPath(new URL('./wal-checkpoint-worker.js', import.meta.url));
  if (existsSync(js)) return new Worker(js, { workerData: data, resourceLimits: WORKER_LIMITS });
  // Running from the TypeScript sources (tests): the worker loads them through tsx, as the server does.
  const ts = fileURLToPath(new URL('./wal-checkpoint-worker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(ts)}, __filename);`;
  return new Worker(source, { eval: true, workerData: data, resourceLimits: WORKER_LIMITS });
}
