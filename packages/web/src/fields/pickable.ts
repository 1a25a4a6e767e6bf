/**
 * Which fields a picker offers (filter, sort, group, the lookup or rollup target, the link a lookup follows):
 * system fields — the row-order column, foreign-key columns of links, created/updated columns and the primary
 * key — only while "show system fields" is on, and the row-order column never (its order is the rows' order).
 */
import { isIdColumn } from '@rowbase/core/fields/traits';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';

export function isPickable(c: ColumnMeta, showSystem = false): boolean {
  if (isRowOrderColumn(c)) return false;
  if (isIdColumn(c)) return showSystem;
  return !c.system || showSystem;
}

export function pickableFields(columns: readonly ColumnMeta[] | undefined, showSystem = false): ColumnMeta[] {
  return (columns ?? []).filter((c) => isPickable(c, showSystem));
}
