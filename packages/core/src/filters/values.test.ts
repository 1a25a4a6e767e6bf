import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { checkCondition, type FilterField } from './check.js';
import { addDays, addMonths, isValidDay, resolveDateComparison, resolveWithin } from './date-values.js';
import { fieldType } from '../fields/registry.js';
import { UI_TYPES, type UIType } from '../fields/ui-types.js';
import { COMPARISON_OPS, opAllowed } from './ops.js';
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

const field = (title: string, uidt: UIType): FilterField => ({
  title,
  uidt,
  kind: fieldType(uidt).kind,
  filterOps: fieldType(uidt).filterOps,
});

describe('opAllowed', () => {
  it('reads the field type operators, with the not and is aliases', () => {
    expect(opAllowed(['eq', 'neq', 'null'], 'not')).toBe(true);
    expect(opAllowed(['eq', 'neq', 'null'], 'isnot')).toBe(true);
    expect(opAllowed(['eq'], 'is')).toBe(false);
    expect(opAllowed(['eq'], 'like')).toBe(false);
  });

  it('every comparison operator is allowed on some field type', () => {
    const used = new Set(
      UI_TYPES.flatMap((u) => COMPARISON_OPS.filter((op) => opAllowed(fieldType(u).filterOps, op))),
    );
    for (const op of COMPARISON_OPS) expect(used, op).toContain(op);
  });
});

describe('checkCondition', () => {
  it('accepts well-formed conditions', () => {
    expect(() => checkCondition(cond('(Price,btw,1,10)'), field('Price', 'Currency'), NOW)).not.toThrow();
    expect(() => checkCondition(cond('(D,eq,daysAgo,2)'), field('D', 'Date'), NOW)).not.toThrow();
    expect(() => checkCondition(cond('(D,isWithin,pastMonth)'), field('D', 'DateTime'), NOW)).not.toThrow();
    expect(() => checkCondition(cond('(T,is,null)'), field('T', 'SingleLineText'), NOW)).not.toThrow();
    expect(() => checkCondition(cond('(Done,checked)'), field('Done', 'Checkbox'), NOW)).not.toThrow();
    expect(() => checkCondition(cond('(Tags,allof,a,b)'), field('Tags', 'MultiSelect'), NOW)).not.toThrow();
  });

  it('names the field and the problem', () => {
    expect(messageOf(() => checkCondition(cond('(Price,like,x)'), field('Price', 'Number')))).toBe(
      'Invalid where: operator "like" is not allowed on Price (a Number field)',
    );
    expect(messageOf(() => checkCondition(cond('(T,isWithin,pastWeek)'), field('T', 'LongText')))).toContain(
      'not allowed on T',
    );
    expect(messageOf(() => checkCondition(cond('(Price,gt,abc)'), field('Price', 'Decimal')))).toContain(
      '"abc" is not a number',
    );
    expect(messageOf(() => checkCondition(cond('(Price,btw,1)'), field('Price', 'Number')))).toContain(
      'needs two values',
    );
    expect(messageOf(() => checkCondition(cond('(T,is,maybe)'), field('T', 'SingleLineText')))).toContain(
      'needs one of',
    );
    expect(messageOf(() => checkCondition(cond('(D,eq,soon)'), field('D', 'Date')))).toContain(
      'is not a date',
    );
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
