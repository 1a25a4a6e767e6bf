/** What every cell editor overlay receives. Editors commit text (parsed by the cell type) or a ready value. */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { CellType } from '../cell-type';

/** Where the selection goes after a commit: Enter moves down, Tab right, Shift+Tab left. */
export type AfterCommit = 'down' | 'right' | 'left' | 'stay';

export interface EditorServices {
  /** JSON call to the API (the grid's transport). */
  call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** Uploads files to storage; answers attachment objects to store in the cell. */
  upload(files: File[]): Promise<unknown[]>;
  tableId: string;
}

export interface EditorProps {
  column: ColumnMeta;
  type: CellType;
  value: unknown;
  rowId: unknown;
  /** The key that started editing, replacing the content (as spreadsheets do). */
  initial?: string;
  services: EditorServices;
  commitText(text: string, after: AfterCommit): void;
  commitValue(value: unknown, after: AfterCommit): void;
  cancel(): void;
}

/** Enter/Tab/Escape handling shared by the text-like editors. Answers true when the key was handled. */
export function commitKeys(
  e: { key: string; shiftKey: boolean; preventDefault(): void },
  commit: (after: AfterCommit) => void,
  cancel: () => void,
  multiline = false,
): boolean {
  if (e.key === 'Escape') {
    e.preventDefault();
    cancel();
    return true;
  }
  if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
    e.preventDefault();
    commit('down');
    return true;
  }
  if (e.key === 'Tab') {
    e.preventDefault();
    commit(e.shiftKey ? 'left' : 'right');
    return true;
  }
  return false;
}
