/**
 * The date formats an import recognises (all-numeric, as the product accepts them) and which one text is in.
 * A column of dates with no time part takes the format most of its values use.
 */
import { isCalendarDay } from '../fields/iso-date.js';

export const IMPORT_DEFAULT_DATE_FORMAT = 'YYYY/MM/DD';

const DATE_PATTERNS: readonly { format: string; re: RegExp; order: 'ymd' | 'dmy' | 'mdy' }[] = [
  { format: 'YYYY-MM-DD', re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: 'ymd' },
  { format: 'YYYY/MM/DD', re: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: 'ymd' },
  { format: 'YYYY MM DD', re: /^(\d{4}) (\d{1,2}) (\d{1,2})$/, order: 'ymd' },
  { format: 'DD-MM-YYYY', re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: 'dmy' },
  { format: 'MM-DD-YYYY', re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: 'mdy' },
  { format: 'DD/MM/YYYY', re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'dmy' },
  { format: 'MM/DD/YYYY', re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: 'mdy' },
  { format: 'DD MM YYYY', re: /^(\d{1,2}) (\d{1,2}) (\d{4})$/, order: 'dmy' },
  { format: 'MM DD YYYY', re: /^(\d{1,2}) (\d{1,2}) (\d{4})$/, order: 'mdy' },
];

export interface DateParts {
  y: number;
  m: number;
  d: number;
}

function validDay(p: DateParts): boolean {
  return isCalendarDay(p.y, p.m, p.d);
}

/** Every format `text` can be read in (ambiguous day/month text matches both orders). */
export function dateFormatsOf(text: string): string[] {
  const t = text.trim();
  const out: string[] = [];
  for (const p of DATE_PATTERNS) {
    const parts = readWith(t, p);
    if (parts) out.push(p.format);
  }
  return out;
}

/** Reads `text` in `format`; undefined when it is not a valid date in that format. */
export function readDate(text: string, format: string): DateParts | undefined {
  return dateReader(format)?.(text);
}

/**
 * `readDate` for one format, looked up once (an import reads a column's million dates in the same format).
 * Undefined for a format the list does not have.
 */
export function dateReader(format: string): ((text: string) => DateParts | undefined) | undefined {
  const p = DATE_PATTERNS.find((x) => x.format === format);
  return p ? (text) => readWith(text.trim(), p) : undefined;
}

function readWith(t: string, p: (typeof DATE_PATTERNS)[number]): DateParts | undefined {
  const m = p.re.exec(t);
  if (!m) return undefined;
  const [a, b, c] = [+m[1]!, +m[2]!, +m[3]!];
  const parts =
    p.order === 'ymd'
      ? { y: a, m: b, d: c }
      : p.order === 'dmy'
        ? { y: c, m: b, d: a }
        : { y: c, m: a, d: b };
  return validDay(parts) ? parts : undefined;
}

/**
 * The format most values are written in, when every value is a date in at least one of the formats that
 * cover them all; undefined when some value is not a date. Ties keep the earlier format of the list.
 */
export function mostFrequentDateFormat(values: readonly string[]): string | undefined {
  if (values.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const v of values) {
    const formats = dateFormatsOf(v);
    if (formats.length === 0) return undefined;
    for (const f of formats) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  let best: string | undefined;
  let bestCount = 0;
  for (const p of DATE_PATTERNS) {
    const n = counts.get(p.format) ?? 0;
    if (n > bestCount) [best, bestCount] = [p.format, n];
  }
  return best ?? IMPORT_DEFAULT_DATE_FORMAT;
}
