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
import { decodeXml, scannedText, skipSpecial } from './xlsx-xml.js';

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

// Character codes the scanner compares with.
const SLASH = 47;
const COLON = 58;
const BANG = 33;
const QUESTION = 63;
const QUOTE = 34;
const LOWER_C = 99;
const LOWER_V = 118;
const LOWER_T = 116;
const LOWER_R = 114;
const LOWER_S = 115;
const LOWER_I = 105;

/** A cell's `t` attribute. */
const enum CellType {
  Number,
  Shared,
  Text,
  Boolean,
  Error,
  IsoDate,
}

/** The cell type its `t` attribute value names (`n` and unknown ones read as numbers). */
function cellTypeOf(t: string): CellType {
  switch (t) {
    case 's':
      return CellType.Shared;
    case 'str':
    case 'inlineStr':
      return CellType.Text;
    case 'b':
      return CellType.Boolean;
    case 'e':
      return CellType.Error;
    case 'd':
      return CellType.IsoDate;
    default:
      return CellType.Number;
  }
}

/** A column's number (A = 1) from the cell reference at `s[from..to)`, such as `AB12`; 0 when it has no letters. */
function columnAt(s: string, from: number, to: number): number {
  let col = 0;
  for (let i = from; i < to; i++) {
    const ch = s.charCodeAt(i) | 32;
    if (ch < 97 || ch > 122) break;
    col = col * 26 + ch - 96;
  }
  return col;
}

/**
 * The sheet's rows, a batch for each chunk of XML scanned. The scanner is written for this one part (the tags a
 * sheet's data uses, tested by their first letters), several times faster than a general XML parser.
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
  let type = CellType.Number;
  let style = 0;
  let value: string | undefined;
  let inCell = false;
  let inPhonetic = false;
  let capturing = false;
  const addText = (raw: string) => {
    value += raw;
  };

  const numberValue = (raw: string): unknown => {
    const n = parseFloat(raw);
    const shows = numberStyles[style];
    if (shows === 'date') return new Date(Math.round((n - dayOffset) * DAY_MS));
    return { value: n, formatted: shows === 'dollar' ? `$${n}` : String(n) };
  };

  const cellValue = (): unknown => {
    if (value === undefined) return null;
    switch (type) {
      case CellType.Shared:
        return sharedStrings[parseInt(value, 10)] ?? null;
      case CellType.Text:
      case CellType.Error:
        return decodeXml(value);
      case CellType.Boolean:
        return parseInt(value, 10) !== 0;
      case CellType.IsoDate:
        return new Date(value);
      default:
        return value === '' ? null : numberValue(value);
    }
  };

  /** A cell's opening tag, its attributes `s[from..to)`: reads `r`, `s` and `t`. */
  const startCell = (s: string, from: number, to: number) => {
    type = CellType.Number;
    style = 0;
    col = 0;
    for (let i = from; ;) {
      const eq = s.indexOf('=', i);
      if (eq < 0 || eq >= to) break;
      let q = eq + 1;
      while (s.charCodeAt(q) <= 32) q++;
      const close = s.indexOf(s.charCodeAt(q) === QUOTE ? '"' : "'", q + 1);
      if (close < 0 || close > to) break;
      let k = eq - 1;
      while (s.charCodeAt(k) <= 32) k--;
      // Only one-letter names matter: the character before the name is a space or a prefix's colon.
      const before = s.charCodeAt(k - 1);
      if (before <= 32 || before === COLON) {
        const name = s.charCodeAt(k);
        if (name === LOWER_R) col = columnAt(s, q + 1, close);
        else if (name === LOWER_S) style = parseInt(s.slice(q + 1, close), 10) || 0;
        else if (name === LOWER_T) type = cellTypeOf(s.slice(q + 1, close));
      }
      i = close + 1;
    }
    if (!col) col = row!.length + 1;
    value = undefined;
    inCell = true;
  };

  const endCell = () => {
    if (row && inCell) {
      while (row.length < col - 1) row.push(null);
      row[col - 1] = cellValue();
    }
    inCell = false;
    capturing = false;
  };

  const endRow = () => {
    if (row) batch.push(row);
    row = undefined;
  };

  /** Scans `s`, answering where its unscanned rest (a tag cut off by the chunk's end) starts. */
  const scan = (s: string): number => {
    const len = s.length;
    let pos = 0;
    while (pos < len) {
      const lt = s.indexOf('<', pos);
      if (lt < 0) {
        if (capturing) value += s.slice(pos);
        return len;
      }
      if (capturing && lt > pos) value += s.slice(pos, lt);
      const first = s.charCodeAt(lt + 1);
      if (first === BANG || first === QUESTION) {
        const end = skipSpecial(s, lt, capturing ? addText : undefined);
        if (end < 0) return lt;
        pos = end;
        continue;
      }
      const gt = s.indexOf('>', lt);
      if (gt < 0) return lt;
      const closing = first === SLASH;
      let start = closing ? lt + 2 : lt + 1;
      let end = start;
      for (; end < gt; end++) {
        const ch = s.charCodeAt(end);
        if (ch <= 32 || ch === SLASH) break;
        if (ch === COLON) start = end + 1;
      }
      const length = end - start;
      const n0 = s.charCodeAt(start);
      if (closing) {
        if (length === 1) {
          if (n0 === LOWER_V || n0 === LOWER_T) capturing = false;
          else if (n0 === LOWER_C) endCell();
        } else if (length === 3 && n0 === LOWER_R) {
          if (s.startsWith('row', start)) endRow();
          else if (s.startsWith('rPh', start)) inPhonetic = false;
        }
      } else {
        const selfClosing = s.charCodeAt(gt - 1) === SLASH;
        if (length === 1) {
          if (n0 === LOWER_C) {
            if (row) {
              startCell(s, end, selfClosing ? gt - 1 : gt);
              if (selfClosing) endCell();
            }
          } else if (n0 === LOWER_V) {
            if (inCell) {
              value = '';
              capturing = !selfClosing;
            }
          } else if (n0 === LOWER_T) {
            if (inCell && value !== undefined && !inPhonetic) capturing = !selfClosing;
          }
        } else if (length === 2 && n0 === LOWER_I && s.charCodeAt(start + 1) === LOWER_S) {
          if (inCell) value = '';
        } else if (length === 3 && n0 === LOWER_R) {
          if (s.startsWith('row', start)) {
            row = [];
            if (selfClosing) endRow();
          } else if (s.startsWith('rPh', start)) inPhonetic = !selfClosing;
        }
      }
      pos = gt + 1;
    }
    return len;
  };

  for await (const _ of scannedText(chunks, scan)) {
    if (batch.length) {
      yield batch;
      batch = [];
    }
  }
}
