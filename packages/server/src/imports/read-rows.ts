/**
 * Reads an uploaded file as rows of cells, streaming: CSV and TSV through papaparse (a BOM is dropped, rows may
 * be ragged), JSON as an array of objects or one object (nested objects flattened when asked). See docs/imports.md.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { badRequest } from '@rowbase/core/errors';
import { flattenRecord, jsonRecords, recordsToRows } from '@rowbase/core/import/import-plan';
import Papa from 'papaparse';

export type ImportFormat = 'csv' | 'tsv' | 'json';

/** The format a file name says, or a 400 naming the accepted ones. */
export function formatOf(fileName: string): ImportFormat {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'json') return ext;
  if (ext === 'txt') return 'csv';
  throw badRequest(`file: '${fileName}' is not a CSV, TSV or JSON file`);
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
