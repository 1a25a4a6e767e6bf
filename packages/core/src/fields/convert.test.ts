import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from '../api/meta.js';
import { isEmail } from './checkers.js';
import { INVALID_CELL, type CellContext } from './field-type.js';
import { exactIsoDate, isCalendarDay } from './iso-date.js';
import { FIELD_TYPES } from './registry.js';

const ctx = (uidt: ColumnMeta['uidt'], options?: string[]): CellContext => ({
  column: {
    title: 'F',
    uidt,
    dtxp: null,
    dtxs: null,
    meta: null,
    colOptions: options
      ? ({ options: options.map((title) => ({ title })) } as ColumnMeta['colOptions'])
      : null,
    rqd: false,
  },
  dialect: 'sqlite',
});

/** What `convert` answers, next to what `coerce` answers, for one value. */
function both(uidt: ColumnMeta['uidt'], value: unknown, options?: string[]) {
  const def = FIELD_TYPES[uidt];
  return { convert: def.convert!(value, ctx(uidt, options)), coerce: def.coerce!(value, ctx(uidt, options)) };
}

describe('convert, the fast path of coerce', () => {
  it('gives the value coerce gives, or INVALID_CELL where coerce refuses with its message', () => {
    expect(both('Number', ' 42 ')).toEqual({ convert: 42, coerce: { ok: true, value: 42 } });
    expect(both('Number', '4.5')).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: "Invalid value '4.5' for field 'F': an integer is expected" },
    });
    expect(both('Decimal', '')).toEqual({ convert: null, coerce: { ok: true, value: null } });
    expect(both('Checkbox', ' Yes ')).toEqual({ convert: true, coerce: { ok: true, value: true } });
    expect(both('Date', '2024-02-29')).toEqual({
      convert: '2024-02-29',
      coerce: { ok: true, value: '2024-02-29' },
    });
    expect(both('Date', '5/1/2024')).toEqual({
      convert: '2024-05-01',
      coerce: { ok: true, value: '2024-05-01' },
    });
    expect(both('Date', '2023-02-29')).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: "Invalid date '2023-02-29' for field 'F'" },
    });
    expect(both('Email', ' a@b.io ')).toEqual({ convert: 'a@b.io', coerce: { ok: true, value: 'a@b.io' } });
    expect(both('Email', 'a@b')).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: 'Validation failed : isEmail' },
    });
    expect(both('Email', {})).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: "Invalid value {} for field 'F': text expected" },
    });
    expect(both('SingleSelect', 'red', ['red'])).toEqual({
      convert: 'red',
      coerce: { ok: true, value: 'red' },
    });
    expect(both('SingleSelect', 'pink', ['red'])).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: 'Invalid option(s) "pink" provided for column "F"' },
    });
    expect(both('SingleSelect', true, ['red'])).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: "Invalid value true for field 'F': an option title is expected" },
    });
  });

  it('is read off coerce for types written without cellCoercer', () => {
    expect(both('Percent', '12%')).toEqual({ convert: 12, coerce: { ok: true, value: 12 } });
    expect(both('JSON', '{')).toEqual({
      convert: INVALID_CELL,
      coerce: { ok: false, error: "Invalid JSON for field 'F'" },
    });
  });

  it('is absent where coerce is (computed fields)', () => {
    expect(FIELD_TYPES.Formula.convert).toBeUndefined();
  });
});

describe('dates without a Date object', () => {
  it('reads exactly YYYY-MM-DD and nothing else', () => {
    expect(exactIsoDate('2024-02-30')).toBe(20240230);
    expect(exactIsoDate('0001-01-01')).toBe(10101);
    expect(exactIsoDate('2024-1-05')).toBe(-1);
    expect(exactIsoDate(' 2024-01-05')).toBe(-1);
    expect(exactIsoDate('2024/01/05')).toBe(-1);
    expect(exactIsoDate('2024-01-0x')).toBe(-1);
  });

  it('knows leap years and month lengths', () => {
    expect([2000, 2024, 1900, 2023].map((y) => isCalendarDay(y, 2, 29))).toEqual([true, true, false, false]);
    expect(isCalendarDay(2024, 4, 31)).toBe(false);
    expect(isCalendarDay(2024, 13, 1)).toBe(false);
    expect(isCalendarDay(2024, 12, 0)).toBe(false);
  });

  it('refuses years before 100 as the Date-based check did', () => {
    expect(both('Date', '0099-12-31').convert).toBe(INVALID_CELL);
    expect(both('Date', '0100-01-01').convert).toBe('0100-01-01');
  });
});

describe('isEmail, read in one pass', () => {
  it('applies every rule of the address', () => {
    const accepted = ['a@b.io', "o'neil+tag@mail.example.org", 'x@münchen.de', 'x@a-b.xn--p1ai', 'x@1.co'];
    const refused = [
      '@b.io', // no local part
      'a@b@c.io', // two @
      '.a@b.io', // local starts with a dot
      'a.@b.io', // local ends with a dot
      'a..b@c.io', // two dots
      'a b@c.io', // space
      'a@b\u3000c.io', // ideographic space in the domain
      'a(b@c.io', // character not allowed in the local part
      'a@io', // one label
      'a@b..io', // empty label
      'a@-b.io', // label starting with a hyphen
      'a@b-.io', // label ending with a hyphen
      'a@b.c', // one-letter top-level domain
      'a@b.c0m', // digit in the top-level domain
      'a@b.xn--a', // punycode top-level domain too short
      `${'a'.repeat(65)}@b.io`, // local part over 64
      `a@${'b'.repeat(64)}.io`, // label over 63
      `a@${'b.'.repeat(126)}io`, // over 254 characters
    ];
    expect(accepted.map(isEmail)).toEqual(accepted.map(() => true));
    expect(refused.filter(isEmail)).toEqual([]);
  });
});
