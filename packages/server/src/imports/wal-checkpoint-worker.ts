/**
 * Worker thread of `startWalCheckpoints`: its own connection to the app's SQLite file, checkpointing the WAL
 * (PASSIVE: it never waits for the writer nor stops it) every `everyMs` while an import inserts, and once more
 * when told to stop. See docs/imports.md, "Checkpoints off the inserting connection".
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  file: string;
  everyMs: number;
}

function run(): void {
  const port = parentPort;
  if (!port) return;
  const { file, everyMs } = workerData as CheckpointWorkerData;
  const db = new Database(file, { fileMustExist: true, timeout: 5000 });
  const checkpoint = () => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy (another checkpoint runs): the next turn catches up.
    }
  };
  const timer = setInterval(checkpoint, everyMs);
  port.on('message', () => {
    clearInterval(timer);
    checkpoint();
    db.close();
    port.postMessage('stopped');
    port.close();
  });
}

run();
