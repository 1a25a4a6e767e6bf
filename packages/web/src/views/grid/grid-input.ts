/**
 * Mouse and keyboard for the grid, as a spreadsheet: click/shift-click/drag selection, header drag to reorder,
 * border drag to resize, the fill handle, checkbox and rating clicks, and the navigation and editing keys.
 */
import { MIN_COLUMN_WIDTH, moveItem } from './column-layout';
import { clearRange, fillChanges, fillTarget } from './grid-clipboard';
import type { GridController } from './grid-controller';
import { FOOTER_HEIGHT, HEADER_HEIGHT, rangeRect } from './renderer';
import { extendTo, isMoveKey, move, type Range, single, tab } from './selection';

type Gesture =
  | { kind: 'select' }
  | { kind: 'rows'; anchor: number }
  | { kind: 'resize'; col: number; startX: number; startWidth: number; widths: number[]; before: number[] }
  | { kind: 'reorder'; col: number; startX: number; moved: boolean; offset: number }
  | { kind: 'fill'; source: Range };

export class GridInput {
  private gesture: Gesture | undefined;

  constructor(private readonly g: GridController) {}

  private bounds() {
    return { rows: this.g.rowCount, cols: this.g.columns.length, pageRows: this.g.pageRows };
  }

  /** Cursor for a pointer position (resize handle, fill handle, default). */
  cursorAt(x: number, y: number): string {
    const g = this.g;
    if (y < HEADER_HEIGHT && g.layout.resizeHandleAt(x, g.scrollX) >= 0) return 'col-resize';
    if (this.onFillHandle(x, y)) return 'crosshair';
    return 'default';
  }

  private onFillHandle(x: number, y: number): boolean {
    if (this.g.readOnly) return false;
    const r = rangeRect(this.g, this.g.range);
    return Math.abs(x - (r.x + r.w)) <= 5 && Math.abs(y - (r.y + r.h)) <= 5;
  }

  mouseDown(
    x: number,
    y: number,
    e: { shiftKey: boolean; metaKey: boolean; ctrlKey: boolean; button: number },
  ) {
    const g = this.g;
    const col = g.layout.colAt(x, g.scrollX);
    if (y < HEADER_HEIGHT) return this.headerDown(x, y, col, e.button);
    if (y > g.height - FOOTER_HEIGHT) {
      if (col >= 0 && col < g.columns.length)
        g.callbacks.onFooterMenu?.(col, g.layout.screenX(col, g.scrollX), y);
      return;
    }
    const row = g.rowAtY(y);
    if (row < 0) return;
    if (g.groups?.header(row)) {
      g.toggleGroup(row);
      return;
    }
    if (e.button === 2) {
      // Right-click keeps a selection it falls in (to act on those rows), otherwise selects the cell.
      const r = g.range;
      const inside = row >= r.top && row <= r.bottom && (col < 0 || (col >= r.left && col <= r.right));
      if (!inside && col < g.columns.length) g.select(single(row, Math.max(0, col)));
      g.callbacks.onRowMenu?.(row, x, y);
      return;
    }
    if (this.onFillHandle(x, y)) {
      this.gesture = { kind: 'fill', source: g.range };
      return;
    }
    if (col < 0) {
      const anchor = e.shiftKey ? g.selection.anchor.row : row;
      g.select({ anchor: { row: anchor, col: 0 }, active: { row, col: g.columns.length - 1 } }, true);
      this.gesture = { kind: 'rows', anchor };
      return;
    }
    if (col >= g.columns.length) return;
    if (e.shiftKey) {
      g.select(extendTo(g.selection, { row, col }));
      return;
    }
    const wasActive = g.selection.active.row === row && g.selection.active.col === col;
    g.select(single(row, col));
    this.gesture = { kind: 'select' };
    if (e.button === 0) this.cellClick(row, col, x, wasActive, e.metaKey || e.ctrlKey);
  }

  /** Clicks that act at once: checkbox toggles, rating stars, buttons and Ctrl/Cmd+click on links. */
  private cellClick(row: number, col: number, x: number, wasActive: boolean, modifier: boolean) {
    const g = this.g;
    const type = g.types[col]!;
    const column = g.columns[col]!;
    const value = g.value(row, col);
    if (type.toggle && !g.readOnly) {
      void this.commit(row, col, type.toggle(value));
      return;
    }
    if (type.clickValue && wasActive && !g.readOnly) {
      const next = type.clickValue(x - g.layout.screenX(col, g.scrollX), value, column);
      if (next !== undefined) void this.commit(row, col, next);
      return;
    }
    const opens = type.clickOpens?.(column);
    const href = opens ?? (modifier ? type.href?.(value) : undefined);
    if (href) window.open(href, '_blank', 'noopener');
  }

  private async commit(row: number, col: number, value: unknown) {
    const message = await this.g.commitValues([{ row, col, value }]);
    if (message) this.g.callbacks.onError(message);
  }

  private headerDown(x: number, y: number, col: number, button: number) {
    const g = this.g;
    const handle = g.layout.resizeHandleAt(x, g.scrollX);
    if (handle >= 0) {
      const widths = [...g.layout.widths];
      this.gesture = {
        kind: 'resize',
        col: handle,
        startX: x,
        startWidth: widths[handle]!,
        widths,
        before: [...widths],
      };
      return;
    }
    if (col < 0 || col >= g.columns.length) return;
    const left = g.layout.screenX(col, g.scrollX);
    if (!g.readOnly && (button === 2 || x > left + g.layout.width(col) - 24)) {
      g.callbacks.onHeaderMenu(col, left, HEADER_HEIGHT);
      return;
    }
    g.select({ anchor: { row: 0, col }, active: { row: Math.max(0, g.rowCount - 1), col } });
    g.setScroll(g.scrollX, g.scrollY); // selecting a column must not jump to its last row
    this.gesture = { kind: 'reorder', col, startX: x, moved: false, offset: x - left };
  }

  mouseMove(x: number, y: number) {
    const g = this.g;
    const gesture = this.gesture;
    if (!gesture) return;
    const col = Math.max(
      0,
      Math.min(g.columns.length - 1, g.layout.colAt(Math.max(x, g.layout.gutter), g.scrollX)),
    );
    const row = Math.max(0, g.rowAtY(Math.max(y, HEADER_HEIGHT + 1)));
    switch (gesture.kind) {
      case 'select':
        g.select(extendTo(g.selection, { row, col }));
        break;
      case 'rows':
        g.select(
          { anchor: { row: gesture.anchor, col: 0 }, active: { row, col: g.columns.length - 1 } },
          true,
        );
        break;
      case 'resize': {
        gesture.widths[gesture.col] = Math.max(MIN_COLUMN_WIDTH, gesture.startWidth + x - gesture.startX);
        g.setColumns(g.columns, gesture.widths, g.layout.frozen);
        break;
      }
      case 'reorder':
        if (Math.abs(x - gesture.startX) > 5) gesture.moved = true;
        if (gesture.moved) {
          g.drag = { col: gesture.col, x: x - gesture.offset };
          g.scheduleDraw();
        }
        break;
      case 'fill':
        g.fillRange = fillTarget(gesture.source, row, col);
        g.scheduleDraw();
        break;
    }
  }

  mouseUp(x: number) {
    const g = this.g;
    const gesture = this.gesture;
    this.gesture = undefined;
    if (!gesture) return;
    if (gesture.kind === 'resize')
      g.callbacks.onColumnsChange(g.columns, gesture.widths, { columns: g.columns, widths: gesture.before });
    if (gesture.kind === 'reorder' && gesture.moved) {
      g.drag = undefined;
      const target = Math.max(
        0,
        Math.min(g.columns.length - 1, g.layout.colAt(Math.max(x, g.layout.gutter), g.scrollX)),
      );
      const before = { columns: g.columns, widths: [...g.layout.widths] };
      const columns = moveItem(g.columns, gesture.col, target);
      const widths = moveItem(g.layout.widths, gesture.col, target);
      g.setColumns(columns, widths, g.layout.frozen);
      g.select(single(g.selection.active.row, target));
      g.callbacks.onColumnsChange(columns, widths, before);
    }
    if (gesture.kind === 'fill' && g.fillRange) {
      const target = g.fillRange;
      g.fillRange = undefined;
      g.select({
        anchor: { row: target.top, col: target.left },
        active: { row: target.bottom, col: target.right },
      });
      void g
        .commitValues(fillChanges(g, gesture.source, target), 'Fill')
        .then((m) => m && g.callbacks.onError(m));
    }
    g.scheduleDraw();
  }

  doubleClick(x: number, y: number) {
    const g = this.g;
    const row = g.rowAtY(y);
    const col = g.layout.colAt(x, g.scrollX);
    if (row < 0 || y < HEADER_HEIGHT) return;
    if (col < 0) return g.callbacks.onExpand(row);
    if (col < g.columns.length && g.types[col]!.editor && !g.readOnly) g.callbacks.onEdit(row, col);
  }

  /** Keys of a read-only grid: Tab moves, Escape collapses the selection, Shift+Enter expands the row. */
  private readOnlyKey(key: string, shift: boolean): boolean {
    const g = this.g;
    const { row, col } = g.selection.active;
    if (key === 'Tab') g.select(tab(g.selection, shift, this.bounds()));
    else if (key === 'Escape') g.select(single(row, col));
    else if (key === 'Enter' && shift) g.callbacks.onExpand(row);
    else return false;
    return true;
  }

  /** Handles a key while the grid (not an editor) has focus; answers true when the key was used. */
  keyDown(e: {
    key: string;
    shiftKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
  }): boolean {
    const g = this.g;
    const mod = e.ctrlKey || e.metaKey;
    const { row, col } = g.selection.active;
    if (isMoveKey(e.key)) {
      g.select(move(g.selection, e.key, this.bounds(), { extend: e.shiftKey, jump: mod }));
      return true;
    }
    if (mod && e.key.toLowerCase() === 'z') {
      void (e.shiftKey ? g.redo() : g.undo());
      return true;
    }
    if (mod && e.key.toLowerCase() === 'y') {
      void g.redo();
      return true;
    }
    if (mod && e.key.toLowerCase() === 'a') return true; // blocked outside inputs (docs/behaviour/web-app.md)
    if (mod || e.altKey) return false;
    if (g.readOnly) return this.readOnlyKey(e.key, e.shiftKey);
    const type = g.types[col];
    switch (e.key) {
      case 'Tab':
        g.select(tab(g.selection, e.shiftKey, this.bounds()));
        return true;
      case 'Escape':
        g.select(single(row, col));
        return true;
      case 'Enter':
      case 'F2':
        if (e.shiftKey) g.callbacks.onExpand(row);
        else if (type?.toggle) void this.commit(row, col, type.toggle(g.value(row, col)));
        else if (type?.editor) g.callbacks.onEdit(row, col);
        return true;
      case ' ':
        if (type?.toggle) {
          void this.commit(row, col, type.toggle(g.value(row, col)));
          return true;
        }
        break;
      case 'Delete':
      case 'Backspace':
        void clearRange(g, g.range).then((m) => m && g.callbacks.onError(m));
        return true;
    }
    if (e.key.length === 1 && type) {
      const set = type.keyValue?.(e.key);
      if (set !== undefined) {
        void this.commit(row, col, set);
        return true;
      }
      if (type.editor) {
        g.callbacks.onEdit(row, col, e.key);
        return true;
      }
    }
    return false;
  }
}
