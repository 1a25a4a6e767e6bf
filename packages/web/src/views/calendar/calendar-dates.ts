/**
 * Dates of the calendar view, in the viewer's time zone: the days a month or week shows (weeks start on
 * Monday), the day a stored value falls on, and the value that moves a record to another day. A Date field
 * stores a plain day ('YYYY-MM-DD', no zone); a DateTime stores an instant, which lands on the viewer's local
 * day and keeps its local time of day when moved (or takes the hour it is dropped on). A range (start and end
 * fields) covers the days between them.
 */
export type Mode = 'year' | 'month' | 'week' | 'day';

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

/** The days on screen: every day of a year, six weeks around a month, one week, or one day. */
export function daysShown(anchor: Date, mode: Mode): Date[] {
  if (mode === 'year') {
    const out: Date[] = [];
    for (let d = new Date(anchor.getFullYear(), 0, 1, 12); d.getFullYear() === anchor.getFullYear();) {
      out.push(new Date(d));
      d.setDate(d.getDate() + 1);
    }
    return out;
  }
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
  if (mode === 'year') d.setFullYear(d.getFullYear() + by, 0, 1);
  else if (mode === 'month') d.setMonth(d.getMonth() + by, 1);
  else d.setDate(d.getDate() + by * (mode === 'week' ? 7 : 1));
  return d;
}

/** The day key a stored value falls on, or undefined when it holds no date. */
export function dayOfValue(value: unknown, isDateTime: boolean): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (!isDateTime) return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
  // Stored instants are UTC; a value without a zone is read as UTC too.
  const d = instantOf(value);
  return d ? dayKey(d) : undefined;
}

/** A stored DateTime as a Date (a value without a zone is UTC), or undefined. */
function instantOf(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const iso = value.trim().replace(' ', 'T');
  const d = new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(iso) ? iso : iso + 'Z');
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * The value that puts a record on another day, at `hour` when given; a DateTime otherwise keeps its local time
 * of day (9:00 when it had none), and its minutes when moved to an hour. A Date takes the day alone.
 */
export function moveToDay(value: unknown, day: string, isDateTime: boolean, hour?: number): string {
  if (!isDateTime) return day;
  const before = instantOf(value);
  const target = fromDayKey(day);
  target.setHours(hour ?? before?.getHours() ?? 9, before?.getMinutes() ?? 0, before?.getSeconds() ?? 0, 0);
  return target.toISOString();
}

/** The local hour of a DateTime value (for the day and week grids); undefined for a Date or no value. */
export function hourOfValue(value: unknown, isDateTime: boolean): number | undefined {
  return isDateTime ? instantOf(value)?.getHours() : undefined;
}

/** Whole days from one day key to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((fromDayKey(to).getTime() - fromDayKey(from).getTime()) / 86_400_000);
}

/** A value moved by whole days, keeping its local time of day. */
export function shiftDays(value: unknown, days: number, isDateTime: boolean): unknown {
  const day = dayOfValue(value, isDateTime);
  if (!day) return value;
  const target = fromDayKey(day);
  target.setDate(target.getDate() + days);
  return moveToDay(value, dayKey(target), isDateTime);
}

/**
 * A range's end after its start moved from `start` to `moved`: a DateTime end by the same time (the range keeps
 * its length to the minute), a Date end by the same days.
 */
export function movedEnd(
  end: unknown,
  start: unknown,
  moved: unknown,
  isDateTime: boolean,
  days: number,
): unknown {
  if (!isDateTime) return shiftDays(end, days, false);
  const [a, b, e] = [instantOf(start), instantOf(moved), instantOf(end)];
  return a && b && e ? new Date(e.getTime() + b.getTime() - a.getTime()).toISOString() : end;
}

/** The most days a range is drawn across. */
const MAX_SPAN = 366;

/**
 * The days a record covers: from its start day to its end day (both shown), just the start day when it has
 * no end or ends before it starts; undefined without a start.
 */
export function spanOf(start: unknown, end: unknown, isDateTime: boolean): string[] | undefined {
  const first = dayOfValue(start, isDateTime);
  if (!first) return undefined;
  const last = dayOfValue(end, isDateTime);
  const length = last ? Math.min(MAX_SPAN, daysBetween(first, last)) : 0;
  if (length <= 0) return [first];
  const d = fromDayKey(first);
  return Array.from({ length: length + 1 }, (_, i) => {
    const x = new Date(d);
    x.setDate(d.getDate() + i);
    return dayKey(x);
  });
}

/** Which end of a range a dragged edge moves. */
export type Edge = 'start' | 'end';

/**
 * The patch that moves one edge of a range to a day (to `hour` when dropped on one, else keeping that edge's
 * local time of day; an end that was empty starts from the start's time), or `endBeforeStart` when the range
 * would end before it starts. `undefined` when nothing changes.
 * @example resizedRange({ start: '2026-05-04', end: '2026-05-06', edge: 'end', day: '2026-05-08', isDateTime: false })
 * // { field: 'end', value: '2026-05-08' }
 */
export function resizedRange(o: {
  start: unknown;
  end: unknown;
  edge: Edge;
  day: string;
  isDateTime: boolean;
  hour?: number;
}): { field: Edge; value: string } | 'endBeforeStart' | undefined {
  const moving = o.edge === 'start' ? o.start : dayOfValue(o.end, o.isDateTime) ? o.end : o.start;
  const value = moveToDay(moving, o.day, o.isDateTime, o.hour);
  const start = o.edge === 'start' ? value : o.start;
  const end = o.edge === 'end' ? value : o.end;
  if (o.edge === 'end' ? value === o.end : value === o.start) return undefined;
  if (dayOfValue(start, o.isDateTime) && dayOfValue(end, o.isDateTime)) {
    const before = o.isDateTime
      ? instantOf(end)!.getTime() < instantOf(start)!.getTime()
      : String(end).slice(0, 10) < String(start).slice(0, 10);
    if (before) return 'endBeforeStart';
  }
  return { field: o.edge, value };
}
