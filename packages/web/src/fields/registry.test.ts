import type { ColumnMeta } from '@rowbase/core/api/meta';
import { UI_TYPES, type UIType } from '@rowbase/core/fields/ui-types';
import { describe, expect, it } from 'vitest';
import { CELL_TYPES, formInputOf } from './registry';

const col = (uidt: UIType, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  id: 'c1',
  fk_model_id: 'm1',
  column_name: 'c',
  title: 'C',
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  un: false,
  ai: false,
  system: false,
  ...extra,
});

const parse = (uidt: UIType, text: string, extra?: Partial<ColumnMeta>) =>
  CELL_TYPES[uidt].parse(text, col(uidt, extra));
const format = (uidt: UIType, value: unknown, extra?: Partial<ColumnMeta>) =>
  CELL_TYPES[uidt].format(value, col(uidt, extra));

describe('cell types', () => {
  it('has a cell type for every UI type, read-only exactly for computed and system ones', () => {
    const readOnly = UI_TYPES.filter((t) => CELL_TYPES[t].editor === null && !CELL_TYPES[t].toggle);
    expect(readOnly.sort()).toEqual(
      [
        'AutoNumber',
        'Barcode',
        'Button',
        'Count',
        'CreateTime',
        'ForeignKey',
        'Formula',
        'ID',
        'LastModifiedTime',
        'Lookup',
        'QrCode',
        'Rollup',
      ].sort(),
    );
  });

  it('validates with the validation messages before saving', () => {
    expect(parse('Email', 'nope')).toEqual({ ok: false, message: 'Validation failed : isEmail' });
    expect(parse('URL', 'not a url')).toEqual({ ok: false, message: 'Validation failed : isURL' });
    expect(parse('PhoneNumber', 'abc')).toEqual({ ok: false, message: 'Validation failed : isMobilePhone' });
    expect(parse('Currency', '1.234')).toEqual({ ok: false, message: 'Validation failed : isCurrency' });
    expect(parse('Email', ' a@b.co ')).toEqual({ ok: true, value: 'a@b.co' });
    expect(parse('Currency', '$12.50')).toEqual({ ok: true, value: 12.5 });
  });

  it('formats numbers, dates and selects for display', () => {
    expect(format('Currency', 1234.5)).toBe('$1,234.50');
    expect(format('Percent', 12)).toBe('12%');
    expect(format('Decimal', 3.14159, { meta: { precision: 2 } })).toBe('3.14');
    expect(format('Duration', 3600)).toBe('1:00');
    expect(format('Date', '2024-03-09')).toBe('2024/03/09');
    expect(format('Date', '2024-03-09', { meta: { date_format: 'DD-MM-YYYY' } })).toBe('09-03-2024');
    expect(format('Time', '14:05:00')).toBe('14:05');
    expect(format('MultiSelect', 'a,b')).toBe('a, b');
    expect(format('Checkbox', 1)).toBe('true');
    expect(format('Lookup', [{ Title: 'x' }, 'y'])).toBe('x, y');
  });

  it('parses typed text into stored values', () => {
    expect(parse('Number', '42')).toEqual({ ok: true, value: 42 });
    expect(parse('Number', '4.2').ok).toBe(false);
    expect(parse('Date', '2024/03/09')).toEqual({ ok: true, value: '2024-03-09' });
    expect(parse('Checkbox', 'yes')).toEqual({ ok: true, value: true });
    expect(parse('Duration', '1:30')).toEqual({ ok: true, value: 5400 });
    expect(parse('JSON', '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parse('JSON', '{a').ok).toBe(false);
    expect(parse('GeoData', '52.5;13.4')).toEqual({ ok: true, value: '52.5;13.4' });
    const options = { colOptions: { options: [{ title: 'red' }, { title: 'blue' }] } };
    expect(parse('MultiSelect', 'red, blue', options)).toEqual({ ok: true, value: 'red,blue' });
    expect(parse('SingleSelect', 'green', options).ok).toBe(false);
    expect(parse('Formula', 'x').ok).toBe(false);
  });
});

describe('form inputs in the registry', () => {
  it('offers the visitor-fillable types on shared forms, each with its input, and leaves the rest out', () => {
    const fillable = Object.keys(CELL_TYPES).filter((uidt) => formInputOf(uidt));
    expect(fillable.sort()).toEqual(
      [
        'SingleLineText',
        'LongText',
        'Email',
        'URL',
        'PhoneNumber',
        'Number',
        'Decimal',
        'Currency',
        'Percent',
        'Rating',
        'Year',
        'Duration',
        'Checkbox',
        'SingleSelect',
        'MultiSelect',
        'Date',
        'DateTime',
        'Time',
        'Attachment',
        'JSON',
        'GeoData',
      ].sort(),
    );
    expect(formInputOf('Currency')).toBe('number');
    expect(formInputOf('Rating')).toBe('rating');
    expect(formInputOf('MultiSelect')).toBe('multiSelect');
    expect(formInputOf('Geometry')).toBeUndefined();
    expect(formInputOf('NoSuchType')).toBeUndefined();
  });
});

describe('click and key hooks', () => {
  it('sets a rating from a typed digit or a clicked star, and clears it when the same star is clicked', () => {
    const rating = CELL_TYPES.Rating;
    const column = col('Rating', { meta: { max: 5 } });
    expect(rating.keyValue?.('4')).toBe(4);
    expect(rating.keyValue?.('x')).toBeUndefined();
    const thirdStar = 8 + 17 * 2 + 5; // padding, two stars with their gaps, into the third
    expect(rating.clickValue?.(thirdStar, 1, column)).toBe(3);
    expect(rating.clickValue?.(thirdStar, 3, column)).toBe(0);
    expect(rating.clickValue?.(8 + 17 * 6, 1, column)).toBeUndefined(); // past the last star
    expect(CELL_TYPES.Checkbox.keyValue).toBeUndefined();
  });

  it('opens a button URL on a plain click', () => {
    expect(CELL_TYPES.Button.clickOpens?.(col('Button', { meta: { url: 'https://example.com' } }))).toBe(
      'https://example.com',
    );
    expect(CELL_TYPES.URL.clickOpens).toBeUndefined();
  });
});
