import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMPORT_OPTIONS,
  flattenRecord,
  jsonRecords,
  planColumns,
  recordsToRows,
} from './import-plan.js';

describe('import options', () => {
  const rows = [
    ['Name', 'Age'],
    ['Ann', '31'],
    ['Bob', '42'],
  ];

  it('autoSelectFieldTypes applies detected types; without it every field is text', () => {
    expect(planColumns(rows, DEFAULT_IMPORT_OPTIONS).map((c) => [c.title, c.uidt])).toEqual([
      ['Name', 'SingleLineText'],
      ['Age', 'Number'],
    ]);
    const plain = planColumns(rows, { ...DEFAULT_IMPORT_OPTIONS, autoSelectFieldTypes: false });
    expect(plain.map((c) => c.uidt)).toEqual(['SingleLineText', 'SingleLineText']);
  });

  it('firstRowAsHeaders off: every row is data and columns are Field N', () => {
    const cols = planColumns(rows, { ...DEFAULT_IMPORT_OPTIONS, firstRowAsHeaders: false });
    expect(cols.map((c) => c.title)).toEqual(['Field 1', 'Field 2']);
    expect(cols[1]!.uidt).toBe('SingleLineText'); // 'Age' is now a value
  });

  it('a ragged row widens the table', () => {
    const cols = planColumns([['a'], ['1', 'extra']], DEFAULT_IMPORT_OPTIONS);
    expect(cols.map((c) => c.title)).toEqual(['a', 'Field 2']);
  });

  it('JSON accepts an array or a single object, and refuses other values', () => {
    expect(jsonRecords({ a: 1 })).toEqual([{ a: 1 }]);
    expect(jsonRecords([{ a: 1 }, { b: 2 }])).toHaveLength(2);
    expect(() => jsonRecords([1])).toThrow('Record 1 of the JSON file is not an object');
    expect(() => jsonRecords([])).toThrow('no records');
  });

  it('normalizeNested flattens nested objects; off keeps them whole', () => {
    const r = { a: 1, b: { c: 2, d: { e: 3 } }, f: [1, 2] };
    expect(flattenRecord(r, true)).toEqual({ a: 1, b_c: 2, b_d_e: 3, f: [1, 2] });
    expect(flattenRecord(r, false)).toBe(r);
    expect(recordsToRows([{ a: 1 }, { b: 2, a: 3 }])).toEqual([
      ['a', 'b'],
      [1, undefined],
      [3, 2],
    ]);
  });
});
