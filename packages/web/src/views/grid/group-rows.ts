/**
 * Group-by in the grid: rows come sorted by the group field from one row cache, and each group (value, count,
 * from the view's /groupby) gets a header row above its rows. Collapsing a group hides its rows. This maps the
 * grid's visual rows (headers included) to data rows of the cache and back, by binary search over the groups.
 */

export interface GroupInfo {
  /** The group field's value (null for the empty group). */
  value: unknown;
  count: number;
}

interface Placed extends GroupInfo {
  dataStart: number;
  visualStart: number;
  collapsed: boolean;
}

export class GroupRows {
  private readonly groups: Placed[] = [];
  readonly visualCount: number;

  constructor(groups: readonly GroupInfo[], collapsed: ReadonlySet<string> = new Set()) {
    let data = 0;
    let visual = 0;
    for (const g of groups) {
      const isCollapsed = collapsed.has(groupKey(g.value));
      this.groups.push({ ...g, dataStart: data, visualStart: visual, collapsed: isCollapsed });
      data += g.count;
      visual += 1 + (isCollapsed ? 0 : g.count);
    }
    this.visualCount = visual;
  }

  private groupAtVisual(row: number): Placed | undefined {
    let lo = 0;
    let hi = this.groups.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.groups[mid]!.visualStart <= row) lo = mid;
      else hi = mid - 1;
    }
    return this.groups[lo];
  }

  /** The data row shown at a visual row, or -1 on a group header. */
  dataRow(visual: number): number {
    const g = this.groupAtVisual(visual);
    if (!g || visual === g.visualStart || visual < 0 || visual >= this.visualCount) return -1;
    return g.dataStart + (visual - g.visualStart - 1);
  }

  /** The group whose header is at a visual row, if any. */
  header(visual: number): (GroupInfo & { collapsed: boolean }) | undefined {
    const g = this.groupAtVisual(visual);
    return g && g.visualStart === visual ? g : undefined;
  }

  /**
   * The data rows shown in visual rows first..last, as contiguous segments (one per group at most), so the cache
   * loads what is on screen and not the collapsed groups between.
   */
  segments(first: number, last: number): [number, number][] {
    const out: [number, number][] = [];
    let v = first;
    while (v <= last) {
      const g = this.groupAtVisual(v);
      if (!g) break;
      const groupEnd = g.visualStart + (g.collapsed ? 0 : g.count);
      const from = Math.max(v, g.visualStart + 1);
      const to = Math.min(last, groupEnd);
      if (from <= to)
        out.push([g.dataStart + from - g.visualStart - 1, g.dataStart + to - g.visualStart - 1]);
      v = groupEnd + 1;
    }
    return out;
  }
}

/** A stable key for a group value (collapsed state survives reloads). */
export function groupKey(value: unknown): string {
  return value === null || value === undefined
    ? '\u0000null'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

/**
 * Puts groups in the order the rows come in when sorted by the group field: select fields sort by option order
 * (empty first, values that are no option last), every other field by value as the /groupby reply already is.
 */
export function orderGroupsLikeRows(
  options: readonly { title: string }[] | undefined,
  groups: readonly GroupInfo[],
): GroupInfo[] {
  if (!options?.length) return [...groups];
  const rank = (v: unknown) => {
    if (v === null || v === undefined) return -1;
    const i = options.findIndex((o) => o.title === v);
    return i < 0 ? options.length : i;
  };
  return [...groups].sort((a, b) => rank(a.value) - rank(b.value));
}
