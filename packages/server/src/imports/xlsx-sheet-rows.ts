/**
 * The rows of one xlsx worksheet, scanned from its XML as it inflates (`<row>` of `<c r s t>` cells with `<v>`
 * values, `<f>` formulas, `<is>` inline strings). Rows come as the sheet holds them (a row element with no cell
 * gives an empty row; row numbers missing from the XML give no row); a cell lands at the column its `r`
 * reference names (the next one when it has none), the columns between empty (null). Values:
 * - shared strings (`t="s"`) and strings (`str`, `inlineStr`, rich text joined): the text;
 * - booleans (`b`): true or false; errors (`e`): their text, such as `#N/A`;
 * - numbers: a Date when the cell's number format is a date (day counts from 1900, or 1904 when the workbook
 *   says so), otherwise `{ value, formatted }`, `formatted` starting with "$" when the format shows "$";
 * - formulas: their cached result, typed as the same cell without a formula would be; never evaluated.
 * See docs/imports.md ("Reading xlsx").
 */
import type { NumberStyle } from './xlsx-styles.js';
import { decodeXml, forEachAttribute, scanChunks, type TagSink } from './xlsx-xml.js';

export interface SheetContext {
  sharedStrings: readonly (string | null)[];
  /** By cell style index. */
  numberStyles: readonly NumberStyle[];
  /** The workbook counts days from 1904-01-01 (`workbookPr date1904`). */
  date1904: boolean;
}

const DAY_MS = 24 * 3600 * 1000;
/** Day 25569 of the 1900 system is 1970-01-01; the 1904 system is 1462 days behind it. */
const UNIX_EPOCH_DAY = 25569;
const DAYS_1904 = 1462;

/** A column's number (A = 1) from a cell reference such as `AB12`; 0 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i++) {
    const ch = ref.charCodeAt(i);
    if (ch >= 65 && ch <= 90) col = col * 26 + ch - 64;
    else if (ch >= 97 && ch <= 122) col = col * 26 + ch - 96;
    else break;
  }
  return col;
}

/**
 * The sheet's rows, a batch for each chunk of XML scanned.
 * @example for await (const rows of sheetRowBatches(chunks, context)) rows // [['Name', { value: 3, formatted: '3' }]]
 */
export async function* sheetRowBatches(
  chunks: AsyncIterable<Buffer>,
  context: SheetContext,
): AsyncGenerator<unknown[][]> {
  const { sharedStrings, numberStyles, date1904 } = context;
  const dayOffset = UNIX_EPOCH_DAY - (date1904 ? DAYS_1904 : 0);
  let batch: unknown[][] = [];
  let row: unknown[] | undefined;
  // The cell being read.
  let col = 0;
  let type = '';
  let style = 0;
  let value: string | undefined;
  let inCell = false;
  let inPhonetic = false;

  const numberValue = (raw: string): unknown => {
    const n = parseFloat(raw);
    const shows = numberStyles[style];
    if (shows === 'date') return new Date(Math.round((n - dayOffset) * DAY_MS));
    return { value: n, formatted: shows === 'dollar' ? `$${n}` : String(n) };
  };

  const cellValue = (): unknown => {
    if (value === undefined) return null;
    switch (type) {
      case 's':
        return sharedStrings[parseInt(value, 10)] ?? null;
      case 'str':
      case 'inlineStr':
      case 'e':
        return decodeXml(value);
      case 'b':
        return parseInt(value, 10) !== 0;
      case 'd':
        return new Date(value);
      default:
        return value === '' ? null : numberValue(value);
    }
  };

  const setCell = (cells: unknown[], at: number, v: unknown) => {
    while (cells.length < at) cells.push(null);
    cells[at] = v;
  };

  const sink: TagSink = {
    capturing: false,
    open(name, s, from, to) {
      switch (name) {
        case 'c': {
          if (!row) return;
          let ref = '';
          type = '';
          style = 0;
          forEachAttribute(s, from, to, (attr, v) => {
            if (attr === 'r') ref = v;
            else if (attr === 't') type = v;
            else if (attr === 's') style = parseInt(v, 10) || 0;
          });
          col = (ref ? columnOf(ref) : 0) || row.length + 1;
          value = undefined;
          inCell = true;
          return;
        }
        case 'v':
          if (inCell) {
            value = '';
            sink.capturing = true;
          }
          return;
        case 'is':
          if (inCell) value = '';
          return;
        case 't':
          if (inCell && value !== undefined && !inPhonetic) sink.capturing = true;
          return;
        case 'rPh':
          inPhonetic = true;
          return;
        case 'row':
          row = [];
          return;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          sink.capturing = false;
          return;
        case 'rPh':
          inPhonetic = false;
          return;
        case 'c':
          if (row && inCell) setCell(row, col - 1, cellValue());
          inCell = false;
          return;
        case 'row':
          if (row) batch.push(row);
          row = undefined;
          return;
      }
    },
    text(raw) {
      value += raw;
    },
  };

  for await (const _ of scanChunks(chunks, sink)) {
    if (batch.length) {
      yield batch;
      batch = [];
    }
  }
}
