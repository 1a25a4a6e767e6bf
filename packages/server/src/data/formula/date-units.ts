/** Reading the fixed-vocabulary literal arguments of date functions (already validated by the checker). */
import {
  type DateAddUnit,
  DATEADD_UNITS,
  DATETIME_DIFF_UNITS,
  type DiffUnit,
  WEEKDAY_START_DAYS,
} from '@rowbase/core/formula/functions/literal-rules';
import type { CallContext } from './dialect.js';

/** DATEADD's unit (third argument). */
export function dateAddUnit(ctx: CallContext): DateAddUnit {
  const unit = String(ctx.literal(2)).toLowerCase();
  const found = DATEADD_UNITS.find((u) => u === unit);
  if (!found) throw new Error(`DATEADD unit ${unit} passed the checker`);
  return found;
}

/** DATETIME_DIFF's unit (third argument, default seconds). */
export function diffUnit(ctx: CallContext): DiffUnit {
  const given = ctx.literal(2);
  if (given === undefined) return 'seconds';
  const unit = DATETIME_DIFF_UNITS[String(given) as keyof typeof DATETIME_DIFF_UNITS];
  if (!unit) throw new Error(`DATETIME_DIFF unit ${String(given)} passed the checker`);
  return unit;
}

/**
 * What to add to a Monday-based weekday (Mon 0 .. Sun 6) so that the start day is 0: WEEKDAY(d, "sunday")
 * of a Sunday is 0.
 */
export function weekdayOffset(ctx: CallContext): number {
  const given = ctx.literal(1);
  const start = given === undefined ? 'monday' : String(given).toLowerCase();
  const sundayBased = WEEKDAY_START_DAYS.findIndex((d) => d === start);
  if (sundayBased < 0) throw new Error(`WEEKDAY start ${start} passed the checker`);
  const mondayBased = (sundayBased + 6) % 7;
  return (7 - mondayBased) % 7;
}

/** SQL Server and Snowflake name date parts alike in DATEADD / DATEDIFF. */
export const DATE_PARTS: Record<DateAddUnit, string> = { day: 'DAY', week: 'WEEK', month: 'MONTH', year: 'YEAR' };
export const DIFF_PARTS: Record<DiffUnit, string> = {
  milliseconds: 'MILLISECOND',
  seconds: 'SECOND',
  minutes: 'MINUTE',
  hours: 'HOUR',
  days: 'DAY',
  weeks: 'WEEK',
  months: 'MONTH',
  quarters: 'QUARTER',
  years: 'YEAR',
};
