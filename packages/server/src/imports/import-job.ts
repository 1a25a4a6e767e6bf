/**
 * Importing a file into a new table runs as a job (`import-table`). Pass one counts the rows and detects the
 * field types from the first rows; the table is created with them; pass two inserts the rows in batches,
 * checking each row with the field types' own rules: a row they refuse is skipped and kept, with the reason,
 * in the job's result. Several sheets of a workbook become several tables in one job: every sheet is planned
 * before any table is created. A failed or cancelled import removes every table it created. See docs/imports.md.
 */
import { isFirstDisplayCandidate } from '@rowbase/core/fields/traits';
import { rm, stat } from 'node:fs/promises';
import { planColumns, type ImportOptions, type PlannedColumn } from '@rowbase/core/import/import-plan';
import { isUIType, type UIType } from '@rowbase/core/fields/ui-types';
import type { AppContext } from '../context.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import type { FullTable } from '../services/tables-meta.js';
import type { JobRun } from '../jobs/job-queue.js';
import { loadRowValues } from '../services/rows-bulk-load.js';
import { writeTarget } from '../services/rows-write.js';
import { createTable, deleteTable } from '../services/tables.js';
import { countLines } from './csv-batches.js';
import { sheetRowCount } from './xlsx-sheets.js';
import { readRowBatches, type ImportFormat } from './read-rows.js';
import { preparedBatches, type PrepareSpec, type SkippedRow } from './prepared-batches.js';
import { preparedBatchesInWorker } from './prepared-batches-thread.js';
import { startWalCheckpoints } from './wal-checkpoints.js';
import {
  forgetGrowingUpload,
  growingUpload,
  uploadState,
  UPLOAD_FAILED_MESSAGE,
  waitForUpload,
} from './growing-upload.js';

export const IMPORT_TABLE_JOB = 'import-table';
/** Rows whose values decide the field types. */
const SAMPLE_ROWS = 1000;
/**
 * A file larger than this is counted beside its inserts (`planFile`'s `countLater`): well over a batch of rows
 * (the bench's 10 columns: 5,000 rows are about 600 KB of CSV, 370 KB of xlsx), so it is read on a worker.
 */
const COUNT_LATER_BYTES = 4 * 1024 * 1024;
/**
 * Rows per transaction: big enough that a transaction's own cost vanishes (5,000 costs no more CPU per row than
 * 20,000), small enough that a batch's rows die young: at 20,000 a 1M-row import peaked at about 90 MB more RSS.
 */
const BATCH_ROWS = 5_000;
/** Skipped rows kept in the result (the count is always exact). */
const MAX_SKIPPED_KEPT = 10_000;

export interface ImportTableInput {
  path: string;
  format: ImportFormat;
  title: string;
  options: ImportOptions;
  /** The client's choices per file column (by position): a new title, a type, or leaving it out. */
  columns?: ColumnChoice[];
  /** The worksheet of an xlsx workbook to import (the first one when not given). */
  sheet?: string;
  /** Several worksheets, each into a new table of its own (then `title`, `columns` and `sheet` are unused). */
  sheets?: SheetImport[];
  /**
   * The file is a CSV or TSV upload still arriving in this process: the job reads it as it arrives
   * (`growing-upload.ts`, docs/imports.md "Importing while the file uploads").
   */
  growing?: boolean;
}

export interface ColumnChoice {
  index: number;
  title?: string;
  uidt?: string;
  skip?: boolean;
}

/** One worksheet to import: its name, the new table's title (already unique in the base), column choices. */
export interface SheetImport {
  sheet: string;
  title: string;
  columns?: ColumnChoice[];
}

export type { SkippedRow };

export interface ImportTableResult {
  /** The (first) table created. */
  table_id: string;
  title: string;
  /** Over every table created. */
  rows_imported: number;
  rows_skipped: number;
  skipped: SkippedRow[];
  /** Every table created, one per sheet, in the order asked. */
  tables: { table_id: string; title: string; sheet?: string; rows_imported: number; rows_skipped: number }[];
}

/**
 * Detects the fields of the file from its first rows, and tells its number of data rows: counted exactly when
 * the file is no longer than the sample, otherwise from its line breaks (CSV and TSV) or its sheet's row
 * elements (xlsx), so the file is parsed once more only to import it. An upload still arriving (`growing`) has
 * its lines counted as it is written: exact once it is complete, estimated from the request's length before.
 * See docs/imports.md.
 */
export async function planFile(
  input: Pick<ImportTableInput, 'path' | 'format' | 'options' | 'sheet'>,
  growing?: SharedArrayBuffer,
  /**
   * Answer once the fields are decided, without waiting for the count of a file longer than the sample (a whole
   * pass over it: a 100k-row sheet unpacked, 1–3 s on a loaded machine): `total` is then the rows read so far and
   * `counted` the data rows once counted.
   */
  countLater = false,
): Promise<FilePlan> {
  const sample: unknown[][] = [];
  let count = 0;
  let counting: Promise<number> | undefined;
  // A small file is counted at once: its count is quick, and tells whether a worker thread is worth starting.
  const later = countLater && !growing && (await stat(input.path)).size > COUNT_LATER_BYTES;
  for await (const batch of readRowBatches(
    input.path,
    input.format,
    input.options.normalizeNested,
    input.sheet,
    growing,
  )) {
    for (const row of batch) if (sample.length <= SAMPLE_ROWS) sample.push(row);
    count += batch.length;
    if (count > SAMPLE_ROWS && (input.format === 'csv' || input.format === 'tsv')) {
      if (growing) count = Math.max(count, linesOfUpload(growing));
      else if (later) counting = countLines(input.path);
      else count = Math.max(count, await countLines(input.path));
      break;
    }
    if (count > SAMPLE_ROWS && input.format === 'xlsx') {
      if (later) {
        // A sheet whose part is not found: the rows read so far are a floor ("of" never goes below "done").
        counting = sheetRowCount(input.path, input.sheet).then((rows) => rows ?? 0);
        break;
      }
      const rows = await sheetRowCount(input.path, input.sheet);
      if (rows !== undefined) {
        count = Math.max(count, rows);
        break;
      }
    }
  }
  const columns = planColumns(sample, input.options);
  const dataRows = (n: number) => (input.options.firstRowAsHeaders ? Math.max(0, n - 1) : n);
  const header = input.options.firstRowAsHeaders ? (sample[0] ?? []) : [];
  const read = count;
  return {
    columns,
    total: dataRows(count),
    header,
    sample: input.options.firstRowAsHeaders ? sample.slice(1) : sample,
    ...(counting ? { counted: counting.then((n) => dataRows(Math.max(read, n))) } : {}),
  };
}

export interface FilePlan {
  columns: PlannedColumn[];
  /** The file's data rows (with `counted`: those read so far). */
  total: number;
  sample: unknown[][];
  header: unknown[];
  /** `planFile(…, countLater)`: the data rows, once counted. */
  counted?: Promise<number>;
}

/** The lines of an upload: counted when it is complete, else its lines so far scaled to its expected size. */
function linesOfUpload(growing: SharedArrayBuffer): number {
  const s = uploadState(growing);
  if (!s.arriving || !s.bytes || s.expectedBytes <= s.bytes) return s.lines();
  return Math.round((s.lines() * s.expectedBytes) / s.bytes);
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

/** One new table to fill: from one sheet (or the whole file), with its fields decided. */
interface PlannedTable {
  sheet?: string;
  title: string;
  columns: PlannedColumn[];
  total: number;
  /** The data rows once counted, when `total` is only those read so far. */
  counted?: Promise<number>;
}

/** What the job imports: one table, or one per chosen sheet. */
function partsOf(input: ImportTableInput): SheetImport[] | [Omit<SheetImport, 'sheet'> & { sheet?: string }] {
  if (input.sheets?.length) return input.sheets;
  return [{ title: input.title, columns: input.columns, ...(input.sheet ? { sheet: input.sheet } : {}) }];
}

export async function runImportTable(
  ctx: AppContext,
  run: JobRun<ImportTableInput>,
): Promise<ImportTableResult> {
  const { input } = run;
  const growing = input.growing ? growingUpload(input.path) : undefined;
  let counts: Counting | undefined;
  try {
    // Started while its upload arrived, but that upload is not in this process (a restart cut it).
    if (input.growing && !growing) throw new Error(UPLOAD_FAILED_MESSAGE);
    const base = run.baseId ? await ctx.bases.byId(run.baseId) : undefined;
    if (!base) throw new Error('The base to import into no longer exists');
    await run.progress({ message: 'Reading the file', percent: 0 });
    const several = (input.sheets?.length ?? 0) > 0;
    const plans: PlannedTable[] = [];
    // With data to insert, the table is made and the reading starts while the file is counted (only "of T" needs it).
    const countLater = input.options.shouldImportData;
    for (const part of partsOf(input)) {
      const {
        columns: planned,
        total,
        counted,
      } = await planFile({ ...input, sheet: part.sheet }, growing, countLater);
      const columns = chosenColumns(planned, part.columns);
      if (columns.length === 0)
        throw new Error(
          several
            ? `The sheet '${part.sheet}' has no columns to import`
            : 'The file has no columns to import',
        );
      plans.push({ sheet: part.sheet, title: part.title, columns, total, ...(counted ? { counted } : {}) });
      run.throwIfCancelled();
    }
    counts = totalOf(plans);
    const created: FullTable[] = [];
    try {
      const result: ImportTableResult = {
        table_id: '',
        title: '',
        rows_imported: 0,
        rows_skipped: 0,
        skipped: [],
        tables: [],
      };
      const progress: ImportProgress = {
        done: 0,
        total: plans.reduce((sum, p) => sum + p.total, 0),
        ...(counts ? { counts } : {}),
      };
      for (const plan of plans) {
        run.throwIfCancelled();
        const table = await createPlannedTable(ctx, base, plan);
        created.push(table);
        const rows = input.options.shouldImportData
          ? await insertFileRows(ctx, run, table.id, plan, progress, several, growing)
          : { rows_imported: 0, rows_skipped: 0, skipped: [] };
        result.tables.push({
          table_id: table.id,
          title: table.title,
          ...(several ? { sheet: plan.sheet } : {}),
          rows_imported: rows.rows_imported,
          rows_skipped: rows.rows_skipped,
        });
        result.rows_imported += rows.rows_imported;
        result.rows_skipped += rows.rows_skipped;
        result.skipped.push(...rows.skipped.slice(0, MAX_SKIPPED_KEPT - result.skipped.length));
      }
      // Nothing is finished before the upload is (a table without data is done after the sample).
      if (growing) await waitForUpload(growing);
      await run.progress({
        message: `Imported ${progress.done} of ${progress.done} rows`,
        percent: 100,
      });
      return { ...result, table_id: created[0]!.id, title: created[0]!.title };
    } catch (err) {
      for (const table of created) await deleteTable(ctx, table);
      ctx.tableModels.invalidateAll();
      throw err;
    }
  } finally {
    // A count still reading the file ends before the file goes.
    await counts?.settled;
    if (input.growing) forgetGrowingUpload(input.path);
    await rm(input.path, { force: true });
  }
}

/** The job's progress over every table it fills; `counts` while the file's rows are still being counted. */
interface ImportProgress {
  done: number;
  total: number;
  counts?: Counting;
}

/** Counts of files longer than their sample, being made beside the inserts (`planFile`'s `countLater`). */
interface Counting {
  /** Resolves once every count has ended, however it ended (never rejects). */
  settled: Promise<unknown>;
  /** The data rows over every plan; rejects as the first failed count did. */
  total: () => Promise<number>;
}

function totalOf(plans: PlannedTable[]): Counting | undefined {
  if (!plans.some((p) => p.counted)) return undefined;
  const all = Promise.all(plans.map((p) => p.counted ?? p.total)).then((n) => n.reduce((a, b) => a + b, 0));
  // Handled here, so a count failing before anyone waits for it is not an unhandled rejection.
  const settled = all.then(
    () => undefined,
    () => undefined,
  );
  return { settled, total: () => all };
}

function createPlannedTable(ctx: AppContext, base: BaseRecord, plan: PlannedTable): Promise<FullTable> {
  const { columns } = plan;
  return createTable(ctx, base, {
    title: plan.title,
    // The first text field takes the place of the display-value column every new table gets.
    columns: columns.map((c) => ({
      title: c.title,
      ...(c === columns.find(isText) ? { column_name: 'title' } : {}),
      uidt: c.uidt,
      ...(c.dtxp ? { dtxp: c.dtxp } : {}),
      ...(c.dateFormat ? { meta: { date_format: c.dateFormat } } : {}),
    })),
  });
}

async function insertFileRows(
  ctx: AppContext,
  run: JobRun<ImportTableInput>,
  tableId: string,
  plan: PlannedTable,
  progress: ImportProgress,
  several: boolean,
  growing: SharedArrayBuffer | undefined,
): Promise<Pick<ImportTableResult, 'rows_imported' | 'rows_skipped' | 'skipped'>> {
  const { model, db } = await ctx.tableModels.get(ctx, tableId);
  const target = writeTarget(ctx, model, db);
  const spec: PrepareSpec = {
    path: run.input.path,
    format: run.input.format,
    normalizeNested: run.input.options.normalizeNested,
    firstRowAsHeaders: run.input.options.firstRowAsHeaders,
    ...(plan.sheet !== undefined ? { sheet: plan.sheet } : {}),
    labelSheet: several,
    columns: plan.columns,
    table: {
      id: model.id,
      base_id: model.baseId,
      source_id: model.sourceId,
      title: model.title,
      table_name: model.tableName,
      type: 'table',
    },
    fields: model.fields.map((f) => f.column),
    dialect: model.dialect,
    batchRows: BATCH_ROWS,
    maxSkippedKept: MAX_SKIPPED_KEPT,
    ...(growing ? { growing } : {}),
  };
  // A file of one batch is read on this thread: a worker's start would cost more than it saves.
  // A file still being counted is larger than COUNT_LATER_BYTES: many batches.
  const onWorker = plan.total > BATCH_ROWS || plan.counted !== undefined;
  const batches = onWorker ? preparedBatchesInWorker(spec) : preparedBatches(spec);
  const skipped: SkippedRow[] = [];
  let skippedCount = 0;
  let imported = 0;
  const before = progress.done;
  // An upload still arriving: "of T" is an estimate until it is complete, then its line count.
  let estimated = growing !== undefined && uploadState(growing).arriving;
  // Large files: the WAL is checkpointed on another thread, not inside this thread's COMMITs.
  const wal = onWorker ? await startWalCheckpoints(db) : undefined;
  try {
    for await (const batch of batches) {
      run.throwIfCancelled();
      if (batch.count) await loadRowValues(target, batch.cols, batch.values, batch.count);
      imported += batch.count;
      skippedCount += batch.skippedCount;
      skipped.push(...batch.skipped);
      progress.done = before + imported + skippedCount;
      if (progress.counts) {
        progress.total = await progress.counts.total();
        delete progress.counts;
      }
      if (estimated && !uploadState(growing!).arriving) {
        estimated = false;
        const lines = uploadState(growing!).lines();
        progress.total = before + (run.input.options.firstRowAsHeaders ? Math.max(0, lines - 1) : lines);
      }
      // A line count can fall short of the rows (cells with line breaks): "of" never goes below "done".
      progress.total = Math.max(progress.total, progress.done);
      await run.progress({
        message: `Imported ${progress.done} of ${progress.total} rows`,
        percent: progress.total ? Math.floor((progress.done / progress.total) * 100) : 100,
      });
    }
  } catch (err) {
    // A file that cannot be counted fails as it did when it was counted first, whatever the reader met.
    if (progress.counts) await progress.counts.total();
    throw err;
  } finally {
    await wal?.stop();
  }
  run.throwIfCancelled();
  return { rows_imported: imported, rows_skipped: skippedCount, skipped };
}
