/**
 * Date display formats (defaults: date YYYY/MM/DD, time HH:mm). Stored values: dates as YYYY-MM-DD,
 * date-times as ISO strings in UTC (shown in the browser's zone), times as HH:mm:ss.
 */

export const DEFAULT_DATE_FORMAT = 'YYYY/MM/DD';
export const DEFAULT_TIME_FORMAT = 'HH:mm';

const TOKENS = /YYYY|YY|MM|DD|HH|hh|mm|ss|A/g;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Fills a format with date parts. @example formatParts(parts, 'DD-MM-YYYY') // '31-12-2024' */
export function formatParts(p: DateParts, format: string): string {
  return compiledFormat(format)(p);
}

type PartsFormatter = (p: DateParts) => string;

const TOKEN_TEXT: Record<string, PartsFormatter> = {
  YYYY: (p) => pad(p.year, 4),
  YY: (p) => pad(p.year % 100),
  MM: (p) => pad(p.month),
  DD: (p) => pad(p.day),
  HH: (p) => pad(p.hour),
  hh: (p) => pad(p.hour % 12 || 12),
  mm: (p) => pad(p.minute),
  ss: (p) => pad(p.second),
  A: (p) => (p.hour < 12 ? 'AM' : 'PM'),
};

/** Formats seen so far, split into their literal text and tokens once (an export formats millions of dates). */
const compiled = new Map<string, PartsFormatter>();
const MAX_COMPILED = 100;

function compiledFormat(format: string): PartsFormatter {
  let fn = compiled.get(format);
  if (fn) return fn;
  const parts: (string | PartsFormatter)[] = [];
  let at = 0;
  for (const m of format.matchAll(TOKENS)) {
    if (m.index > at) parts.push(format.slice(at, m.index));
    parts.push(TOKEN_TEXT[m[0]]!);
    at = m.index + m[0].length;
  }
  if (at < format.length) parts.push(format.slice(at));
  fn = (p) => {
    let out = '';
    for (const part of parts) out += typeof part === 'string' ? part : part(p);
    return out;
  };
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(format, fn);
  return fn;
}

/** Reads text written in `format` (or ISO YYYY-MM-DD[ HH:mm[:ss]]) into parts; undefined when it does not match. */
export function parseParts(text: string, format: string): DateParts | undefined {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(t);
  if (iso) return checked(+iso[1]!, +iso[2]!, +iso[3]!, +(iso[4] ?? 0), +(iso[5] ?? 0), +(iso[6] ?? 0));
  const order: string[] = [];
  const pattern = format.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(TOKENS, (tok) => {
    order.push(tok);
    return tok === 'A' ? '(AM|PM|am|pm)' : tok === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})';
  });
  const m = new RegExp(`^${pattern}$`).exec(t);
  if (!m) return undefined;
  const p: DateParts = { year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 };
  let pm: boolean | undefined;
  order.forEach((tok, i) => {
    const v = m[i + 1]!;
    if (tok === 'YYYY') p.year = +v;
    else if (tok === 'YY') p.year = 2000 + +v;
    else if (tok === 'MM') p.month = +v;
    else if (tok === 'DD') p.day = +v;
    else if (tok === 'HH' || tok === 'hh') p.hour = +v;
    else if (tok === 'mm') p.minute = +v;
    else if (tok === 'ss') p.second = +v;
    else pm = v.toUpperCase() === 'PM';
  });
  if (pm !== undefined) p.hour = (p.hour % 12) + (pm ? 12 : 0);
  return checked(p.year, p.month, p.day, p.hour, p.minute, p.second);
}

function checked(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return { year, month, day, hour, minute, second };
}

/** Parts of a stored date-time in the browser's local zone. */
export function localParts(value: string | number | Date): DateParts | undefined {
  const d = value instanceof Date ? value : new Date(typeof value === 'string' ? normaliseIso(value) : value);
  if (Number.isNaN(d.getTime())) return undefined;
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

/** Treats a zone-less 'YYYY-MM-DD HH:mm:ss' from the database as UTC. */
function normaliseIso(s: string): string {
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) return `${s.replace(' ', 'T')}Z`;
  return s;
}

/** Local parts to the stored UTC ISO string. */
export function toUtcIso(p: DateParts): string {
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second).toISOString();
}

export function toDateString(p: DateParts): string {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}
