/**
 * A large streamed xlsx export holds about one batch in memory, however many rows it has (docs/imports.md,
 * Exports): rows are read from their source only as fast as the zipped workbook comes out, and the workbook
 * opens in a real reader with every row.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { xlsxStream } from './xlsx-stream.js';

const ROWS = 100_000;
const BATCH = 1000;

/** Rows like the import bench's, ten mixed columns, counted as the writer pulls them. */
async function* generated(pulled: { rows: number }) {
  for (let i = 0; i < ROWS; i += BATCH) {
    // Like a database read, the next batch comes back on a later turn of the event loop.
    await new Promise((r) => setImmediate(r));
    const rows: unknown[][] = [];
    for (let k = i; k < i + BATCH; k++)
      rows.push([
        `Person number ${k}`,
        k,
        (k % 1000) / 8,
        `user${k}@example.com`,
        k % 3 === 0,
        '2024-01-02',
        'red',
        `Note about item ${(k * 7919) % 1_000_003} for the export test`,
        `C-${k % 99_991}`,
        k % 1000,
      ]);
    pulled.rows += rows.length;
    yield rows;
  }
}

it(`streams a ${ROWS.toLocaleString('en')}-row workbook no further ahead of its output than a few batches`, async () => {
  const pulled = { rows: 0 };
  const header = ['Name', 'Age', 'Price', 'Email', 'Active', 'Joined', 'Colour', 'Notes', 'Code', 'Score'];
  const chunks: Buffer[] = [];
  /** Rows pulled from the source when each chunk of the file came out, with the bytes out so far. */
  const marks: { pulled: number; bytes: number }[] = [];
  let bytes = 0;
  for await (const chunk of xlsxStream('People', header, generated(pulled))) {
    chunks.push(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    marks.push({ pulled: pulled.rows, bytes });
  }
  expect(pulled.rows).toBe(ROWS);
  // How many rows the writer had taken beyond those whose bytes had come out (rows zip to a steady size).
  const bytesPerRow = bytes / ROWS;
  const lead = Math.max(...marks.map((m) => m.pulled - m.bytes / bytesPerRow));
  // Unbounded, the whole sheet was taken at once and waited unzipped (about 1 KB a row) in memory.
  expect(lead).toBeLessThan(10 * BATCH);

  let rowsRead = 0;
  let last: unknown[] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks), {});
  for await (const sheet of reader)
    for await (const row of sheet) {
      rowsRead++;
      last = row.values as unknown[];
    }
  expect(rowsRead).toBe(ROWS + 1);
  expect(last.slice(1, 3)).toEqual([`Person number ${ROWS - 1}`, ROWS - 1]);
});
