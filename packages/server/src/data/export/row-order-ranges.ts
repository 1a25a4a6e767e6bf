/**
 * Ranges of a table's row order column (`nc_order`) that split an export of the whole table in row order between
 * two reader threads (sqlite-export-split.ts, docs/imports.md "Rows split between two reader threads"). Both
 * threads compute the same ranges from the same snapshot's bounds, so they agree without a message; each takes
 * every other range, and the main thread writes the ranges out in order.
 */

/** The statements of a split export: its columns for one range of the row order, in row order. */
export interface RowOrderRangeSql {
  /** The rows whose row order is empty (they come first). */
  nulls: string;
  /** The rows with `@lo <= nc_order < @hi`. */
  between: string;
  /** The rows with `nc_order >= @lo` (the last range is open: anything sorting after numbers is in it). */
  from: string;
  /** One row: the least and greatest row order and primary key, each read from its index. */
  bounds: string;
  /** Bound before `@lo`/`@hi` (the select list's, if any). */
  params: unknown[];
}

/** One range: which statement, and its bounds. */
export type RowOrderRange = { sql: 'nulls' } | { sql: 'between'; lo: number; hi: number } | { sql: 'from'; lo: number };

/** The snapshot's bounds, as `bounds` reads them (empty table: all null). */
export type RowOrderBounds = [number | null, number | null, number | null, number | null];

/**
 * The ranges, in row order: the empty row orders, then the span from the least to the greatest cut into pieces of
 * about `rows` rows each, assuming the rows spread evenly over it (a guess from the key span: an uneven spread
 * only makes some ranges bigger, never loses or repeats a row, since the first range is open below and the last
 * open above).
 * @example rowOrderRanges([1, 1000, 1, 1000], 400)
 * // [{sql:'nulls'}, {sql:'between', lo:-Infinity, hi:334}, {sql:'between', lo:334, hi:667}, {sql:'from', lo:667}]
 */
export function rowOrderRanges(bounds: RowOrderBounds, rows: number): RowOrderRange[] {
  const [least, most, firstKey, lastKey] = bounds;
  const ranges: RowOrderRange[] = [{ sql: 'nulls' }];
  const estimate = firstKey === null || lastKey === null ? 0 : lastKey - firstKey + 1;
  const pieces = least === null || most === null || !(most > least) ? 1 : Math.max(1, Math.ceil(estimate / rows));
  const cut = (k: number) => least! + ((most! - least!) * k) / pieces;
  let lo = -Infinity;
  for (let k = 1; k < pieces; k++) {
    const hi = cut(k);
    if (hi > lo) {
      ranges.push({ sql: 'between', lo, hi });
      lo = hi;
    }
  }
  ranges.push({ sql: 'from', lo });
  return ranges;
}
