/**
 * Spreadsheet selection: an active cell plus an anchor that together span a range. Pure functions, so the
 * keyboard and mouse handlers stay one-liners and the rules are unit-tested.
 */

export interface Cell {
  row: number;
  col: number;
}

export interface Selection {
  active: Cell;
  /** The other corner of the range; equal to `active` for a single cell. */
  anchor: Cell;
}

export interface Range {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface Bounds {
  rows: number;
  cols: number;
  /** Rows that fit in the viewport, for PageUp/PageDown. */
  pageRows: number;
}

export const single = (row: number, col: number): Selection => ({
  active: { row, col },
  anchor: { row, col },
});

export function rangeOf(sel: Selection): Range {
  return {
    top: Math.min(sel.active.row, sel.anchor.row),
    bottom: Math.max(sel.active.row, sel.anchor.row),
    left: Math.min(sel.active.col, sel.anchor.col),
    right: Math.max(sel.active.col, sel.anchor.col),
  };
}

export function inRange(r: Range, row: number, col: number): boolean {
  return row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export type MoveKey =
  'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageUp' | 'PageDown';

export function isMoveKey(key: string): key is MoveKey {
  return /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(key);
}

/**
 * Moves the active cell for a navigation key. `extend` (Shift) keeps the anchor, growing the range; `jump`
 * (Ctrl/Cmd) goes to the edge: first/last row or column.
 *
 * @example move(single(0, 0), 'ArrowDown', bounds, { extend: true }) // range A1:A2
 */
export function move(
  sel: Selection,
  key: MoveKey,
  bounds: Bounds,
  opts: { extend?: boolean; jump?: boolean } = {},
): Selection {
  const lastRow = Math.max(0, bounds.rows - 1);
  const lastCol = Math.max(0, bounds.cols - 1);
  let { row, col } = sel.active;
  switch (key) {
    case 'ArrowUp':
      row = opts.jump ? 0 : row - 1;
      break;
    case 'ArrowDown':
      row = opts.jump ? lastRow : row + 1;
      break;
    case 'ArrowLeft':
      col = opts.jump ? 0 : col - 1;
      break;
    case 'ArrowRight':
      col = opts.jump ? lastCol : col + 1;
      break;
    case 'Home':
      col = 0;
      if (opts.jump) row = 0;
      break;
    case 'End':
      col = lastCol;
      if (opts.jump) row = lastRow;
      break;
    case 'PageUp':
      row -= bounds.pageRows;
      break;
    case 'PageDown':
      row += bounds.pageRows;
      break;
    default:
      return assertNever(key);
  }
  const active = { row: clamp(row, 0, lastRow), col: clamp(col, 0, lastCol) };
  return { active, anchor: opts.extend ? sel.anchor : active };
}

/** Tab and Shift+Tab: next/previous cell, wrapping to the next/previous row. */
export function tab(sel: Selection, back: boolean, bounds: Bounds): Selection {
  let { row, col } = sel.active;
  col += back ? -1 : 1;
  if (col >= bounds.cols) {
    col = 0;
    row = Math.min(row + 1, bounds.rows - 1);
  } else if (col < 0) {
    col = bounds.cols - 1;
    row = Math.max(row - 1, 0);
  }
  return single(row, col);
}

/** Shift+click: extends from the existing anchor to the clicked cell. */
export function extendTo(sel: Selection, cell: Cell): Selection {
  return { active: cell, anchor: sel.anchor };
}

export function assertNever(x: never): never {
  throw new Error(`Unexpected value: ${String(x)}`);
}
