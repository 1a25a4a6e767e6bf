/**
 * The reading half of a CSV import alone, on this thread: `preparedBatches` (papaparse, the cells converted and
 * checked by the field registry) over the imports suite's CSV of 10 mixed columns. Prints the CPU time per row,
 * best of BENCH_REPEAT runs (default 3) after one warm-up, so figures hold on a shared machine. Rows:
 * BENCH_IMPORT_ROWS (default 200,000). See docs/imports.md, "Speed".
 * @example npx tsx src/prepare-rows-bench.ts
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { PlannedColumn } from '@rowbase/core/import/import-plan';
import { preparedBatches } from '../../packages/server/src/imports/prepared-batches.js';
import { writeCsv } from './suites/imports.js';

const field = (title: string, uidt: ColumnMeta['uidt'], extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  id: `c_${title}`,
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

const text = { dt: 'varchar', dtxp: '255' };
const colours = { options: ['red', 'green', 'blue', 'amber', 'violet'].map((title) => ({ title })) };
/** The fields the import detects for the suite's CSV, in file order. */
const FIELDS: ColumnMeta[] = [
  field('Name', 'SingleLineText', text),
  field('Age', 'Number', { dt: 'bigint' }),
  field('Price', 'Decimal', { dt: 'decimal' }),
  field('Email', 'Email', text),
  field('Active', 'Checkbox', { dt: 'boolean' }),
  field('Joined', 'Date', { dt: 'date' }),
  field('Colour', 'SingleSelect', { dt: 'text', colOptions: colours as ColumnMeta['colOptions'] }),
  field('Notes', 'SingleLineText', text),
  field('Code', 'SingleLineText', text),
  field('Score', 'Number', { dt: 'bigint' }),
];

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const repeat = Number(process.env.BENCH_REPEAT ?? 3);
const dir = await mkdtemp(path.join(tmpdir(), 'rowbase-prepare-bench-'));
try {
  const file = path.join(dir, 'people.csv');
  await writeCsv(file, rows);
  const columns: PlannedColumn[] = FIELDS.map((f, index) => ({
    index,
    title: f.title,
    uidt: f.uidt,
    ...(f.uidt === 'Date' ? { dateFormat: 'YYYY-MM-DD' } : {}),
  }));
  const spec = {
    path: file,
    format: 'csv' as const,
    normalizeNested: false,
    firstRowAsHeaders: true,
    labelSheet: false,
    columns,
    table: {
      id: 'tbl',
      base_id: 'b',
      source_id: 's',
      title: 'People',
      table_name: 'people',
      type: 'table' as const,
    },
    fields: [field('Id', 'ID', { column_name: 'id', pk: true, ai: true, dt: 'integer' }), ...FIELDS],
    dialect: 'sqlite' as const,
    batchRows: 5000,
    maxSkippedKept: 10,
  };
  let best = Infinity;
  for (let run = 0; run <= repeat; run++) {
    const start = process.cpuUsage();
    let kept = 0;
    for await (const batch of preparedBatches(spec)) kept += batch.count;
    if (kept !== rows) throw new Error(`${kept} of ${rows} rows were kept`);
    const used = process.cpuUsage(start);
    if (run > 0) best = Math.min(best, (used.user + used.system) / 1000);
  }
  const perRow = (best * 1000) / rows;
  console.log(
    `prepare CSV rows (${rows.toLocaleString('en')})`.padEnd(52),
    `${perRow.toFixed(2)} µs of CPU a row (${Math.round(rows / (best / 1000)).toLocaleString('en')} rows/CPU-s)`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
