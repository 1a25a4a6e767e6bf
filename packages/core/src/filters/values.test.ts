import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { checkCondition } from './check.js';
import { addDays, addMonths, isValidDay, resolveDateComparison, resolveWithin } from './date-values.js';
import { COMPARISON_OPS, OPS_BY_KIND, filterKindOf, opAllowed } from './ops.js';
import { parseFields, parseSort, printSort } from './sort.js';
import { conditionsOf, parseWhere } from './where.js';

const NOW = new Date('2024-05-10T15:30:00Z');

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return (err as AppError).message;
  }
  throw new Error('expected a throw');
}

const cond = (w: string) => conditionsOf(parseWhere(w))[0]!;

describe('date arithmetic', () => {
  it('adds days and months in UTC, clamping month ends', () => {
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2023-12-15', 1)).toBe('2024-01-15');
    expect(addMonths('2024-05-10', -12)).toBe('2023-05-10');
    expect(isValidDay('2024-02-30')).toBe(false);
    expect(isValidDay('2024-02-29')).toBe(true);
  });
});

describe('resolveDateComparison', () => {
  it.each([
    [['today'], '2024-05-10'],
    [['tomorrow'], '2024-05-11'],
    [['yesterday'], '2024-05-09'],
    [['oneWeekAgo'], '2024-05-03'],
    [['oneWeekFromNow'], '2024-05-17'],
    [['oneMonthAgo'], '2024-04-10'],
    [['oneMonthFromNow'], '2024-06-10'],
    [['daysAgo', '3'], '2024-05-07'],
    [['daysFromNow', '30'], '2024-06-09'],
    [['exactDate', '2020-01-02'], '2020-01-02'],
    [['2021-12-31'], '2021-12-31'],
  ])('%j is the day %s', (args, day) => {
    expect(resolveDateComparison(args, NOW)).toEqual({ day });
  });

  it('keeps a literal date-time as an instant', () => {
    expect(resolveDateComparison(['2024-05-01 10:00:00'], NOW)).toEqual({ instant: '2024-05-01 10:00:00' });
  });

  it('refuses bad sub-operators and arguments', () => {
    expect(messageOf(() => resolveDateComparison(['someday'], NOW))).toContain('is not a date or one of');
    expect(messageOf(() => resolveDateComparison(['daysAgo'], NOW))).toContain('needs one value');
    expect(messageOf(() => resolveDateComparison(['daysAgo', 'x'], NOW))).toContain('whole number');
    expect(messageOf(() => resolveDateComparison(['today', '1'], NOW))).toContain('takes no value');
    expect(messageOf(() => resolveDateComparison(['exactDate', '2024-13-01'], NOW))).toContain('YYYY-MM-DD');
  });
});

describe('resolveWithin', () => {
  it.each([
    [['pastWeek'], '2024-05-03', '2024-05-10'],
    [['pastMonth'], '2024-04-10', '2024-05-10'],
    [['pastYear'], '2023-05-10', '2024-05-10'],
    [['nextWeek'], '2024-05-10', '2024-05-17'],
    [['nextMonth'], '2024-05-10', '2024-06-10'],
    [['nextYear'], '2024-05-10', '2025-05-10'],
    [['pastNumberOfDays', '3'], '2024-05-07', '2024-05-10'],
    [['nextNumberOfDays', '10'], '2024-05-10', '2024-05-20'],
  ])('%j is %s..%s', (args, from, to) => {
    expect(resolveWithin(args, NOW)).toEqual({ from, to });
  });

  it('refuses what is not a within sub-operator', () => {
    expect(messageOf(() => resolveWithin(['today'], NOW))).toContain('isWithin needs one of');
    expect(messageOf(() => resolveWithin(['pastNumberOfDays'], NOW))).toContain('needs one value');
  });
});

describe('operators by value kind', () => {
  it('maps UI types to kinds', () => {
    expect(filterKindOf('Currency')).toBe('number');
    expect(filterKindOf('DateTime')).toBe('datetime');
    expect(filterKindOf('MultiSelect')).toBe('multiselect');
    expect(filterKindOf('Checkbox')).toBe('boolean');
  });

  it('every kind allows only known operators, and every operator is allowed somewhere', () => {
    const used = new Set(Object.values(OPS_BY_KIND).flat());
    for (const op of COMPARISON_OPS) expect(used.has(op)).toBe(true);
    expect(opAllowed('number', 'like')).toBe(false);
    expect(opAllowed('boolean', 'checked')).toBe(true);
    expect(opAllowed('text', 'checked')).toBe(false);
    expect(opAllowed('date', 'isWithin')).toBe(true);
    expect(opAllowed('text', 'isWithin')).toBe(false);
    expect(opAllowed('multiselect', 'allof')).toBe(true);
  });
});

describe('checkCondition', () => {
  it('accepts well-formed conditions', () => {
    expect(() => checkCondition(cond('(Price,btw,1,10)'), 'number', 'Price', NOW)).not.toThrow();
    expect(() => checkCondition(cond('(D,eq,daysAgo,2)'), 'date', 'D', NOW)).not.toThrow();
    expect(() => checkCondition(cond('(D,isWithin,pastMonth)'), 'datetime', 'D', NOW)).not.toThrow();
    expect(() => checkCondition(cond('(T,is,null)'), 'text', 'T', NOW)).not.toThrow();
  });

  it('names the field and the problem', () => {
    expect(messageOf(() => checkCondition(cond('(Price,like,x)'), 'number', 'Price'))).toBe(
      'Invalid where: operator "like" is not allowed on Price (a number field)',
    );
    expect(messageOf(() => checkCondition(cond('(Price,gt,abc)'), 'number', 'Price'))).toContain(
      '"abc" is not a number',
    );
    expect(messageOf(() => checkCondition(cond('(Price,btw,1)'), 'number', 'Price'))).toContain(
      'needs two values',
    );
    expect(messageOf(() => checkCondition(cond('(T,is,maybe)'), 'text', 'T'))).toContain('needs one of');
    expect(messageOf(() => checkCondition(cond('(D,eq,soon)'), 'date', 'D'))).toContain('is not a date');
  });
});

describe('parseSort and parseFields', () => {
  it('reads directions and several fields', () => {
    expect(parseSort('-Price,Title')).toEqual([
      { field: 'Price', direction: 'desc' },
      { field: 'Title', direction: 'asc' },
    ]);
    expect(parseSort(['+A', '-B'])).toEqual([
      { field: 'A', direction: 'asc' },
      { field: 'B', direction: 'desc' },
    ]);
    expect(parseSort(undefined)).toEqual([]);
    expect(printSort(parseSort('-Price,Title'))).toBe('-Price,Title');
  });

  it('refuses a bare minus', () => {
    expect(messageOf(() => parseSort('-'))).toContain('names no field');
  });

  it('reads fields lists', () => {
    expect(parseFields('Title, Price')).toEqual(['Title', 'Price']);
    expect(parseFields('')).toBeUndefined();
  });
});
