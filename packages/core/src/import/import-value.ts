/**
 * Turns one imported cell into what the field's own checks accept: yes/no words into booleans, dates written in
 * the column's detected format into YYYY-MM-DD, select lists without spaces around commas. Everything else is
 * passed on as text and checked by the field type (a value it refuses skips the row, with the reason).
 */
import { exactIsoDate, isCalendarDay } from '../fields/iso-date.js';
import { isCheckedValue } from './checkbox-vocabularies.js';
import { dateFormatsOf, readDate, dateReader } from './date-formats.js';
import type { DetectedType, SheetCell } from './detect-types.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

type ImportColumn = Pick<DetectedType, 'uidt' | 'dateFormat'>;

/** One cell's value: `importConverter(column)` for a single cell. */
export function importValue(raw: unknown, column: ImportColumn): unknown {
  return importConverter(column)(raw);
}

/**
 * `importValue` for every cell of one column, with the column's type and date format looked up once.
 * @example const toValue = importConverter({ uidt: 'Checkbox' }); toValue('Yes') // true
 */
export function importConverter(column: ImportColumn): (raw: unknown) => unknown {
  const convert = valueConverter(column);
  return (raw) => {
    const value = typeof raw === 'object' && raw !== null && 'value' in raw ? (raw as SheetCell).value : raw;
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
      return null;
    return convert(value);
  };
}

function valueConverter(column: ImportColumn): (value: unknown) => unknown {
  switch (column.uidt) {
    case 'Checkbox':
      return isCheckedValue;
    case 'Date':
      return dateConverter(column.dateFormat);
    case 'MultiSelect':
      return (value) =>
        String(value)
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
          .join(',');
    case 'SingleSelect':
      return (value) => String(value).trim();
    case 'Number':
    case 'Decimal':
    case 'Currency':
      return (value) => (typeof value === 'number' ? value : String(value).trim());
    default:
      return (value) => {
        if (value instanceof Date) return value.toISOString();
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
      };
  }
}

/** Dates: the column's format first; a value written otherwise is read in the first format it fits. */
function dateConverter(format: string | undefined): (value: unknown) => unknown {
  const read = format ? dateReader(format) : undefined;
  const iso = format === 'YYYY-MM-DD';
  return (value) => {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    const text = String(value).trim();
    if (iso) {
      // Already as stored: kept as it is, without a regular expression or a new string.
      const n = exactIsoDate(text);
      if (n >= 0 && isCalendarDay(Math.floor(n / 10_000), Math.floor(n / 100) % 100, n % 100)) return text;
    }
    let p = read?.(text);
    if (!p) {
      const other = dateFormatsOf(text)[0];
      p = other ? readDate(text, other) : undefined;
    }
    return p ? `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}` : text;
  };
}
