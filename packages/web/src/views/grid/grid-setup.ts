/** What the grid controller is built from and whom it tells: the row source, columns, and UI callbacks. */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { RowWriter } from './grid-edits';
import type { RowSource } from './row-cache';

export interface GridCallbacks {
  /** A message for the user (validation failure, failed save). */
  onError(message: string): void;
  /** Open the DOM editor over a cell; `initial` is the typed key that started editing, if any. */
  onEdit(row: number, col: number, initial?: string): void;
  /** The field header's menu was asked for (click on the header's arrow, or right-click). */
  onHeaderMenu(col: number, x: number, y: number): void;
  /** Column widths or order changed by the user (to persist in the view's columns, and undo). */
  onColumnsChange(
    columns: ColumnMeta[],
    widths: number[],
    before: { columns: ColumnMeta[]; widths: number[] },
  ): void;
  /** Expand a row into a form. */
  onExpand(row: number): void;
  /** The footer cell of a column was clicked (to pick its aggregation). */
  onFooterMenu?(col: number, x: number, y: number): void;
  /** A data row (or its number) was right-clicked: the row menu, at canvas coordinates. */
  onRowMenu?(row: number, x: number, y: number): void;
}

export interface GridSetup {
  source: RowSource & RowWriter;
  columns: ColumnMeta[];
  widths: number[];
  frozen: number;
  rowHeight: number;
  callbacks: GridCallbacks;
  /** The key rows are read by (NocoDB v2 answers fields by title). */
  keyOf?: (c: ColumnMeta) => string;
  /** The record field holding the row id ('Id' unless the primary key has another title). */
  idKey?: string;
  /** Shows rows without any way to change them: no editors, toggles, fill, paste, clear or header menu. */
  readOnly?: boolean;
}

/** The message of anything thrown (errors carry the docs/behaviour/web-app.md message already). */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : 'Some error occurred';
}
