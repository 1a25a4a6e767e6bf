/**
 * The date formats an import recognises (all-numeric, as the product accepts them) and which one text is in.
 * A column of dates with no time part takes the format most of its values use.
 */
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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function validDay(p: DateParts): boolean {
  if (p.m < 1 || p.m > 12 || p.d < 1) return false;
  return p.d <= (p.m === 2 && isLeapYear(p.y) ? 29 : DAYS_IN_MONTH[p.m - 1]!);
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
  const p = DATE_PATTERNS.find((x) => x.format === format);
  return p ? readWith(text.trim(), p) : undefined;
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
