import { describe, expect, it } from 'vitest';
import { dateFormatsOf, readDate } from './date-formats.js';
import { importValue } from './import-value.js';

describe('import date formats', () => {
  it('knows month lengths and leap years', () => {
    expect(dateFormatsOf('2024-02-29')).toEqual(['YYYY-MM-DD']);
    expect(dateFormatsOf('2000-02-29')).toEqual(['YYYY-MM-DD']);
    expect(dateFormatsOf('2023-02-29')).toEqual([]);
    expect(dateFormatsOf('1900-02-29')).toEqual([]);
    expect(dateFormatsOf('2024-04-31')).toEqual([]);
    expect(readDate('31/12/2024', 'DD/MM/YYYY')).toEqual({ y: 2024, m: 12, d: 31 });
    expect(readDate('31/12/2024', 'MM/DD/YYYY')).toBeUndefined();
  });

  it('reads a value in the column format, else in the first format it fits, else keeps the text', () => {
    const column = { uidt: 'Date' as const, dateFormat: 'MM/DD/YYYY' };
    expect(importValue('04/05/2024', column)).toBe('2024-04-05');
    expect(importValue('25/12/2024', column)).toBe('2024-12-25');
    expect(importValue('2024-03-05', column)).toBe('2024-03-05');
    expect(importValue('someday', column)).toBe('someday');
  });
});
