import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countLines } from './csv-batches.js';
import { readRowBatches } from './read-rows.js';
import {
  forgetGrowingUpload,
  growingFileChunks,
  growingUploadWriter,
  registerGrowingUpload,
  uploadState,
  UPLOAD_FAILED_MESSAGE,
} from './growing-upload.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 15));

/** Writes `pieces` one after another through the upload's writer, waiting between them. */
async function writeSlowly(file: string, growth: ReturnType<typeof registerGrowingUpload>, pieces: Buffer[]) {
  const out = growingUploadWriter(file, growth);
  for (const piece of pieces) {
    await new Promise<void>((resolve, reject) => out.write(piece, (err) => (err ? reject(err) : resolve())));
    await tick();
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

describe('an upload read while it arrives', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rowbase-growing-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives every byte in order, waits at the end of what arrived, and counts lines as countLines does', async () => {
    const file = path.join(dir, 'up.csv');
    const text = Array.from({ length: 5000 }, (_, i) => `row ${i},é ${i}`).join('\n'); // no final line break
    const bytes = Buffer.from(text);
    const pieces = [1, 7, 70_000, 70_003, 90_000, bytes.length].map((end, i, all) =>
      bytes.subarray(i ? Math.min(all[i - 1]!, bytes.length) : 0, Math.min(end, bytes.length)),
    );
    const growth = registerGrowingUpload(file, bytes.length + 200);
    const writing = writeSlowly(file, growth, pieces);
    const got: Buffer[] = [];
    const reading = (async () => {
      for await (const chunk of growingFileChunks(file, growth.shared, 64 * 1024)) got.push(chunk);
    })();
    await writing;
    expect(uploadState(growth.shared).arriving).toBe(true);
    growth.complete();
    await reading;
    expect(Buffer.concat(got).equals(bytes)).toBe(true);
    expect(uploadState(growth.shared).lines()).toBe(5000);
    expect(await countLines(file)).toBe(5000);
    forgetGrowingUpload(file);
    await growth.released();
  });

  it('parses a CSV as it arrives into the rows the finished file gives', async () => {
    const file = path.join(dir, 'rows.csv');
    const text = 'A,B\n' + Array.from({ length: 3000 }, (_, i) => `${i},"x ${i}\ny"`).join('\r\n') + '\n';
    const bytes = Buffer.from(text);
    const growth = registerGrowingUpload(file, 0);
    const writing = writeSlowly(file, growth, [
      bytes.subarray(0, 100),
      bytes.subarray(100, 50_000),
      bytes.subarray(50_000),
    ]);
    const rows: unknown[][] = [];
    const reading = (async () => {
      for await (const batch of readRowBatches(file, 'csv', false, undefined, growth.shared))
        rows.push(...batch);
    })();
    await writing;
    growth.complete();
    await reading;
    const whole: unknown[][] = [];
    for await (const batch of readRowBatches(file, 'csv', false)) whole.push(...batch);
    expect(rows).toHaveLength(3001);
    expect(rows[3000]).toEqual(['2999', 'x 2999\ny']);
    expect(rows).toEqual(whole);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('makes a reader waiting for more throw once the upload fails', async () => {
    const file = path.join(dir, 'cut.csv');
    const growth = registerGrowingUpload(file, 1_000_000);
    await writeSlowly(file, growth, [Buffer.from('A\n1\n2\n')]);
    const reading = (async () => {
      for await (const chunk of growingFileChunks(file, growth.shared, 64 * 1024)) void chunk;
    })();
    await tick();
    growth.fail();
    await expect(reading).rejects.toThrow(UPLOAD_FAILED_MESSAGE);
    // A later complete() does not undo the failure.
    growth.complete();
    expect(uploadState(growth.shared).failed).toBe(true);
  });
});
