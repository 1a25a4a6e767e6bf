/**
 * The rows of a worksheet of an xlsx workbook, read by Rowbase's own reader: the zip's parts found through its
 * directory and inflated as streams by node:zlib, the styles (which numbers are dates or show "$") and shared
 * strings read first, then the sheet's XML scanned as it inflates. exceljs read 9,000–13,000 rows per
 * CPU-second; the figures of this reader are in docs/imports.md ("Reading xlsx").
 */
import { sheetRowBatches } from './xlsx-sheet-rows.js';
import { readSharedStrings } from './xlsx-shared-strings.js';
import { readWorkbook } from './xlsx-sheets.js';
import { cellNumberStyles } from './xlsx-styles.js';
import { partStream, smallPart } from './xlsx-zip.js';

/** A sheet the workbook does not have was asked for. */
export class NoSuchSheet extends Error {}

/**
 * The rows of the worksheet named `sheet` (the first one when not given), in batches; see xlsx-sheet-rows.ts for
 * the values. Throws NoSuchSheet for a sheet name the workbook does not have.
 */
export async function* xlsxRowBatches(path: string, sheet?: string): AsyncGenerator<unknown[][]> {
  const book = await readWorkbook(path);
  const target = sheet === undefined ? book.sheets[0] : book.sheets.find((s) => s.name === sheet);
  if (!target) {
    if (sheet !== undefined) throw new NoSuchSheet(`The workbook has no sheet '${sheet}'`);
    return;
  }
  const entry = book.entries.find((e) => e.name === target.part);
  if (!entry) throw new Error(`The file is not an xlsx workbook (no ${target.part ?? 'worksheet part'})`);
  const numberStyles = book.stylesPart
    ? cellNumberStyles(await smallPart(path, book.entries, book.stylesPart))
    : [];
  const stringsEntry = book.entries.find((e) => e.name === book.sharedStringsPart);
  const stringsStream = stringsEntry && (await partStream(path, stringsEntry));
  const sharedStrings = stringsStream ? await readSharedStrings(stringsStream) : [];
  const sheetStream = await partStream(path, entry);
  if (!sheetStream)
    throw new Error('The file is not a readable xlsx workbook (a part packed in an unknown way)');
  yield* sheetRowBatches(sheetStream, { sharedStrings, numberStyles, date1904: book.date1904 });
}
