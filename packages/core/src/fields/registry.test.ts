import { describe, expect, it } from 'vitest';
import { isCurrency, isEmail, isMobilePhone, isURL } from './checkers.js';
import {
  columnRuleProblem,
  defaultLength,
  parseOptionList,
  quoteOptionList,
  selectDbType,
  takesScale,
} from './column-rules.js';
import { DIALECTS } from './field-type.js';
import { FIELD_TYPES } from './registry.js';
import { UI_TYPES, VIRTUAL_UI_TYPES } from './ui-types.js';
import { validateCellValue } from './validate-cell.js';

describe('field registry', () => {
  it('defines every UI type under its own key', () => {
    for (const t of UI_TYPES) expect(FIELD_TYPES[t].uidt).toBe(t);
  });

  it('gives every stored type a DB type on every dialect and virtual types none', () => {
    for (const t of UI_TYPES) {
      for (const d of DIALECTS) {
        const db = FIELD_TYPES[t].dbType(d);
        if (VIRTUAL_UI_TYPES.includes(t)) expect(db).toBeNull();
        else expect(db?.dt).toMatch(/^[a-z][a-z0-9_ ]*$/);
      }
    }
  });

  it('uses the default types: MySQL decimal 10 scale 2, varchar 255, MSSQL varchar 255, Snowflake 38', () => {
    expect(FIELD_TYPES.Decimal.dbType('mysql')).toEqual({ dt: 'decimal', dtxp: 10, dtxs: 2 });
    expect(FIELD_TYPES.SingleLineText.dbType('mysql')).toEqual({ dt: 'varchar', dtxp: 255 });
    expect(FIELD_TYPES.SingleLineText.dbType('mssql')).toEqual({ dt: 'varchar', dtxp: 255 });
    expect(FIELD_TYPES.Number.dbType('snowflake')).toMatchObject({ dt: 'number', dtxp: 38 });
    expect(defaultLength('mysql', 'int')).toBe(11);
    expect(defaultLength('mysql', 'varbinary')).toBe(65500);
    expect(defaultLength('mssql', 'decimal')).toBe(10);
  });

  it('gives aggregations by type as docs/behaviour/fields.md lists them', () => {
    expect(FIELD_TYPES.Number.aggregations).toContain('sumDistinct');
    expect(FIELD_TYPES.Date.aggregations).toEqual(['count', 'min', 'max', 'countDistinct']);
    expect(FIELD_TYPES.Email.aggregations).toEqual(['count']);
    expect(FIELD_TYPES.JSON.aggregations).toHaveLength(8);
  });
});

describe('column rules', () => {
  it('allows unsigned only on MySQL integers and scale only where docs/behaviour/fields.md says', () => {
    expect(columnRuleProblem('mysql', { title: 'n', dt: 'int', un: true })).toBeUndefined();
    expect(columnRuleProblem('pg', { title: 'n', dt: 'integer', un: true })).toMatch(/unsigned/);
    expect(takesScale('mysql', 'double')).toBe(true);
    expect(takesScale('mssql', 'float')).toBe(false);
  });

  it('allows one auto-increment integer and auto-update only on date/time', () => {
    expect(columnRuleProblem('pg', { title: 'a', dt: 'varchar', ai: true })).toMatch(/integer/);
    expect(columnRuleProblem('pg', { title: 'a', dt: 'integer', ai: true }, 'id')).toMatch(/already/);
    expect(columnRuleProblem('pg', { title: 'a', dt: 'text', au: true })).toMatch(/date and time/);
    expect(columnRuleProblem('pg', { title: 'a', dt: 'timestamp', au: true })).toBeUndefined();
  });

  it('refuses defaults on MySQL JSON and geometry only', () => {
    expect(columnRuleProblem('mysql', { title: 'j', dt: 'json', cdf: '{}' })).toMatch(/default/);
    expect(columnRuleProblem('pg', { title: 'j', dt: 'json', cdf: '{}' })).toBeUndefined();
  });

  it('makes MultiSelect a MySQL set up to 64 options, text above', () => {
    const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `o${i}` }));
    expect(selectDbType('mysql', 'MultiSelect', opts(64)).dt).toBe('set');
    expect(selectDbType('mysql', 'MultiSelect', opts(65)).dt).toBe('text');
    expect(selectDbType('pg', 'MultiSelect', opts(3)).dt).toBe('text');
    expect(quoteOptionList(["it's", 'b'])).toBe("'it''s','b'");
    expect(parseOptionList("'it''s','b'")).toEqual(["it's", 'b']);
  });
});

describe('validateCellValue', () => {
  it('checks e-mail, URL, phone and currency with the validation messages', () => {
    expect(validateCellValue({ title: 'Mail', uidt: 'Email' }, 'nope')).toEqual({
      ok: false,
      error: 'Validation failed : isEmail',
    });
    expect(validateCellValue({ title: 'Mail', uidt: 'Email' }, 'a.b@example.com')).toEqual({
      ok: true,
      value: 'a.b@example.com',
    });
    expect(validateCellValue({ title: 'U', uidt: 'URL' }, 'not a url')).toMatchObject({
      error: 'Validation failed : isURL',
    });
    expect(validateCellValue({ title: 'P', uidt: 'PhoneNumber' }, 'call me')).toMatchObject({
      error: 'Validation failed : isMobilePhone',
    });
    expect(validateCellValue({ title: 'C', uidt: 'Currency' }, '12abc')).toMatchObject({
      error: 'Validation failed : isCurrency',
    });
    expect(validateCellValue({ title: 'C', uidt: 'Currency' }, '$1,234.50')).toEqual({
      ok: true,
      value: 1234.5,
    });
  });

  it('coerces numbers strictly and passes null through', () => {
    expect(validateCellValue({ title: 'Qty', uidt: 'Number' }, '42')).toEqual({ ok: true, value: 42 });
    expect(validateCellValue({ title: 'Qty', uidt: 'Number' }, '4.2').ok).toBe(false);
    expect(validateCellValue({ title: 'Qty', uidt: 'Number' }, null)).toEqual({ ok: true, value: null });
    expect(validateCellValue({ title: 'D', uidt: 'Decimal' }, 'x')).toMatchObject({
      ok: false,
      error: expect.stringContaining("'D'"),
    });
  });

  it('normalises dates, datetimes (to UTC) and times', () => {
    expect(validateCellValue({ title: 'D', uidt: 'Date' }, '2024/02/29')).toEqual({
      ok: true,
      value: '2024-02-29',
    });
    expect(validateCellValue({ title: 'D', uidt: 'Date' }, '2023-02-29').ok).toBe(false);
    expect(validateCellValue({ title: 'T', uidt: 'DateTime' }, '2024-01-01T10:00:00+02:00')).toEqual({
      ok: true,
      value: '2024-01-01 08:00:00',
    });
    expect(validateCellValue({ title: 'T', uidt: 'Time' }, '9:05')).toEqual({ ok: true, value: '09:05:00' });
  });

  it('checks select options and joins multi-select values', () => {
    const colOptions = { options: [{ title: 'a' }, { title: 'b' }] };
    expect(validateCellValue({ title: 'S', uidt: 'SingleSelect', colOptions }, 'c')).toMatchObject({
      ok: false,
    });
    expect(validateCellValue({ title: 'M', uidt: 'MultiSelect', colOptions }, ['a', 'b', 'a'])).toEqual({
      ok: true,
      value: 'a,b',
    });
  });

  it('refuses writes to computed fields and bad JSON', () => {
    expect(validateCellValue({ title: 'F', uidt: 'Formula' }, 1).ok).toBe(false);
    expect(validateCellValue({ title: 'J', uidt: 'JSON' }, '{bad').ok).toBe(false);
    expect(validateCellValue({ title: 'J', uidt: 'JSON' }, { a: 1 })).toEqual({ ok: true, value: '{"a":1}' });
  });
});

describe('checkers', () => {
  it('accepts plausible and refuses implausible values', () => {
    expect(isEmail('x@y.io')).toBe(true);
    expect(isEmail('x@@y.io')).toBe(false);
    expect(isURL('https://example.com/a?b=1')).toBe(true);
    expect(isURL('example.com')).toBe(true);
    expect(isURL('http://exa mple.com')).toBe(false);
    expect(isMobilePhone('+1 (555) 123-4567')).toBe(true);
    expect(isMobilePhone('123')).toBe(false);
    expect(isCurrency('-12.5')).toBe(true);
    expect(isCurrency('12.555')).toBe(false);
  });
});
