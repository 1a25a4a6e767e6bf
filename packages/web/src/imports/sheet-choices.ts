/**
 * The wizard's choices for a workbook of several sheets (docs/imports.md): which sheets to import, and for each
 * one its table title and column choices, kept while the user previews one sheet after another.
 */
import type { ColumnChoice, NewTableOptions } from './imports-api';

/** The title and column choices made for one sheet (or the whole file). */
export interface SheetEdit {
  title: string;
  columns: ColumnChoice[];
}

export interface WorkbookChoice {
  /** Every sheet, in tab order. */
  sheets: string[];
  /** The sheets to import, in tab order. */
  chosen: string[];
  /** The sheet previewed now; its edits are the wizard's current title and columns. */
  shown: string;
}

/** The chosen sheets in the workbook's tab order. */
export function inTabOrder(sheets: string[], chosen: string[]): string[] {
  return sheets.filter((s) => chosen.includes(s));
}

/**
 * What to send to start a new-table import: the current title and columns for a file that is not a workbook of
 * several sheets, the one chosen sheet, or one table per chosen sheet (a sheet never previewed keeps its
 * detected fields and is titled by its name).
 */
export function newTableOptions(
  workbook: WorkbookChoice | null,
  current: SheetEdit,
  edits: Record<string, SheetEdit>,
): NewTableOptions {
  if (!workbook) return { title: current.title, columns: current.columns };
  const editOf = (name: string) => (name === workbook.shown ? current : edits[name]);
  const chosen = inTabOrder(workbook.sheets, workbook.chosen);
  if (chosen.length === 1) {
    const name = chosen[0]!;
    const edit = editOf(name);
    return { sheet: name, title: edit?.title ?? name, columns: edit?.columns ?? [] };
  }
  return {
    sheets: chosen.map((name) => {
      const edit = editOf(name);
      return { name, title: edit?.title ?? name, ...(edit ? { columns: edit.columns } : {}) };
    }),
  };
}
