/**
 * The row-order column: tables Rowbase creates get a hidden system column `nc_order` (a double) that holds each
 * row's place when no sort applies, as NocoDB's tables do. New rows go last (max + 1); a row inserted before
 * another gets the midpoint between that row and the one before it.
 */

/** The physical name (and title) of the row-order column. */
export const ROW_ORDER_COLUMN = 'nc_order';

/** Whether a column is the table's row-order column (a system column named `nc_order`). */
export function isRowOrderColumn(c: { column_name?: string | null; system?: boolean | null }): boolean {
  return !!c.system && c.column_name === ROW_ORDER_COLUMN;
}

/** Whether a table has the row-order column. */
export function hasRowOrder(
  columns: readonly { column_name?: string | null; system?: boolean | null }[],
): boolean {
  return columns.some(isRowOrderColumn);
}

/**
 * `count` increasing orders strictly between `after` and `before`, evenly spaced; undefined when doubles cannot
 * tell them apart any more (the table's orders must then be renumbered).
 * @example ordersBetween(1, 2, 1) // [1.5]
 */
export function ordersBetween(after: number, before: number, count: number): number[] | undefined {
  const out: number[] = [];
  let last = after;
  for (let i = 1; i <= count; i++) {
    const v = after + ((before - after) * i) / (count + 1);
    if (!(v > last && v < before)) return undefined;
    out.push(v);
    last = v;
  }
  return out;
}
