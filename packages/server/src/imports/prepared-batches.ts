/**
 * The rows of an import file made ready to insert: read, each cell turned into what its field accepts
 * (`importConverter`), then checked by the field types' own rules (`insertPreparer`). A batch holds its rows as one
 * flat array of column values (row after row) under one list of column names: no object per row, and cheap to
 * post from a worker thread, where a large file is read (`prepared-batches-worker.ts`) while the main thread
 * inserts the batch before. A row the fields refuse is left out and counted, with its reason. See docs/imports.md.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { importConverter } from '@rowbase/core/import/import-value';
import type { PlannedColumn } from '@rowbase/core/import/import-plan';
import { buildTableModel } from '../data/table-model.js';
import { insertPreparer } from '../services/rows-validate.js';
import { readRowBatches, type ImportFormat } from './read-rows.js';

/** Everything needed to read and check a file's rows, plain data (it crosses to a worker thread). */
export interface PrepareSpec {
  path: string;
  format: ImportFormat;
  normalizeNested: boolean;
  firstRowAsHeaders: boolean;
  /** The worksheet to read (xlsx); also named on the skipped rows when `labelSheet`. */
  sheet?: string;
  labelSheet: boolean;
  /** The file columns to import, in the order of the table's fields made from them. */
  columns: PlannedColumn[];
  /** The table the rows go into, as its metadata: the worker compiles its own model from it. */
  table: Pick<TableMeta, 'id' | 'base_id' | 'source_id' | 'title' | 'table_name' | 'type'>;
  fields: ColumnMeta[];
  dialect: Dialect;
  /** Rows (kept and skipped) per batch. */
  batchRows: number;
  /** Skipped rows sent with their values, over the whole file (the count is always exact). */
  maxSkippedKept: number;
  /** The file is an upload still arriving (`growing-upload.ts`; shared with a worker thread, not copied). */
  growing?: SharedArrayBuffer;
}

export interface SkippedRow {
  /** The row's number among the file's (or its sheet's) data rows, from 1. */
  row: number;
  /** The worksheet it is on, when several sheets were imported. */
  sheet?: string;
  reason: string;
  values: unknown[];
}

export interface PreparedBatch {
  /** Physical column names, the same for every batch of a file. */
  cols: string[];
  /** `count` rows of `cols.length` values each, row after row. */
  values: unknown[];
  count: number;
  /** Rows refused in this batch (at most `maxSkippedKept` over the file) and how many were refused in all. */
  skipped: SkippedRow[];
  skippedCount: number;
}

/**
 * The file's data rows, checked, in batches of `batchRows` rows read (the last one shorter).
 * @example for await (const b of preparedBatches(spec)) insert(b.cols, b.values, b.count)
 */
export async function* preparedBatches(spec: PrepareSpec): AsyncGenerator<PreparedBatch> {
  const { columns } = spec;
  const model = buildTableModel(spec.table, spec.fields, spec.dialect);
  const { cols, write } = insertPreparer(
    model,
    columns.map((c) => c.title),
  );
  const width = columns.length;
  const indexes = columns.map((c) => c.index);
  const converters = columns.map(importConverter);
  const cells: unknown[] = new Array(width);
  let batch = emptyBatch();
  let read = 0;
  let rowNumber = 0;
  let keptSkipped = 0;
  let header = spec.firstRowAsHeaders;
  for await (const rows of readRowBatches(
    spec.path,
    spec.format,
    spec.normalizeNested,
    spec.sheet,
    spec.growing,
  )) {
    for (const row of rows) {
      if (header) {
        header = false;
        continue;
      }
      rowNumber++;
      read++;
      for (let i = 0; i < width; i++) cells[i] = converters[i]!(row[indexes[i]!]);
      try {
        write(cells, batch.values, batch.count * cols.length);
        batch.count++;
      } catch (err) {
        batch.skippedCount++;
        if (keptSkipped < spec.maxSkippedKept) {
          keptSkipped++;
          batch.skipped.push({
            row: rowNumber,
            ...(spec.labelSheet ? { sheet: spec.sheet } : {}),
            reason: (err as Error).message,
            values: row,
          });
        }
      }
      if (read >= spec.batchRows) {
        yield done(batch, cols);
        batch = emptyBatch();
        read = 0;
      }
    }
  }
  if (batch.count || batch.skippedCount) yield done(batch, cols);
}

/** The batch with the values a refused last row left behind cut off. */
function done(batch: Omit<PreparedBatch, 'cols'>, cols: string[]): PreparedBatch {
  batch.values.length = batch.count * cols.length;
  return { ...batch, cols };
}

function emptyBatch(): Omit<PreparedBatch, 'cols'> {
  return { values: [], count: 0, skipped: [], skippedCount: 0 };
}
