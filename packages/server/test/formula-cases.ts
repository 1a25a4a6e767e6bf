/**
 * Formulas and their expected value per row, computed here in JavaScript from ROWS (never typed in by
 * hand from a database's output).
 */
import { ROWS, type Row } from './formula-fixture.js';

export interface FormulaCase {
  formula: string;
  expected: (r: Row) => unknown;
}

const nn = (...xs: unknown[]) => xs.some((x) => x === null || x === undefined);
const ms = (s: string) => Date.parse(s.replace(' ', 'T') + (s.length === 10 ? 'T00:00:00Z' : 'Z'));
const fmt = (t: number) => new Date(t).toISOString().slice(0, 19).replace('T', ' ');
const trunc = Math.trunc;

/** Month arithmetic with the end-of-month clamp every engine applies (Jan 31 + 1 month = Feb 29). */
function addMonths(s: string, n: number): string {
  const d = new Date(ms(s));
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + n);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return fmt(d.getTime());
}

/** Completed months from b to a. */
function monthsBetween(a: string, b: string): number {
  const [da, db] = [new Date(ms(a)), new Date(ms(b))];
  let m = (da.getUTCFullYear() - db.getUTCFullYear()) * 12 + da.getUTCMonth() - db.getUTCMonth();
  const rest = (d: Date) => d.getUTCDate() * 86_400_000 + (d.getTime() % 86_400_000);
  if (m > 0 && rest(da) < rest(db)) m--;
  if (m < 0 && rest(da) > rest(db)) m++;
  return m;
}

/** Monday-based weekday shifted so that `start` (0 = monday) is 0. */
const weekday = (s: string, start = 0) => (new Date(ms(s)).getUTCDay() + 6 - start + 7) % 7;
const round = (x: number, p = 0) => (Math.sign(x) * Math.round(Math.abs(x) * 10 ** p)) / 10 ** p;
const avg = (...xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};
const value = (s: string | null) => {
  if (s === null) return null;
  const cleaned = s.replace(/[^0-9.-]/g, '');
  return /^-?[0-9]*\.?[0-9]+$/.test(cleaned) ? Number(cleaned) : null;
};
const arr = (s: string | null): unknown[] => (s === null ? [] : (JSON.parse(s) as unknown[]));

export const CASES: FormulaCase[] = [
  // Numeric
  { formula: '{num} + {num2}', expected: (r) => (nn(r.num, r.num2) ? null : r.num! + r.num2!) },
  {
    formula: '{num} * 2 - {num2} / 4',
    expected: (r) => (nn(r.num, r.num2) ? null : r.num! * 2 - r.num2! / 4),
  },
  { formula: '{num2} / 0', expected: () => null },
  { formula: '{num} % 3', expected: (r) => (nn(r.num) ? null : r.num! % 3) },
  { formula: '-2 * {num2}', expected: (r) => (nn(r.num2) ? null : -2 * r.num2!) },
  { formula: 'ADD({num}, {num2}, 1)', expected: (r) => (r.num ?? 0) + (r.num2 ?? 0) + 1 },
  { formula: 'AVG({num}, {num2})', expected: (r) => avg(r.num, r.num2) },
  {
    formula: 'MIN({num}, {num2}, 5)',
    expected: (r) => Math.min(...[r.num, r.num2, 5].filter((x) => x !== null)),
  },
  { formula: 'MAX({num}, {num2})', expected: (r) => (nn(r.num) ? null : Math.max(r.num!, r.num2!)) },
  { formula: 'CEILING({num})', expected: (r) => (nn(r.num) ? null : Math.ceil(r.num!)) },
  { formula: 'FLOOR({num})', expected: (r) => (nn(r.num) ? null : Math.floor(r.num!)) },
  { formula: 'ROUND({num} / 3, 2)', expected: (r) => (nn(r.num) ? null : round(r.num! / 3, 2)) },
  { formula: 'ROUND({num})', expected: (r) => (nn(r.num) ? null : round(r.num!)) },
  {
    formula: 'ROUNDUP({num}, 1)',
    expected: (r) => (nn(r.num) ? null : (Math.sign(r.num!) * Math.ceil(Math.abs(r.num!) * 10)) / 10),
  },
  { formula: 'ROUNDDOWN({num}, 1)', expected: (r) => (nn(r.num) ? null : trunc(r.num! * 10) / 10) },
  { formula: 'ROUNDDOWN({num})', expected: (r) => (nn(r.num) ? null : trunc(r.num!)) },
  { formula: 'ROUNDUP(1.1, 2)', expected: () => 1.1 },
  { formula: 'MOD({num2}, 3)', expected: (r) => (nn(r.num2) ? null : r.num2! % 3) },
  { formula: 'POWER({num2}, 2)', expected: (r) => (nn(r.num2) ? null : r.num2! ** 2) },
  { formula: 'SQRT({num2})', expected: (r) => (nn(r.num2) ? null : Math.sqrt(r.num2!)) },
  { formula: 'EXP(0) + EXP(1)', expected: () => 1 + Math.E },
  { formula: 'LOG(10, 1000) + LOG(EXP(2))', expected: () => 5 },
  { formula: 'ABS({num})', expected: (r) => (nn(r.num) ? null : Math.abs(r.num!)) },
  { formula: 'INT({num})', expected: (r) => (nn(r.num) ? null : trunc(r.num!)) },
  {
    formula: 'EVEN({num})',
    expected: (r) =>
      nn(r.num) ? null : r.num! >= 0 ? Math.ceil(r.num! / 2) * 2 : Math.floor(r.num! / 2) * 2,
  },
  { formula: 'ODD({num2})', expected: (r) => (nn(r.num2) ? null : Math.ceil((r.num2! + 1) / 2) * 2 - 1) },
  { formula: 'ODD(-2)', expected: () => -3 },
  { formula: 'VALUE({txt2})', expected: (r) => value(r.txt2) },
  {
    formula: 'COUNT({num}, {txt}, {num2})',
    expected: (r) => [r.num, r.num2].filter((x) => x !== null).length,
  },
  {
    formula: 'COUNTA({num}, {txt}, "")',
    expected: (r) => [r.num, r.txt].filter((x) => x !== null && x !== '').length,
  },
  { formula: 'COUNTALL({num}, {txt})', expected: () => 2 },
  // Text
  { formula: 'CONCAT({txt}, "-", {num2})', expected: (r) => `${r.txt ?? ''}-${r.num2 ?? ''}` },
  { formula: 'TRIM({txt})', expected: (r) => r.txt?.trim() ?? null },
  { formula: 'UPPER({txt})', expected: (r) => r.txt?.toUpperCase() ?? null },
  { formula: 'LOWER({txt})', expected: (r) => r.txt?.toLowerCase() ?? null },
  { formula: 'LEN({txt})', expected: (r) => r.txt?.length ?? null },
  { formula: 'REPEAT({txt2}, 2)', expected: (r) => r.txt2?.repeat(2) ?? null },
  { formula: 'REPLACE({txt}, "l", "L")', expected: (r) => r.txt?.replaceAll('l', 'L') ?? null },
  { formula: 'SEARCH({txt}, "o")', expected: (r) => (r.txt === null ? null : r.txt.indexOf('o') + 1) },
  { formula: 'LEFT({txt}, 3)', expected: (r) => r.txt?.slice(0, 3) ?? null },
  { formula: 'RIGHT({txt}, 3)', expected: (r) => r.txt?.slice(-3) ?? null },
  { formula: 'SUBSTR({txt}, 2, 3)', expected: (r) => r.txt?.slice(1, 4) ?? null },
  { formula: 'SUBSTR({txt}, 7)', expected: (r) => r.txt?.slice(6) ?? null },
  { formula: 'MID({txt}, 2, 4)', expected: (r) => r.txt?.slice(1, 5) ?? null },
  { formula: 'URL({mail})', expected: (r) => `URI::(${r.mail ?? ''})` },
  { formula: 'URLENCODE("a b&c/d?=%")', expected: () => encodeURIComponent('a b&c/d?=%') },
  {
    formula: 'REGEX_MATCH({mail}, "@example\\\\.com$")',
    expected: (r) => (r.mail === null ? null : /@example\.com$/.test(r.mail)),
  },
  { formula: 'REGEX_EXTRACT({txt2}, "[0-9]+")', expected: (r) => r.txt2?.match(/[0-9]+/)?.[0] ?? null },
  { formula: 'REGEX_REPLACE({txt2}, "[0-9]", "#")', expected: (r) => r.txt2?.replace(/[0-9]/g, '#') ?? null },
  { formula: 'ISBLANK({txt})', expected: (r) => r.txt === null || r.txt === '' },
  { formula: 'ISNOTBLANK({num})', expected: (r) => r.num !== null },
  { formula: '{txt} & "!" & {num2}', expected: (r) => `${r.txt ?? ''}!${r.num2 ?? ''}` },
  { formula: '"n=" + {num2}', expected: (r) => `n=${r.num2 ?? ''}` },
  // Dates
  { formula: 'DATEADD({d}, 1, "month")', expected: (r) => (nn(r.d) ? null : addMonths(r.d!, 1)) },
  { formula: 'DATEADD({d}, 1, "year")', expected: (r) => (nn(r.d) ? null : addMonths(r.d!, 12)) },
  {
    formula: 'DATEADD({dt}, -2, "day")',
    expected: (r) => (nn(r.dt) ? null : fmt(ms(r.dt!) - 2 * 86_400_000)),
  },
  {
    formula: 'DATEADD({dt}, {num2}, "week")',
    expected: (r) => (nn(r.dt) ? null : fmt(ms(r.dt!) + r.num2! * 7 * 86_400_000)),
  },
  { formula: 'DATEADD("2024/01/15", 2, "day")', expected: () => '2024-01-17 00:00:00' },
  {
    formula: 'DATETIME_DIFF({dt}, {d}, "days")',
    expected: (r) => (nn(r.dt) ? null : trunc((ms(r.dt!) - ms(r.d!)) / 86_400_000)),
  },
  {
    formula: 'DATETIME_DIFF({dt}, {d}, "h")',
    expected: (r) => (nn(r.dt) ? null : trunc((ms(r.dt!) - ms(r.d!)) / 3_600_000)),
  },
  { formula: 'DATETIME_DIFF({dt}, {d}, "ms")', expected: (r) => (nn(r.dt) ? null : ms(r.dt!) - ms(r.d!)) },
  {
    formula: 'DATETIME_DIFF({dt}, "2024-03-15 10:00")',
    expected: (r) => (nn(r.dt) ? null : trunc((ms(r.dt!) - ms('2024-03-15 10:00:00')) / 1000)),
  },
  {
    formula: 'DATETIME_DIFF({dt}, {d}, "minutes")',
    expected: (r) => (nn(r.dt) ? null : trunc((ms(r.dt!) - ms(r.d!)) / 60_000)),
  },
  {
    formula: 'DATETIME_DIFF({dt}, {d}, "w")',
    expected: (r) => (nn(r.dt) ? null : trunc((ms(r.dt!) - ms(r.d!)) / 604_800_000)),
  },
  {
    formula: 'DATETIME_DIFF({dt}, {d}, "M")',
    expected: (r) => (nn(r.dt) ? null : monthsBetween(r.dt!, r.d!)),
  },
  {
    formula: 'DATETIME_DIFF({dt}, "2020-06-01", "Q")',
    expected: (r) => (nn(r.dt) ? null : trunc(monthsBetween(r.dt!, '2020-06-01') / 3)),
  },
  {
    formula: 'DATETIME_DIFF({dt}, "2020-06-01", "years")',
    expected: (r) => (nn(r.dt) ? null : trunc(monthsBetween(r.dt!, '2020-06-01') / 12)),
  },
  { formula: 'WEEKDAY({d})', expected: (r) => (nn(r.d) ? null : weekday(r.d!)) },
  { formula: 'WEEKDAY({d}, "sunday")', expected: (r) => (nn(r.d) ? null : weekday(r.d!, 6)) },
  { formula: 'WEEKDAY("2024-01-07", "Sunday")', expected: () => 0 },
  { formula: 'WEEKDAY({dt}, "friday")', expected: (r) => (nn(r.dt) ? null : weekday(r.dt!, 4)) },
  { formula: 'DATESTR({dt})', expected: (r) => r.dt?.slice(0, 10) ?? null },
  { formula: 'DAY({d})', expected: (r) => (nn(r.d) ? null : Number(r.d!.slice(8, 10))) },
  { formula: 'MONTH({dt})', expected: (r) => (nn(r.dt) ? null : Number(r.dt!.slice(5, 7))) },
  { formula: 'YEAR({d})', expected: (r) => (nn(r.d) ? null : Number(r.d!.slice(0, 4))) },
  { formula: 'HOUR({dt})', expected: (r) => (nn(r.dt) ? null : Number(r.dt!.slice(11, 13))) },
  { formula: 'NOW() > {dt}', expected: (r) => (nn(r.dt) ? null : true) },
  { formula: 'DATETIME_DIFF(NOW(), "2020-01-01", "y") >= 6', expected: () => true },
  { formula: '{d} > "2024/02/01"', expected: (r) => (nn(r.d) ? null : r.d! > '2024-02-01') },
  // Logic
  { formula: 'IF({num} > 0, "pos", "neg")', expected: (r) => (r.num !== null && r.num > 0 ? 'pos' : 'neg') },
  { formula: 'IF({flag}, {num2}, BLANK())', expected: (r) => (r.flag ? r.num2 : null) },
  { formula: 'IF({txt}, 1, 0)', expected: (r) => (r.txt ? 1 : 0) },
  { formula: 'IF({num2}, "yes", 0)', expected: (r) => (r.num2 ? 'yes' : '0') },
  {
    formula: 'SWITCH({num2}, 4, "four", 0, "zero", "other")',
    expected: (r) => (r.num2 === 4 ? 'four' : r.num2 === 0 ? 'zero' : 'other'),
  },
  { formula: 'SWITCH({txt2}, "abc-123", 1, 2)', expected: (r) => (r.txt2 === 'abc-123' ? 1 : 2) },
  { formula: 'AND({flag}, {num} > 0)', expected: (r) => (r.flag === null ? null : r.flag && r.num! > 0) },
  { formula: 'OR({flag}, {num2} = 0)', expected: (r) => (r.flag === null ? null : r.flag || r.num2 === 0) },
  {
    formula: 'XOR({flag}, {num} > 0, TRUE())',
    expected: (r) => (Number(!!r.flag) + Number((r.num ?? 0) > 0) + 1) % 2 === 1,
  },
  { formula: 'TRUE()', expected: () => true },
  { formula: 'FALSE()', expected: () => false },
  { formula: 'BLANK()', expected: () => null },
  { formula: '{num2} = BLANK()', expected: (r) => r.num2 === null },
  { formula: '{txt} != BLANK()', expected: (r) => r.txt !== null },
  {
    formula: '{flag} && {num2} > 1 || {num} < 0',
    expected: (r) => (r.flag === null ? null : (r.flag && r.num2! > 1) || r.num! < 0),
  },
  { formula: '{flag} + 1', expected: (r) => (r.flag === null ? null : Number(r.flag) + 1) },
  { formula: '{num2} = "4"', expected: (r) => (r.num2 === null ? null : String(r.num2) === '4') },
  { formula: '{flag} = TRUE()', expected: (r) => (r.flag === null ? null : r.flag) },
  // Arrays (the JSON fields stand for lookups) and JSON
  { formula: 'ARRAYUNIQUE({js})', expected: (r) => [...new Set(arr(r.js))] },
  { formula: 'ARRAYSORT({nums})', expected: (r) => (arr(r.nums) as number[]).sort((a, b) => a - b) },
  { formula: 'ARRAYSORT({nums}, "desc")', expected: (r) => (arr(r.nums) as number[]).sort((a, b) => b - a) },
  { formula: 'ARRAYCOMPACT({js})', expected: (r) => arr(r.js).filter((x) => x !== null && x !== '') },
  { formula: 'ARRAYSLICE({js}, 2, 3)', expected: (r) => arr(r.js).slice(1, 3) },
  { formula: 'ARRAYSLICE({nums}, 2)', expected: (r) => arr(r.nums).slice(1) },
  {
    formula: 'JSON_EXTRACT({obj}, "$.a.b")',
    expected: (r) => (r.obj === null ? null : (JSON.parse(r.obj) as { a: { b: string } }).a.b),
  },
  {
    formula: 'JSON_EXTRACT({obj}, "$.n[1]")',
    expected: (r) =>
      r.obj === null ? null : ((JSON.parse(r.obj) as { n: number[] }).n[1]?.toString() ?? null),
  },
  { formula: 'RECORD_ID()', expected: (r) => r.id },
  { formula: 'RECORD_ID() = "2"', expected: (r) => r.id === 2 },
  { formula: 'CONCAT("rec-", RECORD_ID())', expected: (r) => `rec-${r.id}` },
  // Formulas over formulas, lookups and rollups
  { formula: '{Total} + 1', expected: (r) => (nn(r.num) ? null : r.num! * 2 + 1) },
  { formula: 'UPPER({Label})', expected: (r) => `${r.txt ?? ''}!`.toUpperCase() },
  { formula: '{Twice} * 2', expected: (r) => (nn(r.num, r.num2) ? null : (r.num! * 2 + r.num2!) * 2) },
  { formula: 'ARRAYCOMPACT({Tags})', expected: (r) => arr(r.js).filter((x) => x !== null && x !== '') },
  {
    formula: '{Sum} * 10 + {Total}',
    expected: (r) => {
      const sum = ROWS.filter((x) => x.id <= r.id).reduce((a, x) => a + (x.num2 ?? 0), 0);
      return nn(r.num) ? null : sum * 10 + r.num! * 2;
    },
  },
  // Nesting and injection attempts
  {
    formula: 'ROUND(AVG(LEN({txt}), {num2}, VALUE({txt2})) * 2, 1)',
    expected: (r) => {
      const a = avg(r.txt?.length ?? null, r.num2, value(r.txt2));
      return a === null ? null : round(a * 2, 1);
    },
  },
  {
    formula: 'CONCAT(UPPER(LEFT({txt}, 1)), LOWER(MID({txt}, 2, 4)), IF({flag}, "✓", "✗"))',
    expected: (r) =>
      `${r.txt?.slice(0, 1).toUpperCase() ?? ''}${r.txt?.slice(1, 5).toLowerCase() ?? ''}${r.flag ? '✓' : '✗'}`,
  },
  {
    formula: `CONCAT("'); DROP TABLE t; --", {num2})`,
    expected: (r) => `'); DROP TABLE t; --${r.num2 ?? ''}`,
  },
  { formula: `"a' OR '1'='1" = {txt}`, expected: (r) => (r.txt === null ? null : false) },
];
