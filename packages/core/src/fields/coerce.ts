/**
 * Coercers per value kind: turn what a client sent into what the database stores, or say why not.
 * Messages name the field so a bulk write can point at the bad cell.
 */
import { INVALID_CELL, type CellContext, type CellConverter, type CellResult } from './field-type.js';
import { exactIsoDate, isCalendarDay } from './iso-date.js';

const ok = (value: unknown): CellResult => ({ ok: true, value });
const fail = (error: string): CellResult => ({ ok: false, error });
const show = (v: unknown) => (typeof v === 'string' ? `'${v}'` : JSON.stringify(v));

/** A `coerce` hook that carries its allocation-free form (`FieldTypeDef.convert`). */
export type CellCoercer = ((value: unknown, ctx: CellContext) => CellResult) & { convert: CellConverter };

/**
 * One coercer written once: `convert` gives the stored value or `INVALID_CELL`, `message` says why a value
 * was refused (asked only then). The result is the `coerce` hook, with `convert` on it for the bulk paths.
 */
export function cellCoercer(
  convert: CellConverter,
  message: (value: unknown, ctx: CellContext) => string,
): CellCoercer {
  const coerce = (value: unknown, ctx: CellContext): CellResult => {
    const v = convert(value, ctx);
    return v === INVALID_CELL ? fail(message(value, ctx)) : ok(v);
  };
  return Object.assign(coerce, { convert });
}

/** The `convert` of a `coerce` hook: its own when made by `cellCoercer`, else one read off its result. */
export function convertOf(coerce: (value: unknown, ctx: CellContext) => CellResult): CellConverter {
  const own = (coerce as Partial<CellCoercer>).convert;
  if (own) return own;
  return (value, ctx) => {
    const r = coerce(value, ctx);
    return r.ok ? r.value : INVALID_CELL;
  };
}

const textExpected = (value: unknown, ctx: CellContext) =>
  `Invalid value ${show(value)} for field '${ctx.column.title}': text expected`;

export const coerceText = cellCoercer((value) => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return INVALID_CELL;
}, textExpected);

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return undefined;
    const n = Number(t);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export const coerceInteger = cellCoercer(
  (value) => {
    if (value === '') return null;
    const n = toNumber(value);
    return n === undefined || !Number.isInteger(n) ? INVALID_CELL : n;
  },
  (value, ctx) => `Invalid value ${show(value)} for field '${ctx.column.title}': an integer is expected`,
);

export const coerceDecimal = cellCoercer(
  (value) => {
    if (value === '') return null;
    const n = toNumber(value);
    return n === undefined ? INVALID_CELL : n;
  },
  (value, ctx) => `Invalid value ${show(value)} for field '${ctx.column.title}': a number is expected`,
);

const TRUE_WORDS = new Set([
  'true',
  '1',
  'yes',
  'y',
  'checked',
  'on',
  'x',
  '[x]',
  'enabled',
  'done',
  '✓',
  '✔',
]);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'unchecked', 'off', '', '[]', 'disabled']);

export const coerceBoolean = cellCoercer(
  (value) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === 0) return value === 1;
    if (typeof value === 'string') {
      const w = value.trim().toLowerCase();
      if (TRUE_WORDS.has(w)) return true;
      if (FALSE_WORDS.has(w)) return false;
    }
    return INVALID_CELL;
  },
  (value, ctx) => `Invalid value ${show(value)} for field '${ctx.column.title}': true or false is expected`,
);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Dates as docs/behaviour/validation.md accepts them: YYYY-MM-DD, YYYY/MM/DD, DD-MM-YYYY, MM/DD/YYYY... and ISO datetimes. */
function parseDateParts(text: string): { y: number; m: number; d: number } | undefined {
  const s = text.trim();
  let m = /^(\d{4})[-/ ](\d{1,2})[-/ ](\d{1,2})/.exec(s);
  if (m) return valid(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[-/ ](\d{1,2})[-/ ](\d{4})$/.exec(s);
  if (m) {
    const a = +m[1]!;
    const b = +m[2]!;
    // DD-MM-YYYY when the first part cannot be a month, else MM-DD-YYYY.
    return a > 12 ? valid(+m[3]!, b, a) : valid(+m[3]!, a, b);
  }
  return undefined;
}

/**
 * The date exists. Years 0–99 are refused: they were read as 19xx (Date.UTC's rule) and so never matched
 * their own text.
 */
function valid(y: number, m: number, d: number) {
  return y >= 100 && isCalendarDay(y, m, d) ? { y, m, d } : undefined;
}

export const coerceDate = cellCoercer(
  (value) => {
    if (value === '') return null;
    if (value instanceof Date && !isNaN(value.getTime())) {
      return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    }
    if (typeof value !== 'string') return INVALID_CELL;
    // Already YYYY-MM-DD (as imports write it): checked without a regular expression or a copy.
    const iso = exactIsoDate(value);
    if (iso >= 0) {
      const y = Math.floor(iso / 10_000);
      return y >= 100 && isCalendarDay(y, Math.floor(iso / 100) % 100, iso % 100) ? value : INVALID_CELL;
    }
    const p = parseDateParts(value);
    return p ? `${pad(p.y, 4)}-${pad(p.m)}-${pad(p.d)}` : INVALID_CELL;
  },
  (value, ctx) => `Invalid date ${show(value)} for field '${ctx.column.title}'`,
);

/** Datetimes are stored in UTC as `YYYY-MM-DD HH:mm:ss`; input without an offset is read as UTC. */
export function coerceDateTime(value: unknown, ctx: CellContext): CellResult {
  if (value === '') return ok(null);
  let date: Date | undefined;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    const s = value.trim();
    const m =
      /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
        s,
      );
    if (m) {
      const [, y, mo, d, h = '0', mi = '0', sec = '0', , tz] = m;
      if (valid(+y!, +mo!, +d!) && +h < 24 && +mi < 60 && +sec < 60) {
        const utc = Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +sec);
        date = new Date(utc - tzOffsetMinutes(tz) * 60_000);
      }
    }
  }
  if (!date || isNaN(date.getTime())) {
    return fail(`Invalid datetime ${show(value)} for field '${ctx.column.title}'`);
  }
  return ok(
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
      `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`,
  );
}

function tzOffsetMinutes(tz: string | undefined): number {
  if (!tz || tz.toUpperCase() === 'Z') return 0;
  const sign = tz.startsWith('-') ? -1 : 1;
  const digits = tz.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

export function coerceTime(value: unknown, ctx: CellContext): CellResult {
  if (value === '') return ok(null);
  const m =
    typeof value === 'string'
      ? /^(?:\d{4}-\d{2}-\d{2}[ T])?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(value.trim())
      : null;
  if (!m || +m[1]! > 23 || +m[2]! > 59 || +(m[3] ?? 0) > 59) {
    return fail(`Invalid time ${show(value)} for field '${ctx.column.title}'`);
  }
  return ok(`${pad(+m[1]!)}:${m[2]}:${m[3] ?? '00'}`);
}

export function coerceYear(value: unknown, ctx: CellContext): CellResult {
  const r = coerceInteger(value, ctx);
  if (!r.ok || r.value === null) return r;
  const y = r.value as number;
  return y >= 1 && y <= 9999 ? r : fail(`Invalid year ${show(value)} for field '${ctx.column.title}'`);
}

const titleSets = new WeakMap<object, ReadonlySet<string>>();

/**
 * Option titles of a select column (from colOptions), as a set made once per options list (an import checks a
 * million cells against the same list).
 */
export function selectOptionTitles(ctx: CellContext): ReadonlySet<string> | undefined {
  const opts = ctx.column.colOptions;
  if (!opts || !('options' in opts) || !Array.isArray(opts.options)) return undefined;
  let titles = titleSets.get(opts.options);
  if (!titles) titleSets.set(opts.options, (titles = new Set(opts.options.map((o) => o.title))));
  return titles;
}

export const coerceSelect = cellCoercer(
  (value, ctx) => {
    if (value === '') return null;
    if (typeof value !== 'string' && typeof value !== 'number') return INVALID_CELL;
    const v = String(value);
    const titles = selectOptionTitles(ctx);
    return titles && !titles.has(v) ? INVALID_CELL : v;
  },
  (value, ctx) =>
    typeof value !== 'string' && typeof value !== 'number'
      ? `Invalid value ${show(value)} for field '${ctx.column.title}': an option title is expected`
      : `Invalid option(s) "${String(value)}" provided for column "${ctx.column.title}"`,
);

/** Multi-select values are stored comma-joined; input is an array or a comma-separated string. */
export function coerceMultiSelect(value: unknown, ctx: CellContext): CellResult {
  let parts: string[];
  if (Array.isArray(value)) parts = value.map((v) => String(v).trim());
  else if (typeof value === 'string') parts = value.split(',').map((v) => v.trim());
  else
    return fail(`Invalid value ${show(value)} for field '${ctx.column.title}': option titles are expected`);
  parts = [...new Set(parts.filter((p) => p !== ''))];
  if (parts.length === 0) return ok(null);
  const titles = selectOptionTitles(ctx);
  const bad = titles ? parts.filter((p) => !titles.has(p)) : [];
  if (bad.length)
    return fail(`Invalid option(s) "${bad.join(', ')}" provided for column "${ctx.column.title}"`);
  return ok(parts.join(','));
}

/** JSON is stored as its text; a string must itself be valid JSON. */
export function coerceJson(value: unknown, ctx: CellContext): CellResult {
  if (typeof value === 'string') {
    try {
      JSON.parse(value);
      return ok(value);
    } catch {
      return fail(`Invalid JSON for field '${ctx.column.title}'`);
    }
  }
  return ok(JSON.stringify(value));
}

/** Attachments: a list of `{ url | path, title?, mimetype?, size? }` objects, stored as JSON text. */
export function coerceAttachment(value: unknown, ctx: CellContext): CellResult {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return fail(`Invalid attachment value for field '${ctx.column.title}': a JSON list is expected`);
    }
  }
  if (!Array.isArray(list))
    return fail(`Invalid attachment value for field '${ctx.column.title}': a list is expected`);
  for (const item of list) {
    const it = item as Record<string, unknown> | null;
    if (!it || typeof it !== 'object' || (typeof it.url !== 'string' && typeof it.path !== 'string')) {
      return fail(`Invalid attachment value for field '${ctx.column.title}': each item needs a url or path`);
    }
  }
  return ok(JSON.stringify(list));
}

/** GeoData is "latitude;longitude". */
export function coerceGeo(value: unknown, ctx: CellContext): CellResult {
  if (value === '') return ok(null);
  const m =
    typeof value === 'string' ? /^\s*(-?\d+(?:\.\d+)?)\s*;\s*(-?\d+(?:\.\d+)?)\s*$/.exec(value) : null;
  if (!m || Math.abs(+m[1]!) > 90 || Math.abs(+m[2]!) > 180) {
    return fail(
      `Invalid GeoData ${show(value)} for field '${ctx.column.title}': "latitude;longitude" is expected`,
    );
  }
  return ok(`${m[1]};${m[2]}`);
}

/** A text value that must pass a checker; the message is 'Validation failed : isEmail' (docs/behaviour/validation.md). */
export function checkedText(checkName: string, check: (s: string) => boolean): CellCoercer {
  return cellCoercer(
    (value, ctx) => {
      const text = coerceText.convert(value, ctx);
      if (text === INVALID_CELL || text === '') return text;
      const trimmed = (text as string).trim();
      return check(trimmed) ? trimmed : INVALID_CELL;
    },
    (value, ctx) =>
      coerceText.convert(value, ctx) === INVALID_CELL
        ? textExpected(value, ctx)
        : `Validation failed : ${checkName}`,
  );
}
