/**
 * CSV lines of decoded rows, each cell as the grid shows it (core's cellFormatter, dates through date-cells.ts),
 * escaped when a spreadsheet could run it. Plain data (a column's meta and where its value is in a row), so the
 * SQLite export's reader thread builds the same writer as the main thread (docs/imports.md, Exports).
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { neutralise, quoted } from './csv.js';
import { exportCellFormatter, lastTextReused } from './date-cells.js';
import { showsAsText } from '@rowbase/core/fields/display/cell-text';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';

export interface CsvColumn {
  /** Where the column's value is in a row. */
  at: number;
  column: ColumnMeta;
  /** The type's check keeps formulas out (a phone number's leading `+` is data): its text is not escaped. */
  formulaSafe: boolean;
}

/**
 * A CSV cell of one column from its raw value (`decode` first): the display text, escaped when a spreadsheet
 * could run it. A column shown as its text (core's showsAsText) writes a string or number cell without the
 * formatter: a number's text never needs quotes, and numbers are never neutralised.
 */
function csvCellOf({ column, formulaSafe }: CsvColumn, decode: (v: unknown) => unknown): (raw: unknown) => string {
  const text = exportCellFormatter(column);
  const cell: (v: unknown) => string = formulaSafe
    ? (v) => quoted(text(v))
    : // Numbers are data.
      (v) => quoted(typeof v === 'number' || typeof v === 'bigint' ? text(v) : neutralise(text(v)));
  if (!showsAsText(column)) {
    const kind = FIELD_TYPES[column.uidt]?.kind;
    if (kind === 'date' || kind === 'datetime') {
      // docs/imports.md, "A date-time cell equal to the last one reused before decoding".
      const cellOf = (raw: unknown) => cell(decode(raw));
      return lastTextReused(cellOf, cellOf);
    }
    return (raw) => cell(decode(raw));
  }
  return (raw) => {
    const v = decode(raw);
    if (typeof v === 'string') return quoted(formulaSafe ? v : neutralise(v));
    if (typeof v === 'number') return String(v);
    return cell(v);
  };
}

const asItIs = (v: unknown) => v;

/**
 * The CSV text of batches of rows, one CRLF-terminated line a row. Each column's formatter is chosen once, not
 * per cell. `decoders` (one a column), when given, turn a row's raw values into the records API's first.
 */
export function csvLinesWriter(
  columns: readonly CsvColumn[],
  decoders?: readonly ((v: unknown) => unknown)[],
): (rows: readonly (readonly unknown[])[]) => string {
  const at = columns.map((c) => c.at);
  const cells = columns.map((c, i) => csvCellOf(c, decoders?.[i] ?? asItIs));
  const n = cells.length;
  return (rows) => {
    let out = '';
    for (const row of rows) {
      let line = n ? cells[0]!(row[at[0]!]) : '';
      for (let c = 1; c < n; c++) line += ',' + cells[c]!(row[at[c]!]);
      out += line + '\r\n';
    }
    return out;
  };
}
