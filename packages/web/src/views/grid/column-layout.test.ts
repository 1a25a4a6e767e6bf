import { describe, expect, it } from 'vitest';
import { ColumnLayout, moveItem } from './column-layout';

describe('ColumnLayout', () => {
  const layout = new ColumnLayout([100, 100, 200, 150, 100], 1, 50);

  it('keeps frozen columns in place while the rest scroll', () => {
    expect(layout.screenX(0, 120)).toBe(50);
    expect(layout.screenX(1, 0)).toBe(150);
    expect(layout.screenX(1, 120)).toBe(30); // under the frozen column, hidden by it when drawn
    expect(layout.colAt(60, 120)).toBe(0); // over the frozen column
    expect(layout.colAt(160, 120)).toBe(2); // content x 230: third column
    expect(layout.colAt(10, 0)).toBe(-1); // the gutter
  });

  it('reports the visible scrolling columns only', () => {
    expect(layout.visibleRange(0, 400)).toEqual([1, 2]);
    expect(layout.visibleRange(250, 400)).toEqual([2, 4]);
    expect(layout.visibleRange(300, 400)).toEqual([3, 4]);
    expect(layout.maxScroll(400)).toBe(650 - 350);
  });

  it('finds the resize handle on column borders', () => {
    expect(layout.resizeHandleAt(150, 0)).toBe(0);
    expect(layout.resizeHandleAt(252, 0)).toBe(1);
    expect(layout.resizeHandleAt(200, 0)).toBe(-1);
  });

  it('reorders columns', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});
