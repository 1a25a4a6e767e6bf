/**
 * A read of a large table in key order split into key ranges ("chunks") that two threads take in turn: the
 * event loop and a SQLite reader thread (docs/performance.md, "Text search", the first `like` page on two
 * cores). Both run the same loop over one shared array of 32-bit integers, so neither waits for a message to
 * know what is left: each claims the next chunk, runs it, writes how many rows it found, and stops claiming
 * once the chunks read so far from the first one hold enough rows. Used by sqlite-like-scan.ts (the event
 * loop) and sqlite-read-worker.ts (the reader).
 */

/** The key ranges of one scan: chunk c is `[lo + c * span, lo + (c + 1) * span)`. */
export interface ChunkPlan {
  lo: number;
  span: number;
  chunks: number;
  /** Rows wanted: the scan stops once the first chunks hold this many (each chunk is read with `limit end`). */
  end: number;
}

/** Slots of the shared array: the next chunk to claim, the stop flag, then per chunk its rows found + 1. */
const NEXT = 0;
const STOP = 1;
const DONE = 2;

/** The shared array of a plan (pass its `buffer` to the other thread). */
export function chunkState(plan: ChunkPlan): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * (DONE + plan.chunks)));
}

/**
 * Claims and reads chunks until none is left or the first chunks hold `plan.end` rows; `read(lo, hi)` reads
 * the rows of keys `[lo, hi)` (at most `end`, in key order). Returns the chunks this thread read.
 */
export function readChunks<R>(state: Int32Array, plan: ChunkPlan, read: (lo: number, hi: number) => R[]): Map<number, R[]> {
  const mine = new Map<number, R[]>();
  while (Atomics.load(state, STOP) === 0) {
    const c = Atomics.add(state, NEXT, 1);
    if (c >= plan.chunks) break;
    const lo = plan.lo + c * plan.span;
    const rows = read(lo, lo + plan.span);
    mine.set(c, rows);
    Atomics.store(state, DONE + c, rows.length + 1);
    if (enoughRead(state, plan)) Atomics.store(state, STOP, 1);
  }
  return mine;
}

/** Whether the chunks read so far, from the first on without a gap, hold `end` rows (or are all of them). */
function enoughRead(state: Int32Array, plan: ChunkPlan): boolean {
  let rows = 0;
  for (let c = 0; c < plan.chunks; c++) {
    const done = Atomics.load(state, DONE + c);
    if (done === 0) return false;
    rows += done - 1;
    if (rows >= plan.end) return true;
  }
  return true;
}

/** How many chunks were claimed by anyone (each is read to its end by whoever claimed it). */
export function chunksClaimed(state: Int32Array, plan: ChunkPlan): number {
  return Math.min(Atomics.load(state, NEXT), plan.chunks);
}

/**
 * The first `end` rows in key order from the chunks read by both threads; a chunk neither has (a reader that
 * died) is read by `readMissing`.
 */
export function mergeChunks<R>(
  plan: ChunkPlan,
  parts: readonly Map<number, R[]>[],
  readMissing: (lo: number, hi: number) => R[],
): R[] {
  const out: R[] = [];
  for (let c = 0; c < plan.chunks && out.length < plan.end; c++) {
    const lo = plan.lo + c * plan.span;
    const rows = parts.find((p) => p.has(c))?.get(c) ?? readMissing(lo, lo + plan.span);
    for (const r of rows) {
      if (out.length >= plan.end) break;
      out.push(r);
    }
  }
  return out;
}
