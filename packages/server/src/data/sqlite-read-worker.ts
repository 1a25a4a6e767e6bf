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

export type ReadReply =
  | { id: number; ok: true; rows: Record<string, unknown>[]; ms: number; blobs: boolean }
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
      stmt = db.prepare(sql);
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
      const rows = statementOf(msg.sql).all(msg.params) as Record<string, unknown>[];
      const ms = performance.now() - started;
      port.postMessage({ id: msg.id, ok: true, rows, ms, blobs: hasBlobs(rows) } satisfies ReadReply);
    } catch (err) {
      const e = err as { message?: string; code?: string };
      port.postMessage({ id: msg.id, ok: false, message: String(e.message), code: e.code } satisfies ReadReply);
    }
  });
}

/** Buffers arrive as plain Uint8Arrays on the other side: the main thread turns them back when told. */
function hasBlobs(rows: readonly Record<string, unknown>[]): boolean {
  for (const row of rows) for (const key in row) if (row[key] instanceof Uint8Array) return true;
  return false;
}

serve();
