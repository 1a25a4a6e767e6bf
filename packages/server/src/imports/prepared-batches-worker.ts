/**
 * Worker thread of `preparedBatchesInWorker`: reads the file and checks its rows (`preparedBatches`), posting
 * each batch to the main thread. It runs at most `AHEAD` batches ahead of the batches the main thread has
 * taken, so a slow insert keeps memory flat. See docs/imports.md.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { preparedBatches, type PreparedBatch, type PrepareSpec } from './prepared-batches.js';

/** Messages from the worker: a batch, the end, or the failure that stopped it. */
export type WorkerMessage =
  { type: 'batch'; batch: PreparedBatch } | { type: 'done' } | { type: 'error'; message: string };

/** Batches posted and not yet taken before the worker waits. */
export const AHEAD = 2;

const port = parentPort!;
let taken = 0;
let wake: (() => void) | undefined;
port.on('message', () => {
  taken++;
  wake?.();
});

async function run(): Promise<void> {
  let posted = 0;
  try {
    for await (const batch of preparedBatches(workerData as PrepareSpec)) {
      while (posted - taken >= AHEAD) await new Promise<void>((resolve) => (wake = resolve));
      port.postMessage({ type: 'batch', batch } satisfies WorkerMessage);
      posted++;
    }
    port.postMessage({ type: 'done' } satisfies WorkerMessage);
  } catch (err) {
    port.postMessage({ type: 'error', message: (err as Error).message } satisfies WorkerMessage);
  }
  port.close();
}

void run();
