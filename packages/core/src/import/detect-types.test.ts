import { describe, expect, it } from 'vitest';
import { detectColumnType, detectSelect, detectSheetColumnType, MAX_SELECT_OPTIONS } from './detect-types.js';
import { cleanHeaders } from './headers.js';
import { mostFrequentDateFormat } from './date-formats.js';
import { importValue } from './import-value.js';

describe('import type detection', () => {
  it('LongText when any value has a line break or exceeds 255 characters', () => {
    expect(detectColumnType(['a', 'b\nc']).uidt).toBe('LongText');
    expect(detectColumnType(['a', 'x'.repeat(256)]).uidt).toBe('LongText');
    expect(detectColumnType(['a', 'x'.repeat(255)]).uidt).not.toBe('LongText');
  });

  it('Email when any value looks like an e-mail, URL when any is a URL', () => {
    expect(detectColumnType(['nobody', 'ann@example.com', 'x']).uidt).toBe('Email');
    expect(detectColumnType(['home', 'https://example.com/a']).uidt).toBe('URL');
    expect(detectColumnType(['www.example.org']).uidt).toBe('URL');
  });

  it.each([
    [['checked', 'unchecked', 'Checked']],
    [['x', 'X', '']],
    [['yes', 'No', 'YES']],
    [['y', 'n']],
    [['1', '0', '1']],
    [['[x]', '[ ]']],
    [['✓', '✗', '✔']],
    [['enabled', 'disabled']],
    [['on', 'off']],
    [['done', 'Done']],
    [['true', 'FALSE']],
  ])('Checkbox when every value is in one vocabulary: %j', (values) => {
    expect(detectColumnType(values).uidt).toBe('Checkbox');
  });

  it('not Checkbox when values mix two vocabularies', () => {
    expect(detectColumnType(['yes', 'off', 'yes', 'off']).uidt).not.toBe('Checkbox');
  });

  it('Number for integers, Decimal if any value is not an integer', () => {
    expect(detectColumnType(['1', '22', '-3', 4]).uidt).toBe('Number');
    expect(detectColumnType(['1', '2.5', '3']).uidt).toBe('Decimal');
    expect(detectColumnType([1, 2.25]).uidt).toBe('Decimal');
  });

  it('Date with the most frequent format, default YYYY/MM/DD', () => {
    expect(detectColumnType(['2024-01-05', '2024-02-06', '2024/03/07'])).toEqual({
      uidt: 'Date',
      dateFormat: 'YYYY-MM-DD',
    });
    // 25/12/2024 can only be day-first: DD/MM/YYYY wins over MM/DD/YYYY.
    expect(detectColumnType(['25/12/2024', '01/02/2024', '13/01/2024']).dateFormat).toBe('DD/MM/YYYY');
    expect(detectColumnType([new Date(Date.UTC(2024, 0, 2))]).dateFormat).toBe('YYYY/MM/DD');
    expect(mostFrequentDateFormat(['2024-13-01'])).toBeUndefined();
    expect(detectColumnType(['2024-01-05 10:00']).uidt).not.toBe('Date');
  });

  it('SingleSelect when distinct values are at most half the total', () => {
    expect(detectColumnType(['red', 'blue', 'red', 'blue'])).toMatchObject({
      uidt: 'SingleSelect',
      options: ['red', 'blue'],
    });
    expect(detectColumnType(['red', 'blue', 'green', 'red']).uidt).toBe('SingleLineText');
  });

  it('MultiSelect when values split on commas; single quotes doubled in the option list', () => {
    const d = detectSelect(['a, b', 'b', "O'Neil", 'a', "O'Neil, a", 'b']);
    expect(d.uidt).toBe('MultiSelect');
    expect(d.options).toEqual(['a', 'b', "O'Neil"]);
    expect(d.dtxp).toBe("'a','b','O''Neil'");
  });

  it('more than 64 distinct values is plain text with select disabled', () => {
    const values = Array.from({ length: 400 }, (_, i) => `v${i % (MAX_SELECT_OPTIONS + 1)}`);
    expect(detectSelect(values)).toEqual({ uidt: 'SingleLineText', selectDisabled: true });
    const ok = Array.from({ length: 400 }, (_, i) => `v${i % MAX_SELECT_OPTIONS}`);
    expect(detectSelect(ok).uidt).toBe('SingleSelect');
  });

  it('Excel numbers are Currency when every formatted text starts with $, text if any is not numeric', () => {
    expect(
      detectSheetColumnType([
        { value: 10, formatted: '$10.00' },
        { value: 2.5, formatted: '$2.50' },
      ]).uidt,
    ).toBe('Currency');
    expect(
      detectSheetColumnType([
        { value: 10, formatted: '$10.00' },
        { value: 3, formatted: '3' },
      ]).uidt,
    ).toBe('Number');
    expect(detectSheetColumnType([{ value: 10 }, { value: 'n/a' }]).uidt).toBe('SingleLineText');
  });

  it('an all-empty column is text', () => {
    expect(detectColumnType(['', null, undefined]).uidt).toBe('SingleLineText');
  });
});

describe('header cleaning', () => {
  it('special characters become underscores, duplicates get a counter, missing become Field N', () => {
    expect(cleanHeaders(['Name', 'e-mail', 'Name', '', null, 'a.b', 'name'])).toEqual([
      'Name',
      'e_mail',
      'Name_1',
      'Field 4',
      'Field 5',
      'a_b',
      'name_2',
    ]);
  });
});

describe('imported values', () => {
  it('reads vocabulary words as booleans and dates in the detected format', () => {
    expect(importValue('Yes', { uidt: 'Checkbox' })).toBe(true);
    expect(importValue('off', { uidt: 'Checkbox' })).toBe(false);
    expect(importValue('05/01/2024', { uidt: 'Date', dateFormat: 'DD/MM/YYYY' })).toBe('2024-01-05');
    expect(importValue('05/01/2024', { uidt: 'Date', dateFormat: 'MM/DD/YYYY' })).toBe('2024-05-01');
    expect(importValue('a , b', { uidt: 'MultiSelect' })).toBe('a,b');
    expect(importValue('  ', { uidt: 'Number' })).toBeNull();
    expect(importValue({ value: 3, formatted: '$3' }, { uidt: 'Currency' })).toBe(3);
  });
});
