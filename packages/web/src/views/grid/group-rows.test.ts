import { describe, expect, it } from 'vitest';
import { GroupRows, groupKey, orderGroupsLikeRows } from './group-rows';

describe('GroupRows', () => {
  const groups = [
    { value: null, count: 2 },
    { value: 'closed', count: 3 },
    { value: 'open', count: 1_000_000 },
  ];

  it('puts a header above each group and maps visual rows to data rows', () => {
    const g = new GroupRows(groups);
    expect(g.visualCount).toBe(3 + 1_000_005);
    expect(g.header(0)).toMatchObject({ value: null, count: 2 });
    expect(g.dataRow(0)).toBe(-1);
    expect(g.dataRow(1)).toBe(0);
    expect(g.dataRow(2)).toBe(1);
    expect(g.header(3)).toMatchObject({ value: 'closed' });
    expect(g.dataRow(4)).toBe(2);
    expect(g.dataRow(8)).toBe(5);
    expect(g.dataRow(1_000_007)).toBe(1_000_004);
  });

  it('hides the rows of collapsed groups and loads only what shows', () => {
    const g = new GroupRows(groups, new Set([groupKey('closed')]));
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

describe('orderGroupsLikeRows', () => {
  it('orders select groups by option order, empty first, as rows sort', () => {
    const options = [{ title: 'open' }, { title: 'closed' }];
    const groups = [
      { value: 'closed', count: 1 },
      { value: 'open', count: 2 },
      { value: null, count: 3 },
    ];
    expect(orderGroupsLikeRows(options, groups).map((g) => g.value)).toEqual([null, 'open', 'closed']);
    expect(orderGroupsLikeRows(undefined, groups)).toEqual(groups);
  });
});
