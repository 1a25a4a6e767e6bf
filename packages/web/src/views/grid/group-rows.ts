/**
 * Group-by in the grid, at any number of levels: rows come sorted by the group fields from one row cache, and
 * the view's /groupby answers each combination of group values with its row count (the leaves). Every level gets
 * a header row (value and count) above its rows and sub-groups; collapsing a header hides everything under it.
 * This maps the grid's visual rows (headers included) to data rows of the cache and back, by binary search over
 * a flat list of entries (one per header, one per run of rows).
 */

/** One combination of group values (one per level, outermost first) and how many rows have it. */
export interface GroupInfo {
  values: readonly unknown[];
  count: number;
}

/** A header row: the group's level (0 outermost), its value, the rows under it and whether it is collapsed. */
export interface GroupHeader {
  level: number;
  value: unknown;
  count: number;
  collapsed: boolean;
  /** Identifies the group by its path of values (collapsed state survives reloads). */
  key: string;
}

interface Entry {
  visualStart: number;
  /** Set on a header entry (one visual row); absent on a run of `size` data rows from `dataStart`. */
  header?: GroupHeader;
  dataStart: number;
  size: number;
}

export class GroupRows {
  private readonly entries: Entry[] = [];
  readonly visualCount: number;
  readonly levels: number;

  constructor(leaves: readonly GroupInfo[], collapsed: ReadonlySet<string> = new Set()) {
    this.levels = Math.max(1, ...leaves.map((l) => l.values.length));
    const totals = new Map<string, number>();
    const paths = leaves.map((leaf) => {
      const keys = pathKeys(leaf.values);
      for (const k of keys) totals.set(k, (totals.get(k) ?? 0) + leaf.count);
      return keys;
    });
    let data = 0;
    let visual = 0;
    let previous: string[] = [];
    leaves.forEach((leaf, i) => {
      const keys = paths[i]!;
      let hidden = false;
      keys.forEach((key, level) => {
        if (key !== previous[level] && !hidden) {
          const header = {
            level,
            value: leaf.values[level] ?? null,
            count: totals.get(key) ?? 0,
            collapsed: collapsed.has(key),
            key,
          };
          this.entries.push({ visualStart: visual, header, dataStart: data, size: 1 });
          visual += 1;
        }
        if (collapsed.has(key)) hidden = true;
      });
      if (!hidden && leaf.count > 0) {
        this.entries.push({ visualStart: visual, dataStart: data, size: leaf.count });
        visual += leaf.count;
      }
      data += leaf.count;
      previous = keys;
    });
    this.visualCount = visual;
  }

  private entryIndex(row: number): number {
    let lo = 0;
    let hi = this.entries.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.entries[mid]!.visualStart <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The data row shown at a visual row, or -1 on a group header. */
  dataRow(visual: number): number {
    if (visual < 0 || visual >= this.visualCount) return -1;
    const e = this.entries[this.entryIndex(visual)];
    return !e || e.header ? -1 : e.dataStart + (visual - e.visualStart);
  }

  /** The group whose header is at a visual row, if any. */
  header(visual: number): GroupHeader | undefined {
    if (visual < 0 || visual >= this.visualCount) return undefined;
    const e = this.entries[this.entryIndex(visual)];
    return e?.visualStart === visual ? e.header : undefined;
  }

  /**
   * The data rows shown in visual rows first..last, as contiguous segments, so the cache loads what is on
   * screen and not the collapsed groups between.
   */
  segments(first: number, last: number): [number, number][] {
    const out: [number, number][] = [];
    for (let i = this.entryIndex(Math.max(0, first)); i < this.entries.length; i++) {
      const e = this.entries[i]!;
      if (e.visualStart > last) break;
      if (e.header) continue;
      const from = Math.max(first, e.visualStart);
      const to = Math.min(last, e.visualStart + e.size - 1);
      if (from > to) continue;
      const segment: [number, number] = [
        e.dataStart + from - e.visualStart,
        e.dataStart + to - e.visualStart,
      ];
      const prev = out[out.length - 1];
      if (prev && prev[1] + 1 === segment[0]) prev[1] = segment[1];
      else out.push(segment);
    }
    return out;
  }
}

/** A stable key for a group value. */
export function groupKey(value: unknown): string {
  return value === null || value === undefined
    ? '\u0000null'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
}

/** Keys of every prefix of a path of group values: ['a'] -> key of a; ['a', 'b'] -> key of a, key of a/b. */
function pathKeys(values: readonly unknown[]): string[] {
  const out: string[] = [];
  let key = '';
  values.forEach((v, i) => {
    key = i === 0 ? groupKey(v) : `${key}\u0001${groupKey(v)}`;
    out.push(key);
  });
  return out;
}

type Options = readonly { title: string }[] | undefined;

/**
 * Puts the /groupby leaves in the order rows come when sorted by the group fields: at a select level groups
 * follow option order (empty first, values that are no option last); at other levels they keep the reply's order
 * (by value, as rows sort).
 * @example orderGroupsLikeRows([[{ title: 'open' }, { title: 'closed' }]], leaves) // open's leaves, then closed's
 */
export function orderGroupsLikeRows(
  levelOptions: readonly Options[],
  leaves: readonly GroupInfo[],
): GroupInfo[] {
  const order = (list: readonly GroupInfo[], level: number): GroupInfo[] => {
    if (!list.length || level >= (list[0]?.values.length ?? 0)) return [...list];
    const buckets = new Map<string, GroupInfo[]>();
    for (const leaf of list) {
      const k = groupKey(leaf.values[level]);
      const bucket = buckets.get(k);
      if (bucket) bucket.push(leaf);
      else buckets.set(k, [leaf]);
    }
    const groups = [...buckets.values()];
    const options = levelOptions[level];
    if (options?.length) {
      const rank = (v: unknown) => {
        if (v === null || v === undefined || v === '') return -1;
        const i = options.findIndex((o) => o.title === v);
        return i < 0 ? options.length : i;
      };
      groups.sort((a, b) => rank(a[0]!.values[level]) - rank(b[0]!.values[level]));
    }
    return groups.flatMap((g) => order(g, level + 1));
  };
  return order(leaves, 0);
}
