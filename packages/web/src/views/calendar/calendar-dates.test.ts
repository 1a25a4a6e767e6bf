import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  dayKey,
  dayOfValue,
  daysShown,
  hourOfValue,
  moveToDay,
  movedEnd,
  resizedRange,
  shiftDays,
  spanOf,
  step,
} from './calendar-dates';

describe('calendar dates', () => {
  it('shows six weeks for a month, starting on the Monday before the 1st', () => {
    const days = daysShown(new Date(2026, 10, 15), 'month');
    expect(days).toHaveLength(42);
    expect(dayKey(days[0]!)).toBe('2026-10-26');
    expect(days[0]!.getDay()).toBe(1);
    expect(days.map(dayKey)).toContain('2026-11-30');
  });

  it('shows a week from Monday to Sunday, and steps by months, weeks and days', () => {
    expect(daysShown(new Date(2026, 10, 22), 'week').map(dayKey)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(dayKey(step(new Date(2026, 0, 31), 'month', 1))).toBe('2026-02-01');
    expect(dayKey(step(new Date(2026, 10, 22), 'week', -1))).toBe('2026-11-15');
  });

  it('puts a plain date on its own day whatever the zone, and an instant on the local day', () => {
    expect(dayOfValue('2026-11-23', false)).toBe('2026-11-23');
    expect(dayOfValue('', false)).toBeUndefined();
    const instant = new Date(2026, 10, 23, 23, 30).toISOString();
    expect(dayOfValue(instant, true)).toBe('2026-11-23');
  });

  it('moves a date to a day as a plain date, and an instant keeping its local time of day', () => {
    expect(moveToDay('2026-11-23', '2026-11-25', false)).toBe('2026-11-25');
    const before = new Date(2026, 10, 23, 23, 30).toISOString();
    const after = new Date(moveToDay(before, '2026-11-25', true));
    expect(dayKey(after)).toBe('2026-11-25');
    expect([after.getHours(), after.getMinutes()]).toEqual([23, 30]);
    expect(new Date(moveToDay(null, '2026-11-25', true)).getHours()).toBe(9);
  });
});

describe('stored instants', () => {
  it('reads the forms the server sends', () => {
    const utcNoon = '2026-11-23T12:00:00.000Z';
    const local = dayKey(new Date(utcNoon));
    expect(dayOfValue('2026-11-23 12:00:00+00:00', true)).toBe(local);
    expect(dayOfValue('2026-11-23 12:00:00', true)).toBe(local);
    expect(dayOfValue(utcNoon, true)).toBe(local);
  });

  it('shows every day of a year and steps by years', () => {
    const days = daysShown(new Date(2028, 5, 9), 'year');
    expect(days).toHaveLength(366);
    expect(dayKey(days[0]!)).toBe('2028-01-01');
    expect(dayKey(days[365]!)).toBe('2028-12-31');
    expect(step(new Date(2028, 5, 9), 'year', 1).getFullYear()).toBe(2029);
  });

  it('places a DateTime at its local hour and moves it to a dropped hour, keeping its minutes', () => {
    const at = new Date(2026, 10, 20, 14, 30).toISOString();
    expect(hourOfValue(at, true)).toBe(14);
    expect(hourOfValue('2026-11-20', false)).toBeUndefined();
    const moved = new Date(moveToDay(at, '2026-11-22', true, 8));
    expect([dayKey(moved), moved.getHours(), moved.getMinutes()]).toEqual(['2026-11-22', 8, 30]);
    expect(moveToDay('2026-11-20', '2026-11-22', false, 8)).toBe('2026-11-22');
  });

  it('spans a range across its days, and shifts its end with its start', () => {
    expect(spanOf('2026-11-29', '2026-12-02', false)).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(spanOf('2026-11-29', null, false)).toEqual(['2026-11-29']);
    expect(spanOf('2026-11-29', '2026-11-01', false)).toEqual(['2026-11-29']);
    expect(spanOf(null, '2026-11-01', false)).toBeUndefined();
    expect(daysBetween('2026-11-29', '2026-12-02')).toBe(3);
    expect(shiftDays('2026-12-02', 3, false)).toBe('2026-12-05');
    const end = new Date(2026, 10, 20, 17, 0).toISOString();
    const shifted = new Date(shiftDays(end, -2, true) as string);
    expect([dayKey(shifted), shifted.getHours()]).toEqual(['2026-11-18', 17]);
    const start = new Date(2026, 10, 20, 9, 0).toISOString();
    const moved = new Date(2026, 10, 22, 14, 0).toISOString();
    expect(movedEnd(end, start, moved, true, 2)).toBe(new Date(2026, 10, 22, 22, 0).toISOString());
    expect(movedEnd('2026-11-21', '2026-11-20', '2026-11-23', false, 3)).toBe('2026-11-24');
  });

  it('moves one edge of a range to a day, and refuses a range that would end before it starts', () => {
    const range = { start: '2026-05-04', end: '2026-05-06', isDateTime: false };
    expect(resizedRange({ ...range, edge: 'end', day: '2026-05-08' })).toEqual({
      field: 'end',
      value: '2026-05-08',
    });
    expect(resizedRange({ ...range, edge: 'start', day: '2026-05-01' })).toEqual({
      field: 'start',
      value: '2026-05-01',
    });
    expect(resizedRange({ ...range, edge: 'end', day: '2026-05-04' })).toEqual({
      field: 'end',
      value: '2026-05-04',
    });
    expect(resizedRange({ ...range, edge: 'end', day: '2026-05-03' })).toBe('endBeforeStart');
    expect(resizedRange({ ...range, edge: 'start', day: '2026-05-07' })).toBe('endBeforeStart');
    expect(resizedRange({ ...range, edge: 'end', day: '2026-05-06' })).toBeUndefined();
    // A record without an end gets one.
    expect(resizedRange({ ...range, end: null, edge: 'end', day: '2026-05-09' })).toEqual({
      field: 'end',
      value: '2026-05-09',
    });
  });

  it('keeps the local time of day of the edge it moves on a DateTime range', () => {
    const start = new Date(2026, 4, 4, 9, 30).toISOString();
    const end = new Date(2026, 4, 6, 17, 15).toISOString();
    const moved = resizedRange({ start, end, edge: 'end', day: '2026-05-08', isDateTime: true });
    expect(moved).toEqual({ field: 'end', value: new Date(2026, 4, 8, 17, 15).toISOString() });
    const empty = resizedRange({ start, end: '', edge: 'end', day: '2026-05-05', isDateTime: true });
    expect(empty).toEqual({ field: 'end', value: new Date(2026, 4, 5, 9, 30).toISOString() });
    expect(resizedRange({ start, end, edge: 'start', day: '2026-05-06', isDateTime: true, hour: 18 })).toBe(
      'endBeforeStart',
    );
  });
});
