/**
 * Turns one imported cell into what the field's own checks accept: yes/no words into booleans, dates written in
 * the column's detected format into YYYY-MM-DD, select lists without spaces around commas. Everything else is
 * passed on as text and checked by the field type (a value it refuses skips the row, with the reason).
 */
import { isCheckedValue } from './checkbox-vocabularies.js';
import { dateFormatsOf, readDate } from './date-formats.js';
import type { DetectedType, SheetCell } from './detect-types.js';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function importValue(raw: unknown, column: Pick<DetectedType, 'uidt' | 'dateFormat'>): unknown {
  const value = typeof raw === 'object' && raw !== null && 'value' in raw ? (raw as SheetCell).value : raw;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  switch (column.uidt) {
    case 'Checkbox':
      return isCheckedValue(value);
    case 'Date': {
      if (value instanceof Date) return value.toISOString().slice(0, 10);
      const text = String(value).trim();
      // The column's format first; a value written otherwise is read in the first format it fits.
      let p = column.dateFormat ? readDate(text, column.dateFormat) : undefined;
      if (!p) {
        const other = dateFormatsOf(text)[0];
        p = other ? readDate(text, other) : undefined;
      }
      return p ? `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}` : text;
    }
    case 'MultiSelect':
      return String(value)
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .join(',');
    case 'SingleSelect':
      return String(value).trim();
    case 'Number':
    case 'Decimal':
    case 'Currency':
      return typeof value === 'number' ? value : String(value).trim();
    default:
      if (value instanceof Date) return value.toISOString();
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
