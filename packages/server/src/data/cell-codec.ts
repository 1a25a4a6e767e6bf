/**
 * Cell values between the API and the database, per value kind and dialect:
 * `toDb` turns a coerced value (from the field registry) into what the driver binds (SQLite has no booleans),
 * `fromDb` turns what the driver returns into the API's shape (booleans, numbers, UTC date strings, JSON).
 */
import type { Dialect, ValueKind } from '@rowbase/core/fields/field-type';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A driver Date as 'YYYY-MM-DD HH:mm:ss'. pg builds timestamps without zone in local time; mysql (timezone Z) in UTC. */
function formatDriverDate(d: Date, dialect: Dialect, withTime: boolean): string {
  const local = dialect === 'pg';
  const y = local ? d.getFullYear() : d.getUTCFullYear();
  const mo = (local ? d.getMonth() : d.getUTCMonth()) + 1;
  const day = local ? d.getDate() : d.getUTCDate();
  const date = `${pad(y, 4)}-${pad(mo)}-${pad(day)}`;
  if (!withTime) return date;
  const h = local ? d.getHours() : d.getUTCHours();
  const mi = local ? d.getMinutes() : d.getUTCMinutes();
  const s = local ? d.getSeconds() : d.getUTCSeconds();
  return `${date} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

function parseJsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

export type Decoder = (v: unknown) => unknown;

/** The read-side decoder of one kind on one dialect. */
export function decoderOf(kind: ValueKind, dialect: Dialect): Decoder {
  switch (kind) {
    case 'id':
      return (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v);
    case 'integer':
    case 'decimal':
    case 'year':
      return (v) => (v === null || v === undefined || typeof v === 'number' ? v : Number(v));
    case 'boolean':
      return (v) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1' || v === 't');
    case 'date':
      return (v) =>
        v instanceof Date ? formatDriverDate(v, dialect, false) : typeof v === 'string' ? v.slice(0, 10) : v;
    case 'datetime':
      return (v) => {
        if (v === null || v === undefined) return v;
        const text = v instanceof Date ? formatDriverDate(v, dialect, true) : String(v).replace('T', ' ');
        return /[+-]\d{2}:\d{2}$|Z$/.test(text) ? text : `${text.slice(0, 19)}+00:00`;
      };
    case 'json':
    case 'attachment':
      return parseJsonText;
    default:
      return (v) => v;
  }
}

export type Encoder = (v: unknown) => unknown;

/** The write-side encoder: values the registry coerced, as the driver binds them. */
export function encoderOf(kind: ValueKind, dialect: Dialect): Encoder {
  if (kind === 'boolean' && (dialect === 'sqlite' || dialect === 'mysql')) {
    return (v) => (v === null || v === undefined ? v : v ? 1 : 0);
  }
  return (v) => v;
}
