import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedBatches, type PreparedBatch, type PrepareSpec } from './prepared-batches.js';
import { preparedBatchesInWorker } from './prepared-batches-thread.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rb-prepared-batches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const column = (
  id: string,
  title: string,
  uidt: ColumnMeta['uidt'],
  extra: Partial<ColumnMeta> = {},
): ColumnMeta => ({
  id,
  fk_model_id: 'tbl',
  column_name: title.toLowerCase(),
  title,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  un: false,
  ai: false,
  system: false,
  ...extra,
});

const fields: ColumnMeta[] = [
  column('c0', 'Id', 'ID', { column_name: 'id', pk: true, ai: true, dt: 'integer' }),
  column('c1', 'Name', 'SingleLineText', { dt: 'varchar', dtxp: '255' }),
  column('c2', 'Qty', 'Number', { dt: 'bigint' }),
  column('c3', 'Notes', 'LongText', { dt: 'text' }),
  column('c4', 'Colour', 'SingleSelect', {
    dt: 'text',
    colOptions: { options: [{ title: 'red' }, { title: 'green' }] } as ColumnMeta['colOptions'],
  }),
  column('c5', 'Email', 'Email', { dt: 'varchar', dtxp: '255' }),
];

/** A CSV with a BOM, a quoted cell holding a line break and a comma, and one row whose Qty is not a number. */
function writeCsv(rows: number): string {
  const file = path.join(dir, `people-${rows}.csv`);
  const lines = ['\uFEFFName,Qty,Notes,Colour,Email'];
  for (let i = 1; i <= rows; i++) {
    const qty = i === 7 ? 'seven' : String(i);
    const notes = i % 1000 === 3 ? `"line one\nline two, ""quoted"""` : `note ${i}`;
    lines.push(`Person ${i},${qty},${notes},${i % 2 ? 'red' : 'green'},user${i}@example.com`);
  }
  writeFileSync(file, lines.join('\r\n') + '\r\n');
  return file;
}

const spec = (file: string): PrepareSpec => ({
  path: file,
  format: 'csv',
  normalizeNested: false,
  firstRowAsHeaders: true,
  labelSheet: false,
  columns: [
    { index: 0, title: 'Name', uidt: 'SingleLineText' },
    { index: 1, title: 'Qty', uidt: 'Number' },
    { index: 2, title: 'Notes', uidt: 'LongText' },
    { index: 3, title: 'Colour', uidt: 'SingleSelect' },
    { index: 4, title: 'Email', uidt: 'Email' },
  ],
  table: { id: 'tbl', base_id: 'b', source_id: 's', title: 'People', table_name: 'people', type: 'table' },
  fields,
  dialect: 'sqlite',
  batchRows: 1000,
  maxSkippedKept: 10,
});

async function collect(batches: AsyncIterable<PreparedBatch>): Promise<PreparedBatch[]> {
  const all: PreparedBatch[] = [];
  for await (const b of batches) all.push(b);
  return all;
}

describe('prepared import batches', () => {
  it('reads, converts and checks rows in batches of flat values; a refused row is kept with its reason', async () => {
    const batches = await collect(preparedBatches(spec(writeCsv(2500))));
    expect(batches.map((b) => [b.count, b.skippedCount])).toEqual([
      [999, 1],
      [1000, 0],
      [500, 0],
    ]);
    const first = batches[0]!;
    expect(first.cols).toEqual(['name', 'qty', 'notes', 'colour', 'email']);
    expect(first.values.slice(0, 5)).toEqual(['Person 1', 1, 'note 1', 'red', 'user1@example.com']);
    // Row 3's quoted cell keeps its line break, comma and quotes.
    expect(first.values.slice(10, 15)).toEqual([
      'Person 3',
      3,
      'line one\nline two, "quoted"',
      'red',
      'user3@example.com',
    ]);
    expect(first.values).toHaveLength(999 * 5);
    expect(first.skipped).toEqual([
      {
        row: 7,
        reason: expect.stringContaining('Qty'),
        values: ['Person 7', 'seven', 'note 7', 'red', 'user7@example.com'],
      },
    ]);
    // The last row of the file, in the last batch.
    expect(batches[2]!.values.slice(-5)).toEqual([
      'Person 2500',
      2500,
      'note 2500',
      'green',
      'user2500@example.com',
    ]);
  });

  it('gives the same batches on a worker thread as on this one', async () => {
    const file = writeCsv(6000);
    const here = await collect(preparedBatches(spec(file)));
    const there = await collect(preparedBatchesInWorker(spec(file)));
    expect(there).toEqual(here);
    expect(there.reduce((n, b) => n + b.count, 0)).toBe(5999);
  });

  it('ends when the reader leaves early, and fails with the reading error of a file it cannot read', async () => {
    const file = writeCsv(6000);
    let seen = 0;
    for await (const b of preparedBatchesInWorker(spec(file))) {
      seen += b.count;
      break;
    }
    expect(seen).toBe(999);
    await expect(
      collect(preparedBatchesInWorker({ ...spec(path.join(dir, 'missing.csv')) })),
    ).rejects.toThrow(/ENOENT|no such file/);
  });
});
