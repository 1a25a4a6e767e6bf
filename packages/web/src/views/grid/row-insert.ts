/**
 * Inserting a row between others (row menu: insert above / below). It needs the table's row-order column
 * (`nc_order`, which tables Rowbase creates have) and rows shown in that order: no sort and no grouping, or
 * the new row would not stay where it was put. "Insert below row X" is "insert before the row after X", or a
 * plain append when X is the last row.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { hasRowOrder } from '@rowbase/core/fields/row-order';
import type { CellType } from '../../fields/cell-type';
import type { RowPlace } from './grid-edits';

export type InsertBlock = 'grid.noRowOrder' | 'grid.rowOrderNeedsNoSort';

/** Why rows cannot be inserted between others (an i18n key for the tooltip), or undefined when they can. */
export function insertBlock(
  columns: readonly ColumnMeta[],
  sorts: number,
  grouped: boolean,
): InsertBlock | undefined {
  if (!hasRowOrder(columns)) return 'grid.noRowOrder';
  if (sorts > 0 || grouped) return 'grid.rowOrderNeedsNoSort';
  return undefined;
}

/** Where a row inserted above or below cache row `row` goes; `idAt` reads a row's id (loading it if need be). */
export async function insertPlace(
  row: number,
  where: 'above' | 'below',
  rowCount: number,
  idAt: (index: number) => Promise<unknown>,
): Promise<RowPlace> {
  const index = where === 'above' ? row : row + 1;
  if (index >= rowCount) return { index: rowCount };
  const before = await idAt(index);
  return before === undefined ? { index: rowCount } : { index, before };
}

/** The first shown column a user can type into (0 when none is). */
export function firstEditableColumn(types: readonly Pick<CellType, 'editor'>[]): number {
  const i = types.findIndex((t) => t.editor !== null);
  return i < 0 ? 0 : i;
}
