/**
 * Fixed vocabularies of literal arguments (DATEADD units, DATETIME_DIFF units, WEEKDAY start days, sort
 * directions) and the accepted date formats of docs/behaviour/formulas.md. The SQL compiler maps these words to SQL itself, so a
 * unit never travels from user text into SQL.
 */
import type { FormulaNode } from '../ast.js';
import { FormulaErrorType, type FormulaIssue, FormulaMessages } from '../errors.js';

export const DATEADD_UNITS = ['day', 'week', 'month', 'year'] as const;
export type DateAddUnit = (typeof DATEADD_UNITS)[number];

/** DATETIME_DIFF units, each with its short form. Short forms are case-sensitive (`m` minutes, `M` months). */
export const DATETIME_DIFF_UNITS = {
  milliseconds: 'milliseconds',
  ms: 'milliseconds',
  seconds: 'seconds',
  s: 'seconds',
  minutes: 'minutes',
  m: 'minutes',
  hours: 'hours',
  h: 'hours',
  days: 'days',
  d: 'days',
  weeks: 'weeks',
  w: 'weeks',
  months: 'months',
  M: 'months',
  quarters: 'quarters',
  Q: 'quarters',
  years: 'years',
  y: 'years',
} as const;
export type DiffUnit = (typeof DATETIME_DIFF_UNITS)[keyof typeof DATETIME_DIFF_UNITS];

export const WEEKDAY_START_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type WeekdayName = (typeof WEEKDAY_START_DAYS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?)?`;
const DATE_PATTERNS = [
  String.raw`\d{4}[-/ ]\d{1,2}[-/ ]\d{1,2}`, // YYYY-MM-DD, YYYY/MM/DD, YYYY MM DD
  String.raw`\d{1,2}[-/ ]\d{1,2}[-/ ]\d{4}`, // DD-MM-YYYY, MM-DD-YYYY, DD/MM/YYYY, MM/DD/YYYY, spaced
];
const DATE_RE = new RegExp(`^(?:${DATE_PATTERNS.join('|')})${TIME}$`);
const MONTH_RE = /^\d{4}[- ]\d{1,2}$/; // YYYY-MM, YYYY MM

/**
 * Whether a text literal is a date in one of the accepted formats of docs/behaviour/formulas.md.
 * @example isAcceptedDateText('2024/03/01 10:30') // true
 * @example isAcceptedDateText('March 1st') // false
 */
export function isAcceptedDateText(text: string): boolean {
  const t = text.trim();
  return DATE_RE.test(t) || MONTH_RE.test(t);
}

/**
 * The ISO form (`YYYY-MM-DD[ HH:mm:ss.SSS]`) of an accepted date text, for binding. Ambiguous day/month orders
 * (`01/02/2024`) read as MM/DD unless the first number is above 12.
 */
export function normaliseDateText(text: string): string | undefined {
  const t = text.trim();
  const m =
    /^(\d{1,4})[-/ ](\d{1,2})(?:[-/ ](\d{1,4}))?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/.exec(
      t,
    );
  if (!m || !isAcceptedDateText(t)) return undefined;
  const [, a, b, c, hh, mi, ss, ms] = m;
  let year: string, month: string, day: string;
  if (a!.length === 4) [year, month, day] = [a!, b!, c ?? '1'];
  else if (Number(a) > 12) [day, month, year] = [a!, b!, c!];
  else [month, day, year] = [a!, b!, c!];
  const pad = (s: string, n = 2) => s.padStart(n, '0');
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (hh === undefined) return date;
  return `${date} ${pad(hh)}:${mi}:${pad(ss ?? '0')}${ms ? '.' + ms.padEnd(3, '0') : ''}`;
}

/** A rule that the argument at `index`, when present, is a text literal from `allowed`. */
export function literalFrom(
  fn: string,
  index: number,
  position: string,
  allowed: readonly string[],
  caseSensitive: boolean,
): (args: readonly FormulaNode[]) => FormulaIssue[] {
  return (args) => {
    const arg = args[index];
    if (!arg) return [];
    if (arg.type !== 'literal' || typeof arg.value !== 'string')
      return [{ type: FormulaErrorType.INVALID_ARG, message: FormulaMessages.literalRequired(fn, position) }];
    const value = caseSensitive ? arg.value : arg.value.toLowerCase();
    if (allowed.includes(value)) return [];
    return [
      {
        type: FormulaErrorType.INVALID_ARG_VALUE,
        message: FormulaMessages.invalidUnit(fn, position, allowed),
      },
    ];
  };
}
