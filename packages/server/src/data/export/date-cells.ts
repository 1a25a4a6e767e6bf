/**
 * Dates and date-times of an export, formatted as core's cellFormatter formats them, without a Date object or a
 * regular expression of core's per cell (docs/imports.md, Exports: date cells). A date column's cells repeat a few
 * thousand days, so each distinct value is formatted once. A date-time's local parts are worked out once per UTC
 * hour of the values (two calls of core's localParts, at the hour's first and last second); within an hour whose
 * local time runs alongside UTC minute for minute (no zone change inside it, an offset of whole hours), a value's
 * parts are that hour's with the value's own minutes and seconds. Any other value (another shape, an hour with a
 * zone change, a half-hour offset) goes through core's formatter as before, so the text is the same either way.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { cellFormatter, metaOf } from '@rowbase/core/fields/display/cell-text';
import type { FieldTypeDef } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  formatParts,
  localParts,
  type DateParts,
} from '@rowbase/core/fields/display/dates';

type Formatter = (value: unknown) => string;

/** Distinct values (or hours) kept before a cache starts again: bounded memory whatever the column holds. */
const MAX_CACHED = 20_000;

/** A date column's formatter: core's, once per distinct text. */
function dateFormatter(column: ColumnMeta): Formatter {
  const slow = cellFormatter(column);
  const seen = new Map<string, string>();
  return (v) => {
    if (typeof v !== 'string') return slow(v);
    let text = seen.get(v);
    if (text === undefined) {
      if (seen.size >= MAX_CACHED) seen.clear();
      text = slow(v);
      seen.set(v, text);
    }
    return text;
  };
}

/**
 * `YYYY-MM-DD HH:mm:ss` (or with `T`), then at most milliseconds (a Date keeps no more, so they never move the
 * second shown) and a zone (`Z`, `+00:00`) or none: the hour, its minutes, seconds and zone.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}):([0-5]\d):([0-5]\d)(?:\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;

/** An hour's local parts at its first second, or null when its local time does not run alongside UTC. */
function hourStart(hour: string, zone: string): DateParts | null {
  const first = localParts(`${hour}:00:00${zone}`);
  const last = localParts(`${hour}:59:59${zone}`);
  if (!first || !last || first.minute !== 0 || first.second !== 0) return null;
  const sameHour =
    last.year === first.year &&
    last.month === first.month &&
    last.day === first.day &&
    last.hour === first.hour &&
    last.minute === 59 &&
    last.second === 59;
  return sameHour ? first : null;
}

/** A date-time column's formatter (DateTime, CreateTime, LastModifiedTime). */
function dateTimeFormatter(column: ColumnMeta): Formatter {
  const slow = cellFormatter(column);
  // As core's date-time format: the field's date format, a space, its time format.
  const format = `${metaOf(column, 'date_format', DEFAULT_DATE_FORMAT)} ${metaOf(column, 'time_format', DEFAULT_TIME_FORMAT)}`;
  const hours = new Map<string, DateParts | null>();
  const parts: DateParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  const text = (v: string): string => {
    const m = DATE_TIME.exec(v);
    if (!m) return slow(v);
    const zone = m[4] ?? '';
    const key = m[1]! + zone;
    let start = hours.get(key);
    if (start === undefined) {
      if (hours.size >= MAX_CACHED) hours.clear();
      start = hourStart(m[1]!, zone);
      hours.set(key, start);
    }
    if (start === null) return slow(v);
    parts.year = start.year;
    parts.month = start.month;
    parts.day = start.day;
    parts.hour = start.hour;
    parts.minute = +m[2]!;
    parts.second = +m[3]!;
    return formatParts(parts, format);
  };
  // Rows written together often share their time to the second (created by one import, or one bulk update).
  return lastTextReused(text, slow);
}

/**
 * `of` with its last answer kept: a text equal to the last one gets the same answer without working it out again
 * (rows written together share their date-times); other values go to `other`. `of` must depend on the text alone.
 */
export function lastTextReused(of: (v: string) => string, other: (v: unknown) => string): (v: unknown) => string {
  let last: string | undefined;
  let lastAnswer = '';
  return (v) => {
    if (typeof v !== 'string') return other(v);
    if (v !== last) {
      lastAnswer = of(v);
      last = v;
    }
    return lastAnswer;
  };
}

/**
 * A column's cell text as core's cellFormatter gives it, dates and date-times by the caches above.
 * @example exportCellFormatter({ uidt: 'Date', meta: { date_format: 'DD/MM/YYYY' } })('2024-01-31') // '31/01/2024'
 */
export function exportCellFormatter(column: ColumnMeta): Formatter {
  // The registry's value kind: core shows every date kind with the field's date format, every date-time kind
  // (DateTime, CreateTime, LastModifiedTime) with its date and time formats in the server's zone.
  const kind = (FIELD_TYPES[column.uidt] as FieldTypeDef | undefined)?.kind;
  if (kind === 'date') return dateFormatter(column);
  if (kind === 'datetime') return dateTimeFormatter(column);
  return cellFormatter(column);
}
