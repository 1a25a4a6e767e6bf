/**
 * A cell's value as the grid shows it, for exports: numbers with their precision, currency, percent and
 * duration (h:mm…), dates in the field's display format, selects, users, lookups and linked records by their
 * labels, attachments by their titles. The web's cell types format with the same functions.
 */
import type { ColumnMeta } from '../../api/meta.js';
import type { UIType } from '../ui-types.js';
import { DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, formatParts, localParts, parseParts } from './dates.js';
import { formatCurrency, formatDecimal, formatDuration } from './number-formats.js';

type Format = (value: unknown, column: ColumnMeta) => string;

export function metaOf<T>(column: ColumnMeta, key: string, fallback: T): T {
  const v = column.meta?.[key];
  return v === undefined || v === null ? fallback : (v as T);
}

export const asText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export const listOf = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v];

/** A display label for a linked record, lookup item or user. */
export function labelOf(item: unknown): string {
  if (item === null || item === undefined) return '';
  if (typeof item !== 'object') return String(item);
  const o = item as Record<string, unknown>;
  const preferred = o.display_name ?? o.title ?? o.Title ?? o.email ?? o.name;
  if (preferred !== undefined && preferred !== null) return String(preferred);
  const firstText = Object.entries(o).find(([k, v]) => k !== 'Id' && k !== 'id' && typeof v === 'string');
  return firstText ? String(firstText[1]) : String(o.Id ?? o.id ?? '');
}

const toNumber = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

const numeric =
  (format: (n: number, c: ColumnMeta) => string): Format =>
  (v, c) => {
    const n = toNumber(v);
    return n === undefined ? asText(v) : format(n, c);
  };

const precisionOf = (c: ColumnMeta, fallback?: number) =>
  metaOf<number | undefined>(c, 'precision', fallback);
const dateFormat = (c: ColumnMeta) => metaOf(c, 'date_format', DEFAULT_DATE_FORMAT);
const timeFormat = (c: ColumnMeta) => metaOf(c, 'time_format', DEFAULT_TIME_FORMAT);

const dateTime: Format = (v, c) => {
  if (v === null || v === undefined || v === '') return '';
  const p = localParts(v as string);
  return p ? formatParts(p, `${dateFormat(c)} ${timeFormat(c)}`) : asText(v);
};

const labels: Format = (v) => listOf(v).map(labelOf).join(', ');

/** Selected titles of a multi-select, stored as "a,b" or sent as a list. */
export function selectedTitles(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || v === '') return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function attachmentTitles(v: unknown): string {
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      return v;
    }
  }
  return listOf(list)
    .map((a) => String((a as { title?: string } | null)?.title ?? ''))
    .join(', ');
}

/** The grid's formats by type; types not listed show their value as text. */
const FORMATS: Partial<Record<UIType, Format>> = {
  Decimal: numeric((n, c) => formatDecimal(n, precisionOf(c, 1)!)),
  Percent: numeric((n, c) => {
    const p = precisionOf(c);
    return `${p === undefined ? n : formatDecimal(n, p)}%`;
  }),
  Currency: numeric((n, c) =>
    formatCurrency(
      n,
      metaOf(c, 'currency_locale', 'en-US'),
      metaOf(c, 'currency_code', 'USD'),
      precisionOf(c),
    ),
  ),
  Duration: numeric((n, c) => formatDuration(n, metaOf(c, 'duration', 0))),
  Date: (v, c) => {
    if (v === null || v === undefined || v === '') return '';
    const p = parseParts(String(v).slice(0, 10), 'YYYY-MM-DD');
    return p ? formatParts(p, dateFormat(c)) : asText(v);
  },
  DateTime: dateTime,
  CreateTime: dateTime,
  LastModifiedTime: dateTime,
  Time: (v, c) => {
    if (v === null || v === undefined || v === '') return '';
    const t = String(v);
    const p = parseParts(t.length > 8 ? t : `1970-01-01 ${t}`, 'YYYY-MM-DD HH:mm:ss');
    return p ? formatParts(p, timeFormat(c)) : asText(v);
  },
  Checkbox: (v) => (v === true || v === 1 || v === '1' || v === 'true' ? 'true' : 'false'),
  MultiSelect: (v) => selectedTitles(v).join(', '),
  Links: (v) => (typeof v === 'number' || typeof v === 'string' ? String(v) : labels(v, {} as ColumnMeta)),
  LinkToAnotherRecord: (v) =>
    typeof v === 'number' || typeof v === 'string' ? String(v) : labels(v, {} as ColumnMeta),
  Lookup: labels,
  User: labels,
  Attachment: attachmentTitles,
  Password: (v) => (v ? '••••••••' : ''),
};

/** @example cellText(5400, { uidt: 'Duration', meta: { duration: 0 } }) // '1:30' */
export function cellText(value: unknown, column: ColumnMeta): string {
  if (value === null || value === undefined) return '';
  return (FORMATS[column.uidt] ?? asText)(value, column);
}

/**
 * `cellText` for one column, its format looked up once: for exports, which format a column's cells by the
 * million. @example cellFormatter({ uidt: 'Checkbox' })(1) // 'true'
 */
/**
 * Whether a column's cells show as `asText` shows them: a string as it is, a number by `String`. Exports take
 * a faster path for those cells. @example showsAsText({ uidt: 'Email' }) // true
 */
export function showsAsText(column: Pick<ColumnMeta, 'uidt'>): boolean {
  return FORMATS[column.uidt] === undefined;
}

export function cellFormatter(column: ColumnMeta): (value: unknown) => string {
  const format = FORMATS[column.uidt] ?? asText;
  return (value) => (value === null || value === undefined ? '' : format(value, column));
}
