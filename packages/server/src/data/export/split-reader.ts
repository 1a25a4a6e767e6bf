/**
 * One of the two reader threads of a CSV export split by row order ranges (sqlite-export-split.ts,
 * docs/imports.md "Rows split between two reader threads"). It opens its connection and says `ready`; on `begin`
 * it starts its read transaction and reads the snapshot's bounds (the main thread, the only writer, waits
 * meanwhile, so both threads read one snapshot), then writes the lines of every other range (`part` 0: the
 * first, third, …), one reply per `next`: at most a batch of rows, never across a range's end.
 */
import type { MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { registerSqliteFormulaFunctions } from '../formula/sqlite-functions.js';
import { rowOrderRanges, type RowOrderBounds, type RowOrderRange, type RowOrderRangeSql } from './row-order-ranges.js';

export interface SplitRead {
  /** Which ranges this thread writes: those at `part`, `part + 2`, … */
  part: 0 | 1;
  ranges: RowOrderRangeSql;
  /** About how many rows a range holds (a few batches: sqlite-export-split.ts). */
  rangeRows: number;
  /** An Int32 at 0 counting the threads whose read transaction has begun. */
  gate: SharedArrayBuffer;
}

/** Requests of the main thread. */
export type SplitRequest = 'begin' | 'next' | 'close';

/**
 * Replies: ready once connected; then, per `next`, the lines of up to a batch of rows, `end` when they end a
 * range, `done` when that range was this thread's last.
 */
export type SplitReply =
  | { ready: true }
  | { text: string; end: boolean; done: boolean }
  | { error: string; code: string | undefined };

export function serveSplit(
  port: MessagePort,
  file: string,
  batch: number,
  split: SplitRead,
  written: (rows: unknown[][]) => string,
): void {
  const { part, ranges: sql, rangeRows, gate } = split;
  let db: Database.Database | undefined;
  let mine: RowOrderRange[] = [];
  let rows: IterableIterator<unknown[]> | undefined;
  let closed = false;
  const stop = () => {
    rows?.return?.();
    rows = undefined;
    db?.close();
    db = undefined;
    closed = true;
    port.close();
  };
  const fail = (err: unknown) => {
    const e = err as { message?: string; code?: string };
    if (!closed) port.postMessage({ error: String(e.message), code: e.code } satisfies SplitReply);
    stop();
  };
  const statements = new Map<string, Database.Statement>();
  const open = (range: RowOrderRange): IterableIterator<unknown[]> => {
    let s = statements.get(range.sql);
    if (!s) statements.set(range.sql, (s = db!.prepare(sql[range.sql]).raw(true)));
    const named = range.sql === 'nulls' ? [] : [range.sql === 'between' ? { lo: range.lo, hi: range.hi } : { lo: range.lo }];
    return s.iterate(...sql.params, ...named) as IterableIterator<unknown[]>;
  };
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    registerSqliteFormulaFunctions(db);
    port.postMessage({ ready: true } satisfies SplitReply);
  } catch (err) {
    fail(err);
    return;
  }
  port.on('message', (msg: SplitRequest) => {
    if (msg === 'close') return stop();
    if (closed) return;
    try {
      if (msg === 'begin') {
        // The read transaction's snapshot is taken by its first read: the bounds, which both threads then cut
        // into the same ranges.
        db!.exec('BEGIN');
        const bounds = db!.prepare(sql.bounds).raw(true).get() as RowOrderBounds;
        mine = rowOrderRanges(bounds, rangeRows).filter((_, i) => i % 2 === part);
        const count = new Int32Array(gate);
        Atomics.add(count, 0, 1);
        Atomics.notify(count, 0);
        return;
      }
      if (!rows) {
        const range = mine.shift();
        if (!range) return; // past the last range: the main thread stops asking
        rows = open(range);
      }
      const out: unknown[][] = [];
      let end = false;
      while (out.length < batch) {
        const next = rows.next();
        if (next.done) {
          end = true;
          rows = undefined;
          break;
        }
        out.push(next.value);
      }
      const done = end && mine.length === 0;
      port.postMessage({ text: out.length ? written(out) : '', end, done } satisfies SplitReply);
      if (done) stop();
    } catch (err) {
      fail(err);
    }
  });
}
