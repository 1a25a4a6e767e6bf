import { describe, expect, it } from 'vitest';
import { dayKey, dayOfValue, daysShown, moveToDay, step } from './calendar-dates';

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
});
