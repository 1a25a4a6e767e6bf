/**
 * The reader thread of one export on embedded SQLite (docs/imports.md, Exports): its own read-only connection
 * runs the export's one SELECT and steps through it, posting the rows as arrays of column values (no per-row
 * objects) a batch at a time, each batch only when the main thread asks for it. The statement stays open
 * between batches, so the whole export reads one snapshot, and the next batch is read while the main thread
 * formats the last one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerSqliteFormulaFunctions } from '../formula/sqlite-functions.js';

export interface ExportWorkerData {
  file: string;
  sql: string;
  params: unknown[];
  /** Rows a batch. */
  batch: number;
}

/** The main thread asks for the next batch, or stops the read (the client went away). */
export type ExportRequest = 'next' | 'close';

export type ExportReply =
  | { rows: unknown[][]; done: boolean }
  | { json: string; done: boolean }
  | { error: string; code: string | undefined };

/** Whether JSON gives back exactly these values. */
function jsonSafe(row: readonly unknown[]): boolean {
  for (const v of row) {
    if (v === null || typeof v === 'string') continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  }
  return true;
}

function serve(): void {
  const port = parentPort;
  if (!port) return;
  const { file, sql, params, batch } = workerData as ExportWorkerData;
  let db: Database.Database | undefined;
  let rows: IterableIterator<unknown[]> | undefined;
  const stop = () => {
    rows?.return?.();
    rows = undefined;
    db?.close();
    db = undefined;
    port.close();
  };
  port.on('message', (msg: ExportRequest) => {
    if (msg === 'close') return stop();
    try {
      if (!rows) {
        db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
        registerSqliteFormulaFunctions(db);
        rows = db.prepare(sql).raw(true).iterate(...params) as IterableIterator<unknown[]>;
      }
      const out: unknown[][] = [];
      let done = false;
      while (out.length < batch) {
        const next = rows.next();
        if (next.done) {
          done = true;
          break;
        }
        out.push(next.value);
      }
      // One JSON string crosses to the main thread far cheaper than the same rows cloned value by value
      // (JSON.parse there costs about a third of the clone's deserialising); rows JSON would change (blobs,
      // infinities, big integers) go as they are.
      port.postMessage((out.every(jsonSafe) ? { json: JSON.stringify(out), done } : { rows: out, done }) satisfies ExportReply);
      if (done) stop();
    } catch (err) {
      const e = err as { message?: string; code?: string };
      port.postMessage({ error: String(e.message), code: e.code } satisfies ExportReply);
      stop();
    }
  });
}

serve();
