import { describe, expect, it } from 'vitest';
import { extendTo, move, rangeOf, single, tab } from './selection';

const bounds = { rows: 100, cols: 5, pageRows: 20 };

describe('selection', () => {
  it('moves with arrows and stays inside the grid', () => {
    expect(move(single(0, 0), 'ArrowUp', bounds).active).toEqual({ row: 0, col: 0 });
    expect(move(single(0, 0), 'ArrowDown', bounds).active).toEqual({ row: 1, col: 0 });
    expect(move(single(3, 4), 'ArrowRight', bounds).active).toEqual({ row: 3, col: 4 });
    expect(move(single(3, 2), 'ArrowDown', bounds, { jump: true }).active).toEqual({ row: 99, col: 2 });
  });

  it('handles Home/End and the page keys', () => {
    expect(move(single(7, 3), 'Home', bounds).active).toEqual({ row: 7, col: 0 });
    expect(move(single(7, 1), 'End', bounds).active).toEqual({ row: 7, col: 4 });
    expect(move(single(7, 1), 'End', bounds, { jump: true }).active).toEqual({ row: 99, col: 4 });
    expect(move(single(90, 1), 'PageDown', bounds).active.row).toBe(99);
    expect(move(single(30, 1), 'PageUp', bounds).active.row).toBe(10);
  });

  it('extends a range with shift and reads it back', () => {
    let sel = move(single(2, 2), 'ArrowDown', bounds, { extend: true });
    sel = move(sel, 'ArrowLeft', bounds, { extend: true });
    expect(rangeOf(sel)).toEqual({ top: 2, bottom: 3, left: 1, right: 2 });
    expect(rangeOf(extendTo(single(5, 4), { row: 1, col: 0 }))).toEqual({
      top: 1,
      bottom: 5,
      left: 0,
      right: 4,
    });
  });

  it('tabs across rows', () => {
    expect(tab(single(0, 4), false, bounds).active).toEqual({ row: 1, col: 0 });
    expect(tab(single(1, 0), true, bounds).active).toEqual({ row: 0, col: 4 });
  });
});
