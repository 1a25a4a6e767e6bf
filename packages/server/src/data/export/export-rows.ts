/**
 * Every row an export writes, a batch at a time, each row an array of values (as the records API gives them)
 * in the order of `titles`: no object per row. On embedded SQLite the rows come from one SELECT stepped
 * through on a reader thread of the export's own (sqlite-export-stream.ts); elsewhere (PostgreSQL, MySQL,
 * SQLite with reader threads off) from pages read here, deep ones by key. See docs/imports.md (Exports).
 */
import { availableParallelism } from 'node:os';
import type { OutField, RowQuery, RowReader } from '../row-query.js';
import { csvColumns, type ExportField } from './export-fields.js';
import { exportFile, exportRanges, exportSql } from './export-source.js';
import { idleCores } from './idle-cores.js';
import { sqliteExportSplitCsv } from './sqlite-export-split.js';
import { STREAM_BATCH, sqliteExportBytes, sqliteExportRows, sqliteExportSheet } from './sqlite-export-stream.js';
import type { ReaderColumn } from './sqlite-export-worker.js';
import type { DeflatedChunk } from './zip-writer.js';

export interface ExportRows {
  /** The title of each value of a row, in order. */
  titles: readonly string[];
  batches: AsyncIterable<unknown[][]>;
}

/** The CSV lines or sheet rows of an export, already written (by the SQLite reader thread). */
export interface ExportBytes {
  bytes: AsyncIterable<string | Buffer>;
}

/** An xlsx export's sheet part, written and deflated (by the SQLite reader thread), for the zip. */
export interface ExportSheet {
  deflatedSheet: AsyncIterable<DeflatedChunk>;
}

async function* pagedRows(reader: RowReader, q: RowQuery, titles: readonly string[]): AsyncGenerator<unknown[][]> {
  for (let offset = 0; ; offset += STREAM_BATCH) {
    const rows = await reader.rows({ ...q, limit: STREAM_BATCH, offset });
    if (rows.length) yield rows.map((r) => titles.map((t) => r[t]));
    if (rows.length < STREAM_BATCH) return;
  }
}

/**
 * The columns the SQLite reader thread can write itself: when every column is a stored field read with its
 * own kind's decoder (the thread builds that decoder again from the kind). Undefined otherwise (computed fields
 * decode by their shape): the lines are written here.
 */
function readerColumns(fields: readonly ExportField[], out: readonly OutField[]): ReaderColumn[] | undefined {
  const titles = out.map((f) => f.title);
  const columns = csvColumns(fields, titles);
  const stored = fields.every((f, i) => f.source.name !== null && out[columns[i]!.at]!.decode === f.source.decode);
  return stored ? columns.map((c, i) => ({ ...c, kind: fields[i]!.source.kind })) : undefined;
}

/**
 * A CSV export of the whole table in row order of at least this many rows (by its key span) on the SQLite
 * reader-thread path is split by row order ranges between two reader threads (sqlite-export-split.ts). Below it
 * the export takes less CPU than a second thread's start (tens of milliseconds); from here the two start side
 * by side, so the wall time is about the same, and test/export-large.test.ts (12,000 rows) runs the split over
 * HTTP.
 */
export const SPLIT_MIN_ROWS = 10_000;

/** Rows from which an export splits by default (`auto`): the look at the cores costs LOOK_MS (50 ms). */
export const AUTO_SPLIT_MIN_ROWS = 100_000;

/** Idle cores the default (`auto`) wants before it splits: both readers and the socket's thread run at once. */
export const AUTO_SPLIT_IDLE_CORES = 1.5;

/**
 * Whether a CSV export of about `rows` rows is split between two reader threads (RB_EXPORT_SPLIT). The split costs
 * more CPU and RSS than one thread (a second isolate, more statement executions) and only buys wall time when a
 * second core is free for it (docs/imports.md, "The row split by default when two cores are idle"). `auto`, the
 * default, splits from AUTO_SPLIT_MIN_ROWS rows when the cores were idle enough over a look of LOOK_MS; `on` always;
 * `off` never.
 */
export async function splitWanted(
  rows: number,
  env: string | undefined = process.env.RB_EXPORT_SPLIT,
  idle: () => Promise<number> = idleCores,
): Promise<boolean> {
  if (env === 'on') return true;
  if (env === 'off' || rows < AUTO_SPLIT_MIN_ROWS || availableParallelism() < 2) return false;
  return (await idle()) >= AUTO_SPLIT_IDLE_CORES;
}

/**
 * The rows of `q` for an export. The query is checked first, so a bad filter is still a clean 400. With
 * `written` (a CSV or xlsx export's columns), the CSV lines or sheet rows when the reader thread can write them;
 * with `written.sheet` (the sheet part around its rows), the whole sheet part deflated.
 */
export async function exportRows(
  reader: RowReader,
  q: RowQuery,
  written?: { format: 'csv' | 'xlsx'; fields: readonly ExportField[]; sheet?: { head: string; tail: string } },
  splitMinRows = SPLIT_MIN_ROWS,
): Promise<ExportRows | ExportBytes | ExportSheet> {
  await reader.rows({ ...q, limit: 1, offset: 0 });
  const file = await exportFile(reader);
  if (file) {
    const stream = exportSql(reader, q);
    const columns = written && readerColumns(written.fields, stream.out);
    if (columns && written.sheet) {
      return { deflatedSheet: sqliteExportSheet(file, stream, { format: 'xlsx', columns, sheet: written.sheet }) };
    }
    if (columns && written.format === 'csv' && process.env.RB_EXPORT_SPLIT !== 'off') {
      const ranges = await exportRanges(reader, q, splitMinRows);
      const write = { format: 'csv' as const, columns };
      if (ranges && (await splitWanted(ranges.rows))) return { bytes: sqliteExportSplitCsv(file, ranges.sql, write, stream) };
    }
    if (columns) return { bytes: sqliteExportBytes(file, stream, { format: written.format, columns }) };
    return { titles: stream.out.map((f) => f.title), batches: sqliteExportRows(file, stream) };
  }
  const titles = reader.projection(q.fields).out.map((f) => f.title);
  return { titles, batches: pagedRows(reader, q, titles) };
}
