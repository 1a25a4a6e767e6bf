/**
 * Horizontal geometry of the grid: a row-number gutter, then frozen columns that never scroll, then the
 * scrolling columns. Positions are prefix sums, so hit-testing and the visible span are binary searches.
 */

export const GUTTER_WIDTH = 64;
export const MIN_COLUMN_WIDTH = 60;

export class ColumnLayout {
  /** `starts[i]` is column i's left edge in content coordinates (0 = just after the gutter). */
  private readonly starts: Float64Array;

  constructor(
    readonly widths: readonly number[],
    readonly frozen: number,
    readonly gutter = GUTTER_WIDTH,
  ) {
    this.starts = new Float64Array(widths.length + 1);
    for (let i = 0; i < widths.length; i++) this.starts[i + 1] = this.starts[i]! + widths[i]!;
  }

  get count(): number {
    return this.widths.length;
  }

  get totalWidth(): number {
    return this.starts[this.widths.length]!;
  }

  get frozenWidth(): number {
    return this.starts[Math.min(this.frozen, this.widths.length)]!;
  }

  width(col: number): number {
    return this.widths[col] ?? 0;
  }

  /** The largest horizontal scroll for a viewport of `viewportWidth` css pixels. */
  maxScroll(viewportWidth: number): number {
    return Math.max(0, this.totalWidth - (viewportWidth - this.gutter));
  }

  /** Left edge of a column on screen. */
  screenX(col: number, scrollX: number): number {
    return this.gutter + this.starts[col]! - (col < this.frozen ? 0 : scrollX);
  }

  /**
   * The column under a screen x, or -1 over the gutter, or `count` past the last column.
   * @example layout.colAt(70, 0) // 0: just right of a 64 px gutter
   */
  colAt(x: number, scrollX: number): number {
    if (x < this.gutter) return -1;
    const cx = x - this.gutter;
    if (cx < this.frozenWidth) return this.search(cx);
    const col = this.search(cx + scrollX);
    return col < this.frozen ? this.frozen : col;
  }

  /** First and last scrolling (unfrozen) columns that show in the viewport; first > last when none. */
  visibleRange(scrollX: number, viewportWidth: number): [number, number] {
    if (this.frozen >= this.count) return [this.count, this.count - 1];
    const left = Math.max(this.starts[this.frozen]!, this.frozenWidth + scrollX);
    const right = scrollX + viewportWidth - this.gutter;
    const first = Math.max(this.frozen, this.search(left));
    const last = Math.min(this.count - 1, this.search(right));
    return [first, last];
  }

  /** Index of the column containing content x (count when beyond the end). */
  private search(cx: number): number {
    let lo = 0;
    let hi = this.widths.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid + 1]! <= cx) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The column whose right edge is within `slop` pixels of x (for the resize handle), or -1. */
  resizeHandleAt(x: number, scrollX: number, slop = 4): number {
    const col = this.colAt(x, scrollX);
    if (col < 0 || col > this.count) return -1;
    for (const c of [col - 1, col]) {
      if (c < 0 || c >= this.count) continue;
      const right = this.screenX(c, scrollX) + this.width(c);
      if (Math.abs(x - right) <= slop) return c;
    }
    return -1;
  }
}

/** Moves one item of a list to a new index (drag-reorder of columns). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, item as T);
  return out;
}
