/**
 * Date sub-operators turned into plain UTC calendar days, so the SQL compiler binds fixed values:
 * `(Date,eq,daysAgo,3)` on 2024-05-10 is the day 2024-05-07; `(Date,isWithin,pastWeek)` is 2024-05-03..2024-05-10.
 */
import { badRequest } from '../errors.js';
import {
  DATE_COMPARISON_SUB_OPS,
  DATE_SUB_OPS_WITH_ARG,
  DATE_WITHIN_SUB_OPS,
  type DateComparisonSubOp,
  type DateWithinSubOp,
} from './ops.js';

/** A comparison operand: a whole UTC day, or an exact instant/time given literally. */
export type DateOperand = { day: string } | { instant: string };

/** An inclusive range of UTC days. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** 'YYYY-MM-DD' of a Date, in UTC. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Adds days to a 'YYYY-MM-DD' day. @example addDays('2024-02-28', 2) // '2024-03-01' */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return utcDay(d);
}

/** Adds months, clamping to the month's last day. @example addMonths('2024-03-31', -1) // '2024-02-29' */
export function addMonths(day: string, months: number): string {
  const [y, m, dd] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return utcDay(new Date(Date.UTC(year, month, Math.min(dd, last))));
}

/** A real calendar day 'YYYY-MM-DD' (rejects 2024-02-30). */
export function isValidDay(text: string): boolean {
  if (!DAY_RE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && utcDay(d) === text;
}

function dayArg(subOp: string, arg: string | undefined): string {
  const v = (arg ?? '').trim();
  if (!isValidDay(v)) throw badRequest(`Invalid where: ${subOp} needs a date as YYYY-MM-DD, got "${v}"`);
  return v;
}

function countArg(subOp: string, arg: string | undefined): number {
  const v = (arg ?? '').trim();
  if (!/^\d{1,5}$/.test(v))
    throw badRequest(`Invalid where: ${subOp} needs a whole number of days, got "${v}"`);
  return Number(v);
}

function checkArity(subOp: string, args: readonly string[]): void {
  const wants = (DATE_SUB_OPS_WITH_ARG as readonly string[]).includes(subOp) ? 2 : 1;
  if (args.length !== wants) {
    throw badRequest(
      wants === 2
        ? `Invalid where: ${subOp} needs one value after it`
        : `Invalid where: ${subOp} takes no value after it`,
    );
  }
}

/**
 * The operand of eq/neq/gt/ge/lt/le on a date field: a sub-operator with its argument, or a literal date
 * (`2024-05-01`) or date-time (`2024-05-01 10:00:00`).
 * @example resolveDateComparison(['daysAgo', '3'], new Date('2024-05-10T12:00:00Z')) // { day: '2024-05-07' }
 */
export function resolveDateComparison(args: readonly string[], now: Date): DateOperand {
  const first = (args[0] ?? '').trim();
  if (!(DATE_COMPARISON_SUB_OPS as readonly string[]).includes(first)) {
    if (args.length === 1 && isValidDay(first)) return { day: first };
    if (args.length === 1 && INSTANT_RE.test(first) && !Number.isNaN(Date.parse(first)))
      return { instant: first };
    throw badRequest(
      `Invalid where: "${args.join(',')}" is not a date or one of ${DATE_COMPARISON_SUB_OPS.join(', ')}`,
    );
  }
  const subOp = first as DateComparisonSubOp;
  checkArity(subOp, args);
  const today = utcDay(now);
  switch (subOp) {
    case 'today':
      return { day: today };
    case 'tomorrow':
      return { day: addDays(today, 1) };
    case 'yesterday':
      return { day: addDays(today, -1) };
    case 'oneWeekAgo':
      return { day: addDays(today, -7) };
    case 'oneWeekFromNow':
      return { day: addDays(today, 7) };
    case 'oneMonthAgo':
      return { day: addMonths(today, -1) };
    case 'oneMonthFromNow':
      return { day: addMonths(today, 1) };
    case 'daysAgo':
      return { day: addDays(today, -countArg(subOp, args[1])) };
    case 'daysFromNow':
      return { day: addDays(today, countArg(subOp, args[1])) };
    case 'exactDate':
      return { day: dayArg(subOp, args[1]) };
  }
}

/**
 * The range of `isWithin`, today included at the near end.
 * @example resolveWithin(['pastNumberOfDays', '3'], new Date('2024-05-10T00:00:00Z')) // 2024-05-07..2024-05-10
 */
export function resolveWithin(args: readonly string[], now: Date): DayRange {
  const subOp = (args[0] ?? '').trim();
  if (!(DATE_WITHIN_SUB_OPS as readonly string[]).includes(subOp)) {
    throw badRequest(
      `Invalid where: isWithin needs one of ${DATE_WITHIN_SUB_OPS.join(', ')}, got "${args.join(',')}"`,
    );
  }
  checkArity(subOp, args);
  const today = utcDay(now);
  const past = (from: string): DayRange => ({ from, to: today });
  const next = (to: string): DayRange => ({ from: today, to });
  switch (subOp as DateWithinSubOp) {
    case 'pastWeek':
      return past(addDays(today, -7));
    case 'pastMonth':
      return past(addMonths(today, -1));
    case 'pastYear':
      return past(addMonths(today, -12));
    case 'nextWeek':
      return next(addDays(today, 7));
    case 'nextMonth':
      return next(addMonths(today, 1));
    case 'nextYear':
      return next(addMonths(today, 12));
    case 'pastNumberOfDays':
      return past(addDays(today, -countArg(subOp, args[1])));
    case 'nextNumberOfDays':
      return next(addDays(today, countArg(subOp, args[1])));
  }
}
