/**
 * Importing a file into a new table runs as a job (`import-table`). Pass one counts the rows and detects the
 * field types from the first rows; the table is created with them; pass two inserts the rows in batches,
 * checking each row with the field types' own rules: a row they refuse is skipped and kept, with the reason,
 * in the job's result. A failed or cancelled import removes the table it created. See docs/imports.md.
 */
import { isFirstDisplayCandidate } from '@rowbase/core/fields/traits';
import { rm } from 'node:fs/promises';
import { planColumns, type ImportOptions, type PlannedColumn } from '@rowbase/core/import/import-plan';
import { importValue } from '@rowbase/core/import/import-value';
import { isUIType, type UIType } from '@rowbase/core/fields/ui-types';
import type { AppContext } from '../context.js';
import type { JobRun } from '../jobs/job-queue.js';
import { loadRows } from '../services/rows-bulk-load.js';
import { writeTarget } from '../services/rows-write.js';
import { prepareRow, type ColumnValues } from '../services/rows-validate.js';
import { createTable, deleteTable } from '../services/tables.js';
import { countLines } from './csv-batches.js';
import { readRowBatches, type ImportFormat } from './read-rows.js';

export const IMPORT_TABLE_JOB = 'import-table';
/** Rows whose values decide the field types. */
const SAMPLE_ROWS = 1000;
/** Rows per transaction: big enough that a transaction's own cost vanishes, small enough to report progress. */
const BATCH_ROWS = 20_000;
/** Skipped rows kept in the result (the count is always exact). */
const MAX_SKIPPED_KEPT = 10_000;

export interface ImportTableInput {
  path: string;
  format: ImportFormat;
  title: string;
  options: ImportOptions;
  /** The client's choices per file column (by position): a new title, a type, or leaving it out. */
  columns?: { index: number; title?: string; uidt?: string; skip?: boolean }[];
}

export interface SkippedRow {
  /** The row's number among the file's data rows, from 1. */
  row: number;
  reason: string;
  values: unknown[];
}

export interface ImportTableResult {
  table_id: string;
  title: string;
  rows_imported: number;
  rows_skipped: number;
  skipped: SkippedRow[];
}

/**
 * Detects the fields of the file from its first rows, and tells its number of data rows: counted exactly when
 * the file is no longer than the sample, otherwise (CSV and TSV) from its line breaks, so the file is parsed once
 * more only to import it. See docs/imports.md.
 */
export async function planFile(
  input: Pick<ImportTableInput, 'path' | 'format' | 'options'>,
): Promise<{ columns: PlannedColumn[]; total: number; sample: unknown[][]; header: unknown[] }> {
  const sample: unknown[][] = [];
  let count = 0;
  for await (const batch of readRowBatches(input.path, input.format, input.options.normalizeNested)) {
    for (const row of batch) if (sample.length <= SAMPLE_ROWS) sample.push(row);
    count += batch.length;
    if (count > SAMPLE_ROWS && (input.format === 'csv' || input.format === 'tsv')) {
      count = Math.max(count, await countLines(input.path));
      break;
    }
  }
  const columns = planColumns(sample, input.options);
  const total = input.options.firstRowAsHeaders ? Math.max(0, count - 1) : count;
  const header = input.options.firstRowAsHeaders ? (sample[0] ?? []) : [];
  return { columns, total, header, sample: input.options.firstRowAsHeaders ? sample.slice(1) : sample };
}

/** The detected columns with the client's titles and types over them; skipped columns left out. */
function chosenColumns(planned: PlannedColumn[], choices: ImportTableInput['columns']): PlannedColumn[] {
  const byIndex = new Map((choices ?? []).map((c) => [c.index, c]));
  return planned
    .filter((c) => !byIndex.get(c.index)?.skip)
    .map((c) => {
      const choice = byIndex.get(c.index);
      const uidt = choice?.uidt && isUIType(choice.uidt) ? (choice.uidt as UIType) : c.uidt;
      const title = choice?.title?.trim() || c.title;
      return uidt === c.uidt ? { ...c, title } : { index: c.index, title, uidt };
    });
}

const isText = (c: PlannedColumn) => isFirstDisplayCandidate(c.uidt);

export async function runImportTable(
  ctx: AppContext,
  run: JobRun<ImportTableInput>,
): Promise<ImportTableResult> {
  const { input } = run;
  try {
    const base = run.baseId ? await ctx.bases.byId(run.baseId) : undefined;
    if (!base) throw new Error('The base to import into no longer exists');
    await run.progress({ message: 'Reading the file', percent: 0 });
    const { columns: planned, total } = await planFile(input);
    const columns = chosenColumns(planned, input.columns);
    if (columns.length === 0) throw new Error('The file has no columns to import');
    run.throwIfCancelled();
    const table = await createTable(ctx, base, {
      title: input.title,
      // The first text field takes the place of the display-value column every new table gets.
      columns: columns.map((c) => ({
        title: c.title,
        ...(c === columns.find(isText) ? { column_name: 'title' } : {}),
        uidt: c.uidt,
        ...(c.dtxp ? { dtxp: c.dtxp } : {}),
        ...(c.dateFormat ? { meta: { date_format: c.dateFormat } } : {}),
      })),
    });
    try {
      const result = input.options.shouldImportData
        ? await insertFileRows(ctx, run, table.id, columns, total)
        : { rows_imported: 0, rows_skipped: 0, skipped: [] };
      return { table_id: table.id, title: table.title, ...result };
    } catch (err) {
      await deleteTable(ctx, table);
      ctx.tableModels.invalidateAll();
      throw err;
    }
  } finally {
    await rm(input.path, { force: true });
  }
}

async function insertFileRows(
  ctx: AppContext,
  run: JobRun<ImportTableInput>,
  tableId: string,
  columns: PlannedColumn[],
  total: number,
): Promise<Omit<ImportTableResult, 'table_id' | 'title'>> {
  const { model, db } = await ctx.tableModels.get(ctx, tableId);
  const target = writeTarget(ctx, model, db);
  const skipped: SkippedRow[] = [];
  let skippedCount = 0;
  let imported = 0;
  let rowNumber = 0;
  let batch: ColumnValues[] = [];
  const flush = async (last: boolean) => {
    run.throwIfCancelled();
    if (batch.length) await loadRows(target, batch);
    imported += batch.length;
    batch = [];
    const done = imported + skippedCount;
    const of = last ? done : Math.max(total, done);
    await run.progress({
      message: `Imported ${done} of ${of} rows`,
      percent: of ? Math.floor((done / of) * 100) : 100,
    });
  };
  const record: Record<string, unknown> = {};
  let header = run.input.options.firstRowAsHeaders;
  for await (const rows of readRowBatches(
    run.input.path,
    run.input.format,
    run.input.options.normalizeNested,
  )) {
    for (const row of rows) {
      if (header) {
        header = false;
        continue;
      }
      rowNumber++;
      for (const c of columns) record[c.title] = importValue(row[c.index], c);
      try {
        batch.push(prepareRow(model, record, 'insert'));
      } catch (err) {
        skippedCount++;
        if (skipped.length < MAX_SKIPPED_KEPT) {
          skipped.push({ row: rowNumber, reason: (err as Error).message, values: row });
        }
      }
    }
    if (batch.length >= BATCH_ROWS) await flush(false);
  }
  await flush(true);
  return { rows_imported: imported, rows_skipped: skippedCount, skipped };
}
