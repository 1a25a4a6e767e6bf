/** Display of numeric cells: decimals, currency, percent and duration (seconds shown as h:mm[:ss[.s]]). */

/** Duration formats by `meta.duration` index, as NocoDB numbers them. */
export const DURATION_FORMATS = ['h:mm', 'h:mm:ss', 'h:mm:ss.s', 'h:mm:ss.ss', 'h:mm:ss.sss'] as const;

export function formatDuration(seconds: number, format: number): string {
  const sign = seconds < 0 ? '-' : '';
  const s = Math.abs(seconds);
  if (format <= 0) {
    const minutes = Math.round(s / 60);
    return `${sign}${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  }
  const digits = Math.min(3, format - 1);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const secText = digits
    ? sec.toFixed(digits).padStart(3 + digits, '0')
    : String(Math.floor(sec)).padStart(2, '0');
  return `${sign}${h}:${String(m).padStart(2, '0')}:${secText}`;
}

/**
 * Reads a typed duration: 'h:mm', 'h:mm:ss(.sss)', or a plain number of minutes (as NocoDB reads '90' as 1:30).
 * @example parseDuration('1:30') // 5400
 */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t) * 60;
  const m = /^(-)?(\d+):(\d{1,2})(?::(\d{1,2}(?:\.\d+)?))?$/.exec(t);
  if (!m) return undefined;
  const total = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  return m[1] ? -total : total;
}

const currencyFormatters = new Map<string, Intl.NumberFormat>();

export function formatCurrency(value: number, locale = 'en-US', code = 'USD', precision?: number): string {
  const key = `${locale}|${code}|${precision ?? ''}`;
  let f = currencyFormatters.get(key);
  if (!f) {
    const digits =
      precision === undefined
        ? {}
        : {
            minimumFractionDigits: Math.max(0, Math.min(8, precision)),
            maximumFractionDigits: Math.max(0, Math.min(8, precision)),
          };
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency: code, ...digits });
    } catch {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...digits });
    }
    currencyFormatters.set(key, f);
  }
  return f.format(value);
}

export function formatDecimal(value: number, precision: number): string {
  return value.toFixed(Math.max(0, Math.min(8, precision)));
}

/** Parses a typed or pasted number, tolerating thousands separators and currency symbols. */
export function parseNumber(text: string): number | undefined {
  const t = text.trim().replace(/[,\s$€£¥₹%]/g, '');
  if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return undefined;
  return Number(t);
}
