/**
 * Where a popup editor (select list, record picker, attachments) goes over its cell: at the cell's top-left
 * corner, moved left and up just enough to stay inside the grid area, so a picker opened in the last visible
 * column or the bottom rows keeps its buttons on screen.
 */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const MARGIN = 4;

/** @example placePopup({ x: 900, y: 40, w: 200, h: 32 }, 320, 300, 1000, 600) // { x: 676, y: 40 } */
export function placePopup(
  cell: Box,
  width: number,
  height: number,
  areaWidth: number,
  areaHeight: number,
): { x: number; y: number } {
  const x = Math.max(0, Math.min(cell.x, areaWidth - width - MARGIN));
  const y = Math.max(0, Math.min(cell.y, areaHeight - height - MARGIN));
  return { x, y };
}
