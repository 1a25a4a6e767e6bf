/**
 * Reads an uploaded file as rows of cells, streaming: CSV and TSV through papaparse (a BOM is dropped, rows may
 * be ragged), xlsx through exceljs's streaming reader (the first sheet; a formula cell gives its stored result,
 * never evaluated; numbers carry whether their format shows "$"), JSON as an array of objects or one object (nested objects flattened when asked). See docs/imports.md.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { badRequest } from '@rowbase/core/errors';
import { flattenRecord, jsonRecords, recordsToRows } from '@rowbase/core/import/import-plan';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

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
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse((await readFile(path, 'utf8')).replace(/^\uFEFF/, ''));
    } catch (err) {
      throw new Error(`The file is not valid JSON: ${(err as Error).message}`);
    }
    const records = jsonRecords(parsed).map((r) => flattenRecord(r, normalizeNested));
    yield* recordsToRows(records);
    return;
  }
  if (format === 'xlsx') {
    yield* readSheetRows(path);
    return;
  }
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    delimiter: format === 'tsv' ? '\t' : '',
    skipEmptyLines: 'greedy',
  });
  const stream = createReadStream(path).pipe(parser);
  let first = true;
  for await (const row of stream as AsyncIterable<string[]>) {
    if (first && typeof row[0] === 'string') row[0] = row[0].replace(/^\uFEFF/, '');
    first = false;
    yield row;
  }
}

/** The first worksheet's rows; numbers as `{ value, formatted }` so Currency can be told from its format. */
async function* readSheetRows(path: string): AsyncGenerator<unknown[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const cells: unknown[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = cellValue(cell);
        });
        yield cells;
      }
      return;
    }
  } catch (err) {
    throw new Error(`The file is not a readable xlsx workbook: ${(err as Error).message}`);
  }
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
