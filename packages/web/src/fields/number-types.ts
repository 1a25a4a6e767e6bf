/** Numeric cell types: number, decimal, currency, percent, duration, rating, year and the read-only ids. */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { asText, type CellType, fail, ok, readOnly } from './cell-type';
import { formatCurrency, formatDecimal, formatDuration, parseDuration, parseNumber } from './number-formats';
import { PAD, paintRating } from './paint';
import { cellMessage } from './cell-messages';
import { validate } from './validators';

export function metaOf<T>(column: ColumnMeta, key: string, fallback: T): T {
  const v = column.meta?.[key];
  return v === undefined || v === null ? fallback : (v as T);
}

const toNumber = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

function numeric(format: (n: number, column: ColumnMeta) => string, integer = false): CellType {
  return {
    format: (v, c) => {
      const n = toNumber(v);
      return n === undefined ? asText(v) : format(n, c);
    },
    // Said with the field's name: "Validation failed : isNumeric" is a developer's check name, not advice.
    parse: (t, c) => {
      if (t.trim() === '') return ok(null);
      const n = parseNumber(t);
      if (n === undefined) return fail(cellMessage('number', { field: c.title }));
      if (integer && !Number.isInteger(n)) return fail(cellMessage('integer', { field: c.title }));
      return ok(n);
    },
    editor: 'number',
    form: 'number',
    align: 'right',
  };
}

/** Decimal places of a decimal, currency or percent field (`meta.precision`); undefined shows the value as is. */
const precisionOf = (c: ColumnMeta, fallback?: number): number | undefined =>
  metaOf<number | undefined>(c, 'precision', fallback);

export const number = numeric((n) => String(n), true);
export const decimal: CellType = {
  ...numeric((n, c) => formatDecimal(n, precisionOf(c, 1)!)),
  options: ['precision'],
};
export const percent: CellType = {
  ...numeric((n, c) => {
    const p = precisionOf(c);
    return `${p === undefined ? n : formatDecimal(n, p)}%`;
  }),
  options: ['precision'],
};
export const year = numeric((n) => String(n), true);

export const currency: CellType = {
  ...numeric((n, c) =>
    formatCurrency(
      n,
      metaOf(c, 'currency_locale', 'en-US'),
      metaOf(c, 'currency_code', 'USD'),
      precisionOf(c),
    ),
  ),
  options: ['currency', 'precision'],
  parse: (t) => {
    const text = t.trim();
    if (!text) return ok(null);
    const message = validate('isCurrency', text);
    return message ? fail(message) : ok(parseNumber(text));
  },
};

export const duration: CellType = {
  format: (v, c) => {
    const n = toNumber(v);
    return n === undefined ? asText(v) : formatDuration(n, metaOf(c, 'duration', 0));
  },
  parse: (t) => {
    if (t.trim() === '') return ok(null);
    const s = parseDuration(t);
    return s === undefined ? fail(cellMessage('duration')) : ok(s);
  },
  editor: 'text',
  form: 'number',
  align: 'right',
  options: ['duration'],
};

const MAX_RATING = 10;

/** Stars (or the column's icon colour) up to meta.max; typing a digit sets it, click sets the clicked star. */
export const rating: CellType = {
  format: (v) => asText(v),
  parse: (t) => {
    const n = t.trim() === '' ? 0 : Number(t);
    return Number.isInteger(n) && n >= 0 && n <= MAX_RATING
      ? ok(n)
      : fail(cellMessage('rating', { min: 0, max: MAX_RATING }));
  },
  paint: (p, v, _d, c) =>
    paintRating(p, toNumber(v) ?? 0, metaOf(c, 'max', 5), metaOf(c, 'color', '#f59e0b')),
  editor: 'number',
  form: 'rating',
  options: ['rating'],
  keyValue: (key) => (/^\d$/.test(key) ? Number(key) : undefined),
  // Stars are 14 px wide with 3 px gaps after the cell padding; clicking the current rating clears it.
  clickValue: (x, value, column) => {
    const star = Math.floor((x - PAD) / 17) + 1;
    if (star < 1 || star > metaOf(column, 'max', 5)) return undefined;
    return Number(value) === star ? 0 : star;
  },
};

/** Primary keys, auto numbers, counts and foreign keys are shown, never edited in the grid. */
export const readOnlyNumber: CellType = {
  format: asText,
  ...readOnly(),
  align: 'right',
};
