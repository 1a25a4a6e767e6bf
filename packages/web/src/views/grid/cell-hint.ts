/** The hint a hovered cell gives as the grid's tooltip: why its value cannot be shown (a barcode's format). */
import type { GridController } from './grid-controller';
import { MISSING } from './row-cache';

/** The problem of the cell at a point of the scroller (CSS pixels), if the cell has one. */
export function cellProblemAt(g: GridController, x: number, y: number): string | undefined {
  const col = g.layout.colAt(x, g.scrollX);
  const row = g.rowAtY(y);
  const type = g.types[col];
  const column = g.columns[col];
  if (row < 0 || !type?.problem || !column) return undefined;
  const value = g.value(row, col);
  if (value === MISSING) return undefined;
  return type.problem(type.format(value, column), column);
}
