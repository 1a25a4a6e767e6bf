/**
 * Background work that a read starts on PostgreSQL (an automatic index build, a count table, a statistics
 * refresh, the fold of a count table) waits until the row reads running in this process on that database
 * are done, at most `MAX_WAIT_MS` (docs/performance.md, "Cold reads on PostgreSQL"). Started beside the
 * first request of a shape, they shared the machine's 2 cores with its queries and doubled its time.
 */
import type { Knex } from 'knex';

/** Under a steady load reads never stop: background work then starts after this long anyway. */
export const MAX_WAIT_MS = 1000;

interface Gate {
  running: number;
  waiting: (() => void)[];
}

const gates = new WeakMap<object, Gate>();

function gateOf(db: Knex): Gate {
  // A transaction's reads count for its database.
  const key = (db as { client?: object }).client ?? db;
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = { running: 0, waiting: [] }));
  return gate;
}

/** Runs a read, counted as running on `db` until it settles. */
export async function whileReading<T>(db: Knex, read: () => Promise<T>): Promise<T> {
  const gate = gateOf(db);
  gate.running++;
  try {
    return await read();
  } finally {
    gate.running--;
    if (gate.running === 0) for (const wake of gate.waiting.splice(0)) wake();
  }
}

/** Resolves once no read runs on `db` (at once when none does), or after `maxMs`. */
export function afterReads(db: Knex, maxMs = MAX_WAIT_MS): Promise<void> {
  const gate = gateOf(db);
  if (gate.running === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, maxMs);
    timer.unref?.();
    function done() {
      clearTimeout(timer);
      const at = gate.waiting.indexOf(done);
      if (at >= 0) gate.waiting.splice(at, 1);
      resolve();
    }
    gate.waiting.push(done);
  });
}

/** Reads running on `db` now (tests). */
export function readsRunning(db: Knex): number {
  return gateOf(db).running;
}
