/**
 * Reads an uploaded file as rows of cells, streaming: CSV and TSV through papaparse (a BOM is dropped, rows may
 * be ragged), xlsx through Rowbase's own streaming reader (`xlsx-rows.ts`: the first sheet or a named one; a
 * formula cell gives its stored result, never evaluated; numbers carry whether their format shows "$"), JSON as
 * an array of objects or one object, streamed (nested objects flattened when asked). See docs/imports.md.
 */
import { badRequest } from '@rowbase/core/errors';
import { csvBatches } from './csv-batches.js';
import { waitForUpload } from './growing-upload.js';
import { jsonRowBatches } from './json-records.js';
import { guardXlsx } from './xlsx-guard.js';
import { NoSuchSheet, xlsxRowBatches } from './xlsx-rows.js';

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

/**
 * The file's rows in batches (CSV and TSV: one per stream chunk, xlsx: one per chunk of sheet XML), the header
 * row first. `sheet` names the worksheet of an xlsx workbook to read (the first one when not given). `growing`:
 * the file is an upload still arriving (`growing-upload.ts`): CSV and TSV are read as it arrives, other formats
 * once it is complete.
 */
export async function* readRowBatches(
  path: string,
  format: ImportFormat,
  normalizeNested: boolean,
  sheet?: string,
  growing?: SharedArrayBuffer,
): AsyncGenerator<unknown[][]> {
  if (format === 'csv' || format === 'tsv') {
    yield* csvBatches(path, format === 'tsv' ? '\t' : '', growing);
    return;
  }
  if (growing) await waitForUpload(growing);
  if (format === 'json') {
    yield* jsonRowBatches(path, normalizeNested);
    return;
  }
  yield* readSheetRowBatches(path, xlsxRowBatches, sheet);
}

/**
 * The row batches of the worksheet named `sheet` (the first one when not given), after the decompression-bomb
 * guard; a failure past the guard names the file as unreadable. `streamBatches` is the reader (tests pass one
 * that fails).
 */
export async function* readSheetRowBatches(
  path: string,
  streamBatches: (path: string, sheet?: string) => AsyncIterable<unknown[][]> = xlsxRowBatches,
  sheet?: string,
): AsyncGenerator<unknown[][]> {
  await guardXlsx(path);
  try {
    yield* streamBatches(path, sheet);
  } catch (err) {
    if (
      err instanceof NoSuchSheet ||
      /^The file is not (an|a readable) xlsx workbook/.test((err as Error).message)
    )
      throw err;
    throw new Error(`The file is not a readable xlsx workbook: ${(err as Error).message}`);
  }
}
