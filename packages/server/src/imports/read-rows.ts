/**
 * Reads an uploaded file as rows of cells, streaming: CSV and TSV through papaparse (a BOM is dropped, rows may
 * be ragged), xlsx through exceljs's streaming reader (the first sheet; a formula cell gives its stored result,
 * never evaluated; numbers carry whether their format shows "$"), JSON as an array of objects or one object, streamed (nested objects flattened when asked). See docs/imports.md.
 */
import { badRequest } from '@rowbase/core/errors';
import type ExcelJS from 'exceljs';
import { csvBatches } from './csv-batches.js';
import { jsonRowBatches } from './json-records.js';
import { guardXlsx } from './xlsx-guard.js';

export type ImportFormat = 'csv' | 'tsv' | 'json' | 'xlsx';

/** The format a file name says, or a 400 naming the accepted ones. */
export function formatOf(fileName: string): ImportFormat {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'json' || ext === 'xlsx') return ext;
  if (ext === 'txt') return 'csv';
  throw badRequest(`file: '${fileName}' is not a CSV, TSV, JSON or xlsx file`);
}

/** Every row of the file, the header row (when there is one) first. */
export async function* readRows(
  path: string,
  format: ImportFormat,
  normalizeNested: boolean,
): AsyncGenerator<unknown[]> {
  for await (const batch of readRowBatches(path, format, normalizeNested)) yield* batch;
}

/** Rows per batch for xlsx, read row by row. */
const BATCH = 1000;

/**
 * The file's rows in batches (CSV and TSV: one per stream chunk), the header row first. `sheet` names the
 * worksheet of an xlsx workbook to read (the first one when not given).
 */
export async function* readRowBatches(
  path: string,
  format: ImportFormat,
  normalizeNested: boolean,
  sheet?: string,
): AsyncGenerator<unknown[][]> {
  if (format === 'csv' || format === 'tsv') {
    yield* csvBatches(path, format === 'tsv' ? '\t' : '');
    return;
  }
  if (format === 'json') {
    yield* jsonRowBatches(path, normalizeNested);
    return;
  }
  let batch: unknown[][] = [];
  for await (const row of readSheetRows(path, streamSheetRows, sheet)) {
    batch.push(row);
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

class NoSuchSheet extends Error {}
const noSheet = (sheet: string) => new NoSuchSheet(`The workbook has no sheet '${sheet}'`);

/**
 * The rows of the worksheet named `sheet` (the first one when not given); numbers as `{ value, formatted }` so
 * Currency can be told from its format. `streamRows` is the streaming reader (tests pass one that fails as
 * exceljs's does).
 */
export async function* readSheetRows(
  path: string,
  streamRows: (path: string, sheet?: string) => AsyncIterable<unknown[]> = streamSheetRows,
  sheet?: string,
): AsyncGenerator<unknown[]> {
  await guardXlsx(path);
  let yielded = false;
  try {
    for await (const cells of streamRows(path, sheet)) {
      yielded = true;
      yield cells;
    }
  } catch (err) {
    // exceljs's streaming reader can meet a worksheet before the workbook part when the workbook part is stored
    // last in the zip (exceljs itself writes it last), and then fails on its first worksheet. Such a workbook
    // is read whole instead; the guard above has already bounded its unpacked size.
    if (err instanceof NoSuchSheet) throw err;
    if (yielded || !/reading 'sheets'/.test((err as Error).message)) throw unreadable(err);
    yield* loadedSheetRows(path, sheet);
  }
}

const unreadable = (err: unknown) =>
  new Error(`The file is not a readable xlsx workbook: ${(err as Error).message}`);

/**
 * exceljs, loaded when a workbook is first read: it takes about half a second of CPU to load, which the worker
 * thread that reads a CSV import (prepared-batches-thread.ts) need not pay.
 */
const excel = async () => (await import('exceljs')).default;

async function* streamSheetRows(path: string, sheet?: string): AsyncGenerator<unknown[]> {
  const ExcelJS = await excel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    // A worksheet left unread is drained by the reader before it moves on.
    if (sheet !== undefined && (worksheet as { name?: string }).name !== sheet) continue;
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) yield rowCells(row);
    return;
  }
  if (sheet !== undefined) throw noSheet(sheet);
}

async function* loadedSheetRows(path: string, sheet?: string): AsyncGenerator<unknown[]> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch (err) {
    throw unreadable(err);
  }
  const worksheet = sheet === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheet);
  if (sheet !== undefined && !worksheet) throw noSheet(sheet);
  const rows: unknown[][] = [];
  // Rows with no cell are skipped, as the streaming reader skips them.
  worksheet?.eachRow((row) => rows.push(rowCells(row)));
  yield* rows;
}

function rowCells(row: ExcelJS.Row): unknown[] {
  const cells: unknown[] = [];
  row.eachCell({ includeEmpty: true }, (cell, col) => {
    cells[col - 1] = cellValue(cell);
  });
  return cells;
}

function cellValue(cell: ExcelJS.Cell): unknown {
  let v: unknown = cell.value;
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: unknown; error?: string };
    if ('formula' in o || 'sharedFormula' in o) v = o.result ?? null;
    else if (o.richText) v = o.richText.map((r) => r.text).join('');
    else if (o.text !== undefined) v = o.text;
    else if (o.error) v = o.error;
  }
  if (typeof v === 'number')
    return { value: v, formatted: (cell.numFmt ?? '').includes('$') ? `$${v}` : String(v) };
  return v ?? null;
}
