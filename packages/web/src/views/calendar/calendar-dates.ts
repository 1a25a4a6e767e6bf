/**
 * Dates of the calendar view, in the viewer's time zone: the days a month or week shows (weeks start on
 * Monday), the day a stored value falls on, and the value that moves a record to another day. A Date field
 * stores a plain day ('YYYY-MM-DD', no zone); a DateTime stores an instant, which lands on the viewer's local
 * day and keeps its local time of day when moved.
 */
export type Mode = 'month' | 'week' | 'day';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a local date. */
export function dayKey(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The local day of a day key (noon, so that a clock change never moves it to another day). */
export function fromDayKey(key: string): Date {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 12);
}

/** Monday of the week of a date. */
export function weekStart(d: Date): Date {
  const out = new Date(d.getFullYear(), d.getMonth(), d.getDate(), 12);
  out.setDate(out.getDate() - ((out.getDay() + 6) % 7));
  return out;
}

/** The days on screen: six weeks around a month, one week, or one day. */
export function daysShown(anchor: Date, mode: Mode): Date[] {
  const first =
    mode === 'month'
      ? weekStart(new Date(anchor.getFullYear(), anchor.getMonth(), 1, 12))
      : mode === 'week'
        ? weekStart(anchor)
        : new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate(), 12);
  const count = mode === 'month' ? 42 : mode === 'week' ? 7 : 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(first);
    d.setDate(first.getDate() + i);
    return d;
  });
}

/** The anchor one step back or forward. */
export function step(anchor: Date, mode: Mode, by: number): Date {
  const d = new Date(anchor);
  if (mode === 'month') d.setMonth(d.getMonth() + by, 1);
  else d.setDate(d.getDate() + by * (mode === 'week' ? 7 : 1));
  return d;
}

/** The day key a stored value falls on, or undefined when it holds no date. */
export function dayOfValue(value: unknown, isDateTime: boolean): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (!isDateTime) return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
  // Stored instants are UTC; a value without a zone is read as UTC too.
  const iso = value.trim().replace(' ', 'T');
  const d = new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(iso) ? iso : iso + 'Z');
  return Number.isNaN(d.getTime()) ? undefined : dayKey(d);
}

/** The value that puts a record on another day; a DateTime keeps its local time of day (9:00 when it had none). */
export function moveToDay(value: unknown, day: string, isDateTime: boolean): string {
  if (!isDateTime) return day;
  const before = typeof value === 'string' && value ? new Date(value) : undefined;
  const target = fromDayKey(day);
  const hasTime = before && !Number.isNaN(before.getTime());
  target.setHours(
    hasTime ? before.getHours() : 9,
    hasTime ? before.getMinutes() : 0,
    hasTime ? before.getSeconds() : 0,
    0,
  );
  return target.toISOString();
}
