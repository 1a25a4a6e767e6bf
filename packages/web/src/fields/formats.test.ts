import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { formatParts, localParts, parseParts, toDateString } from './dates';
import { formatCurrency, formatDuration, parseDuration, parseNumber } from './number-formats';
import { cellTypeOf } from './registry';
import { validate } from './validators';

describe('validators', () => {
  it('answers the validation message for bad input and nothing for good or empty input', () => {
    expect(validate('isEmail', 'not-an-email')).toBe('Validation failed : isEmail');
    expect(validate('isEmail', 'a.b@example.com')).toBeUndefined();
    expect(validate('isEmail', '')).toBeUndefined();
    expect(validate('isURL', 'https://rowbase.dev/x?y=1')).toBeUndefined();
    expect(validate('isURL', 'example.com')).toBeUndefined();
    expect(validate('isURL', 'not a url')).toBe('Validation failed : isURL');
    expect(validate('isMobilePhone', '+1 (415) 555-0100')).toBeUndefined();
    expect(validate('isMobilePhone', '12ab')).toBe('Validation failed : isMobilePhone');
    expect(validate('isCurrency', '$1,234.50')).toBeUndefined();
    expect(validate('isCurrency', '12.345')).toBe('Validation failed : isCurrency');
  });
});

describe('dates', () => {
  const p = { year: 2024, month: 3, day: 9, hour: 14, minute: 5, second: 7 };
  it('formats with the default formats and other formats', () => {
    expect(formatParts(p, 'YYYY/MM/DD')).toBe('2024/03/09');
    expect(formatParts(p, 'HH:mm')).toBe('14:05');
    expect(formatParts(p, 'DD-MM-YYYY hh:mm A')).toBe('09-03-2024 02:05 PM');
  });
  it('parses typed dates in the display format or ISO, refusing impossible ones', () => {
    expect(parseParts('2024/03/09', 'YYYY/MM/DD')).toMatchObject({ year: 2024, month: 3, day: 9 });
    expect(parseParts('2024-03-09', 'DD/MM/YYYY')).toMatchObject({ year: 2024, month: 3, day: 9 });
    expect(parseParts('2024/02/30', 'YYYY/MM/DD')).toBeUndefined();
    expect(parseParts('02:30 PM', 'hh:mm A')).toMatchObject({ hour: 14, minute: 30 });
    expect(toDateString(parseParts('9/3/2024', 'DD/MM/YYYY')!)).toBe('2024-03-09');
  });
  it('reads zone-less database date-times as UTC', () => {
    const utc = localParts('2024-03-09 12:00:00')!;
    const d = new Date(Date.UTC(2024, 2, 9, 12));
    expect(utc.hour).toBe(d.getHours());
  });
});

describe('number formats', () => {
  it('formats and parses durations', () => {
    expect(formatDuration(5400, 0)).toBe('1:30');
    expect(formatDuration(5425.5, 1)).toBe('1:30:25');
    expect(formatDuration(5425.5, 2)).toBe('1:30:25.5');
    expect(parseDuration('1:30')).toBe(5400);
    expect(parseDuration('1:30:25.5')).toBe(5425.5);
    expect(parseDuration('90')).toBe(5400);
    expect(parseDuration('x')).toBeUndefined();
  });
  it('formats currency and parses pasted numbers', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(3, 'de-DE', 'EUR')).toMatch(/3,00\s€/);
    expect(parseNumber('1,234.5')).toBe(1234.5);
    expect(parseNumber('12%')).toBe(12);
    expect(parseNumber('abc')).toBeUndefined();
  });
});

describe('precision of decimal, currency and percent cells', () => {
  const col = (uidt: 'Decimal' | 'Currency' | 'Percent', meta: Record<string, unknown>) =>
    ({ id: 'c', title: 'N', uidt, meta }) as unknown as ColumnMeta;
  it('shows the chosen decimal places', () => {
    expect(cellTypeOf('Decimal').format(1.5, col('Decimal', { precision: 3 }))).toBe('1.500');
    expect(cellTypeOf('Percent').format(12.345, col('Percent', { precision: 1 }))).toBe('12.3%');
    expect(cellTypeOf('Percent').format(12.345, col('Percent', {}))).toBe('12.345%');
    expect(cellTypeOf('Currency').format(3, col('Currency', { precision: 0 }))).toBe('$3');
    expect(formatCurrency(3.5)).toBe('$3.50');
  });
});
