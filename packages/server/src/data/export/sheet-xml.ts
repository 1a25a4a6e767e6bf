/**
 * The XML of an xlsx sheet's data rows, the XML exceljs writes for them, and each column's cells as the grid
 * shows them. Without exceljs, so the SQLite export's reader thread writes the rows itself (docs/imports.md,
 * Exports).
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { cellText } from './csv.js';
import { exportCellFormatter } from './date-cells.js';

/** Whether text holds a character XML 1.0 cannot (most cells do not, and are kept as they are). */
function hasXmlUnsafe(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0xfffe) return true;
  }
  return false;
}

/** Drops characters XML 1.0 cannot hold (control characters other than tab, newline, carriage return). */
export function xmlSafe(s: string): string {
  if (!hasXmlUnsafe(s)) return s;
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x20 ? c !== 0xfffe && c !== 0xffff : c === 0x09 || c === 0x0a || c === 0x0d) out += ch;
  }
  return out;
}

/** The longest text an xlsx cell holds. */
const MAX_CELL_TEXT = 32767;

/** A value as a sheet cell: null (left out), a number, a boolean, or text XML can hold. */
export function cell(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  return xmlSafe(cellText(value)).slice(0, MAX_CELL_TEXT);
}

/** Column letters: A … Z, AA … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const columnNames: string[] = [];
/** A column's letters, kept once made. */
export const columnOf = (i: number) => (columnNames[i] ??= columnName(i));

const XML_SPECIAL = /[&<>"]/;
const XML_ESCAPES = /[&<>"]/g;
const XML_ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const xmlText = (s: string) => (XML_SPECIAL.test(s) ? s.replace(XML_ESCAPES, (c) => XML_ENTITY[c]!) : s);

/**
 * Rows as the sheet XML exceljs writes for them (`<c t="str">` strings, `t="b"` booleans, numbers plain, empty
 * cells left out), numbered from `first`. Writing it here instead of through exceljs's row and cell objects
 * costs about a seventh of the CPU, zip aside (50,000 rows of 8 cells: 150 ms against 1,080 ms); see
 * docs/imports.md (Exports).
 */
export function rowsXml(rows: readonly (readonly unknown[])[], first: number): string {
  let xml = '';
  let r = first;
  for (const row of rows) {
    xml += `<row r="${r}">`;
    for (let c = 0; c < row.length; c++) {
      const v = cell(row[c]);
      if (v === null) continue;
      const ref = columnOf(c) + r;
      if (typeof v === 'number') xml += `<c r="${ref}"><v>${v}</v></c>`;
      else if (typeof v === 'boolean') xml += `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
      else xml += `<c r="${ref}" t="str"><v>${xmlText(v as string)}</v></c>`;
    }
    xml += '</row>';
    r++;
  }
  return xml;
}

/** One column of a sheet: where its value is in a row, and its field. */
export interface SheetColumn {
  at: number;
  column: ColumnMeta;
}

/**
 * An xlsx cell of one column: numbers and booleans stay typed where the grid shows them plainly (a duration
 * or a currency is written as the grid shows it); the rest as display text.
 */
function sheetCellOf(column: ColumnMeta): (value: unknown) => unknown {
  const text = exportCellFormatter(column);
  return (v) => {
    if (typeof v === 'boolean') return v;
    const shown = text(v);
    return typeof v === 'number' && shown === String(v) ? v : shown;
  };
}

const asItIs = (v: unknown) => v;

/**
 * The sheet cells of batches of rows, in the columns' order. `decoders` (one a column), when given, turn a row's
 * raw values into the records API's first.
 */
export function sheetCellsWriter(
  columns: readonly SheetColumn[],
  decoders?: readonly ((v: unknown) => unknown)[],
): (rows: readonly (readonly unknown[])[]) => unknown[][] {
  const at = columns.map((c) => c.at);
  const cells = columns.map((c) => sheetCellOf(c.column));
  const decode = decoders ?? columns.map(() => asItIs);
  return (rows) => rows.map((row) => cells.map((cell, c) => cell(decode[c]!(row[at[c]!]))));
}
