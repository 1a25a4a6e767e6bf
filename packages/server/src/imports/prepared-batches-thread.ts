/**
 * Runs `preparedBatches` on a worker thread: reading the file, converting its cells and checking them with the
 * field types take about as much CPU as inserting the rows into SQLite, so on a second core they overlap the
 * inserts on the main thread (which keeps the database connection), and the event loop is free for other
 * requests meanwhile. Batches arrive in order; leaving the loop early (a cancel, a failed insert) stops the
 * thread. See docs/imports.md.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PreparedBatch, PrepareSpec } from './prepared-batches.js';
import type { WorkerMessage } from './prepared-batches-worker.js';

/**
 * A batch's rows die once inserted: a small young generation is enough, and bounds the thread's memory (the
 * default lets it grow to tens of megabytes).
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 16 };

/**
 * The batches of `preparedBatches(spec)`, prepared on a worker thread.
 * @example for await (const b of preparedBatchesInWorker(spec)) await insert(b)
 */
export async function* preparedBatchesInWorker(spec: PrepareSpec): AsyncGenerator<PreparedBatch> {
  const worker = startWorker(spec);
  const queue: WorkerMessage[] = [];
  let wake: (() => void) | undefined;
  const push = (m: WorkerMessage) => {
    queue.push(m);
    wake?.();
  };
  worker.on('message', push);
  worker.on('error', (err) => push({ type: 'error', message: err.message }));
  worker.on('exit', (code) =>
    push({ type: 'error', message: `The import reader stopped (exit code ${code})` }),
  );
  try {
    for (;;) {
      const m = queue.shift();
      if (!m) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        continue;
      }
      if (m.type === 'done') return;
      if (m.type === 'error') throw new Error(m.message);
      // Taken: the worker may read one more batch while this one is inserted.
      worker.postMessage('taken');
      yield m.batch;
    }
  } finally {
    await worker.terminate();
  }
}

function startWorker(spec: PrepareSpec): Worker {
  const js = fileURLToPath(new URL('./prepared-batches-worker.js', import.meta.url));
  if (existsSync(js)) return new Worker(js, { workerData: spec, resourceLimits: WORKER_LIMITS });
  // Running from the TypeScript sources (tests): the worker loads them through tsx, as the server does.
  const ts = fileURLToPath(new URL('./prepared-batches-worker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(ts)}, __filename);`;
  return new Worker(source, { eval: true, workerData: spec, resourceLimits: WORKER_LIMITS });
}
