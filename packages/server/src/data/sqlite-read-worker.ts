/**
 * One reader of the SQLite read pool (docs/performance.md, "SQLite reads on every core"): a worker thread with
 * a read-only connection to the app's database file. It runs the SELECTs the main thread sends, one at a time,
 * each in its own implicit transaction, so every read sees what was committed before it started.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerSqliteFormulaFunctions } from './formula/sqlite-functions.js';

/** A SELECT to run: `id` pairs the answer with the request. */
export interface ReadRequest {
  id: number;
  sql: string;
  params: readonly unknown[];
}

/**
 * Rows cross the thread boundary as arrays beside one list of column names: cloning arrays costs less than
 * half of cloning objects, whose every key is copied per row (docs/performance.md, "CPU per request").
 */
export type ReadReply =
  | { id: number; ok: true; columns: string[]; rows: unknown[][]; ms: number; blobs: boolean }
  | { id: number; ok: false; message: string; code: string | undefined };

export interface ReadWorkerData {
  file: string;
}

const MAX_CACHED = 256;

function serve(): void {
  const port = parentPort;
  if (!port) return;
  const { file } = workerData as ReadWorkerData;
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  registerSqliteFormulaFunctions(db);
  const statements = new Map<string, Database.Statement>();
  const statementOf = (sql: string): Database.Statement => {
    let stmt = statements.get(sql);
    if (!stmt) {
      if (statements.size >= MAX_CACHED) statements.clear();
      stmt = db.prepare(sql).raw(true);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  port.on('message', (msg: ReadRequest | 'close') => {
    if (msg === 'close') {
      db.close();
      port.close();
      return;
    }
    try {
      const started = performance.now();
      const stmt = statementOf(msg.sql);
      const rows = stmt.all(msg.params) as unknown[][];
      const ms = performance.now() - started;
      // Read after running: SQLite prepares a statement again after a schema change, and `*` may then widen.
      const columns = stmt.columns().map((c) => c.name);
      port.postMessage({ id: msg.id, ok: true, columns, rows, ms, blobs: hasBlobs(rows) } satisfies ReadReply);
    } catch (err) {
      const e = err as { message?: string; code?: string };
      port.postMessage({ id: msg.id, ok: false, message: String(e.message), code: e.code } satisfies ReadReply);
    }
  });
}

/** Buffers arrive as plain Uint8Arrays on the other side: the main thread turns them back when told. */
function hasBlobs(rows: readonly unknown[][]): boolean {
  for (const row of rows) for (const v of row) if (v instanceof Uint8Array) return true;
  return false;
}

serve();
