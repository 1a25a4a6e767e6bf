/**
 * CSV lines of decoded rows, each cell as the grid shows it (core's cellFormatter, dates through date-cells.ts),
 * escaped when a spreadsheet could run it. Plain data (a column's meta and where its value is in a row), so the
 * SQLite export's reader thread builds the same writer as the main thread (docs/imports.md, Exports).
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { neutralise, quoted } from './csv.js';
import { exportCellFormatter } from './date-cells.js';

export interface CsvColumn {
  /** Where the column's value is in a row. */
  at: number;
  column: ColumnMeta;
  /** The type's check keeps formulas out (a phone number's leading `+` is data): its text is not escaped. */
  formulaSafe: boolean;
}

/** A CSV cell of one column: the display text, escaped when a spreadsheet could run it. */
function csvCellOf({ column, formulaSafe }: CsvColumn): (value: unknown) => string {
  const text = exportCellFormatter(column);
  if (formulaSafe) return (v) => quoted(text(v));
  // Numbers are data.
  return (v) => quoted(typeof v === 'number' || typeof v === 'bigint' ? text(v) : neutralise(text(v)));
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
  const cells = columns.map(csvCellOf);
  const decode = decoders ?? columns.map(() => asItIs);
  const n = cells.length;
  return (rows) => {
    let out = '';
    for (const row of rows) {
      for (let c = 0; c < n; c++) out += (c ? ',' : '') + cells[c]!(decode[c]!(row[at[c]!]));
      out += '\r\n';
    }
    return out;
  };
}
