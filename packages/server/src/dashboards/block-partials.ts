/**
 * Partial aggregates of groups within blocks of primary keys, and how they add up (docs/dashboards.md "Speed"):
 * partials of the same group add (rows, values, sums) or take the smaller and larger extreme, so blocks can be
 * merged into the widget's answer, or two neighbouring blocks into one twice as large, without reading again.
 */

/** One group's partial aggregate within a block. */
export interface Partial {
  /** Rows. */
  n: number;
  /** Non-empty values of the aggregated field. */
  c: number;
  s: number;
  /**
   * The rounding error of `s` so far when block sums were added up (compensated summation, as SQLite sums):
   * the merged sum is `s + e`.
   */
  e?: number;
  min: number | null;
  max: number | null;
  /**
   * SQLite keeps decimals as floating point: there, the sum of the values scaled to whole units of the field's
   * last place (`si`) and how many values have no more places than that (`fit`), so block sums add up exactly.
   */
  si?: number;
  fit?: number;
}

/** A group's raw key as the database returned it, with its partial. */
export interface GroupPartial {
  raw: unknown;
  p: Partial;
}

const keyOf = (raw: unknown) => JSON.stringify(raw ?? null);

/** Adds `p` into `into`. */
function add(into: Partial, p: Partial): void {
  into.n += p.n;
  into.c += p.c;
  // Neumaier's compensated summation: the low bits lost when adding are kept in `e`.
  const t = into.s + p.s;
  const lost = Math.abs(into.s) >= Math.abs(p.s) ? into.s - t + p.s : p.s - t + into.s;
  into.e = (into.e ?? 0) + lost + (p.e ?? 0);
  into.s = t;
  if (into.si !== undefined || p.si !== undefined) {
    into.si = (into.si ?? 0) + (p.si ?? 0);
    into.fit = (into.fit ?? 0) + (p.fit ?? 0);
  }
  into.min = into.min === null ? p.min : p.min === null ? into.min : Math.min(into.min, p.min);
  into.max = into.max === null ? p.max : p.max === null ? into.max : Math.max(into.max, p.max);
}

/** The sum of a partial, its compensation added. */
export const sumOf = (p: Partial) => p.s + (p.e ?? 0);

/** The groups of several lists of partials, partials of the same group added up (the inputs are not changed). */
export function mergePartials(lists: Iterable<GroupPartial[]>): GroupPartial[] {
  const groups = new Map<string, GroupPartial>();
  for (const parts of lists) {
    for (const { raw, p } of parts) {
      const key = keyOf(raw);
      const g = groups.get(key);
      if (g) add(g.p, p);
      else groups.set(key, { raw, p: { ...p } });
    }
  }
  return [...groups.values()];
}

/**
 * Blocks of `size` keys merged pairwise into blocks of twice the size (block b goes to b / 2): fewer partials
 * when the same groups recur in neighbouring blocks.
 */
export function coalesceBlocks(blocks: Map<number, GroupPartial[]>): Map<number, GroupPartial[]> {
  const pairs = new Map<number, GroupPartial[][]>();
  for (const [b, parts] of blocks) {
    const to = Math.floor(b / 2);
    const list = pairs.get(to);
    if (list) list.push(parts);
    else pairs.set(to, [parts]);
  }
  const out = new Map<number, GroupPartial[]>();
  for (const [b, lists] of pairs) out.set(b, lists.length === 1 ? lists[0]! : mergePartials(lists));
  return out;
}

export function countPartials(blocks: Map<number, GroupPartial[]>): number {
  let n = 0;
  for (const parts of blocks.values()) n += parts.length;
  return n;
}
