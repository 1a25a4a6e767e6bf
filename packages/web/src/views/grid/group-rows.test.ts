import { describe, expect, it } from 'vitest';
import { GroupRows, orderGroupsLikeRows } from './group-rows';

describe('GroupRows with one level', () => {
  const groups = [
    { values: [null], count: 2 },
    { values: ['closed'], count: 3 },
    { values: ['open'], count: 1_000_000 },
  ];

  it('puts a header above each group and maps visual rows to data rows', () => {
    const g = new GroupRows(groups);
    expect(g.visualCount).toBe(3 + 1_000_005);
    expect(g.header(0)).toMatchObject({ level: 0, value: null, count: 2 });
    expect(g.dataRow(0)).toBe(-1);
    expect(g.dataRow(1)).toBe(0);
    expect(g.dataRow(2)).toBe(1);
    expect(g.header(3)).toMatchObject({ value: 'closed' });
    expect(g.dataRow(4)).toBe(2);
    expect(g.dataRow(8)).toBe(5);
    expect(g.dataRow(1_000_007)).toBe(1_000_004);
    expect(g.dataRow(1_000_008)).toBe(-1);
  });

  it('hides the rows of collapsed groups and loads only what shows', () => {
    const closed = new GroupRows(groups).header(3)!.key;
    const g = new GroupRows(groups, new Set([closed]));
    expect(g.visualCount).toBe(3 + 2 + 1_000_000);
    expect(g.header(3)).toMatchObject({ value: 'closed', collapsed: true });
    expect(g.header(4)).toMatchObject({ value: 'open' });
    expect(g.dataRow(5)).toBe(5);
    expect(g.segments(0, 10)).toEqual([
      [0, 1],
      [5, 10],
    ]);
  });
});

describe('GroupRows with nested levels', () => {
  // Status > Priority: open/high 2, open/low 3, closed/high 1.
  const leaves = [
    { values: ['open', 'high'], count: 2 },
    { values: ['open', 'low'], count: 3 },
    { values: ['closed', 'high'], count: 1 },
  ];

  it('draws a header per level with the count of everything under it', () => {
    const g = new GroupRows(leaves);
    // open(5) high(2) r0 r1 low(3) r2 r3 r4 closed(1) high(1) r5
    expect(g.visualCount).toBe(11);
    expect(g.header(0)).toMatchObject({ level: 0, value: 'open', count: 5 });
    expect(g.header(1)).toMatchObject({ level: 1, value: 'high', count: 2 });
    expect([g.dataRow(2), g.dataRow(3)]).toEqual([0, 1]);
    expect(g.header(4)).toMatchObject({ level: 1, value: 'low', count: 3 });
    expect(g.dataRow(7)).toBe(4);
    expect(g.header(8)).toMatchObject({ level: 0, value: 'closed', count: 1 });
    expect(g.header(9)).toMatchObject({ level: 1, value: 'high', count: 1 });
    expect(g.dataRow(10)).toBe(5);
    // Contiguous data rows across sub-groups load as one segment.
    expect(g.segments(0, 11)).toEqual([[0, 5]]);
  });

  it('collapses a sub-group alone, or a whole group with its sub-groups', () => {
    const full = new GroupRows(leaves);
    const openHigh = full.header(1)!.key;
    const open = full.header(0)!.key;
    const sub = new GroupRows(leaves, new Set([openHigh]));
    expect(sub.visualCount).toBe(9);
    expect(sub.header(1)).toMatchObject({ value: 'high', collapsed: true });
    expect(sub.header(2)).toMatchObject({ value: 'low' });
    expect(sub.dataRow(3)).toBe(2);
    // The same value under another parent is another group.
    expect(sub.header(7)).toMatchObject({ level: 1, value: 'high', collapsed: false });
    const whole = new GroupRows(leaves, new Set([open]));
    expect(whole.visualCount).toBe(4);
    expect(whole.header(0)).toMatchObject({ value: 'open', collapsed: true });
    expect(whole.header(1)).toMatchObject({ value: 'closed' });
    expect(whole.dataRow(3)).toBe(5);
    expect(whole.segments(0, 3)).toEqual([[5, 5]]);
  });
});

describe('orderGroupsLikeRows', () => {
  it('orders select levels by option order, empty first, keeping the reply order elsewhere', () => {
    const status = [{ title: 'open' }, { title: 'closed' }];
    const leaves = [
      { values: ['closed', 'a'], count: 1 },
      { values: [null, 'b'], count: 1 },
      { values: ['open', 'a'], count: 2 },
      { values: ['open', 'c'], count: 2 },
    ];
    expect(orderGroupsLikeRows([status, undefined], leaves).map((g) => g.values)).toEqual([
      [null, 'b'],
      ['open', 'a'],
      ['open', 'c'],
      ['closed', 'a'],
    ]);
    expect(orderGroupsLikeRows([undefined, undefined], leaves)).toEqual(leaves);
  });
});
