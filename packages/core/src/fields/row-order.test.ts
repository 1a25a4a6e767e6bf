import { describe, expect, it } from 'vitest';
import { hasRowOrder, isRowOrderColumn, ordersBetween } from './row-order.js';

describe('row order', () => {
  it('spaces new orders evenly between two neighbours', () => {
    expect(ordersBetween(1, 2, 1)).toEqual([1.5]);
    expect(ordersBetween(0, 4, 3)).toEqual([1, 2, 3]);
    expect(ordersBetween(-1, 0, 0)).toEqual([]);
  });

  it('says when doubles cannot hold a value between the neighbours any more', () => {
    let a = 1;
    const b = 2;
    let halvings = 0;
    for (;;) {
      const got = ordersBetween(a, b, 1);
      if (!got) break;
      a = got[0]!;
      halvings++;
    }
    // A double has 52 fraction bits: between 1 and 2 there is room for about that many halvings.
    expect(halvings).toBeGreaterThan(40);
    expect(halvings).toBeLessThan(60);
    expect(ordersBetween(a, b, 1)).toBeUndefined();
    expect(ordersBetween(5, 5, 1)).toBeUndefined();
  });

  it('knows the row-order column only as a system column named nc_order', () => {
    expect(isRowOrderColumn({ column_name: 'nc_order', system: true })).toBe(true);
    expect(isRowOrderColumn({ column_name: 'nc_order', system: false })).toBe(false);
    expect(isRowOrderColumn({ column_name: 'order', system: true })).toBe(false);
    expect(hasRowOrder([{ column_name: 'id' }, { column_name: 'nc_order', system: true }])).toBe(true);
    expect(hasRowOrder([{ column_name: 'id' }])).toBe(false);
  });
});
