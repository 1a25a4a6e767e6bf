/**
 * The export's date and date-time formatters give exactly core's cellFormatter text (docs/imports.md, Exports:
 * date cells), in zones with daylight saving, half-hour offsets and none, around their changes.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { cellFormatter } from '@rowbase/core/fields/display/cell-text';
import { afterAll, describe, expect, it } from 'vitest';
import { exportCellFormatter } from './date-cells.js';

const zoneBefore = process.env.TZ;
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const column = (uidt: string, meta?: Record<string, unknown>) => ({ id: 'c', title: 'C', uidt, meta }) as ColumnMeta;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Date-times as the database and drivers give them: every hour around daylight-saving changes, and random ones. */
function dateTimes(): string[] {
  const out: string[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const shapes = ['', '+00:00', 'Z', '.5', '.123Z', '+05:30', '-08:00'];
  const add = (ms: number, shape: string, sep: string) => {
    const d = new Date(ms);
    const text =
      `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}${sep}` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    out.push(text + shape);
  };
  // Both 2024 changes of New York, Berlin and Lord Howe Island (30-minute saving), each minute of the day around.
  for (const day of ['2024-03-10', '2024-11-03', '2024-03-31', '2024-10-27', '2024-04-07', '2024-10-06']) {
    const midnight = Date.parse(`${day}T00:00:00Z`);
    for (let m = -12 * 60; m < 36 * 60; m += 7) add(midnight + m * 60_000 + (m % 60) * 1000, shapes[m % 3]!, ' ');
  }
  for (let i = 0; i < 4000; i++) {
    const ms = Date.UTC(1990, 0, 1) + Math.floor(random() * 45 * 365 * 86400) * 1000;
    add(ms, shapes[i % shapes.length]!, i % 2 ? 'T' : ' ');
  }
  out.push('', 'not a date', '2024-02-30 10:00:00', '2024-01-02 10:00', '2024-01-02 24:00:00');
  return out;
}

describe('export date-time cells', () => {
  const values = dateTimes();
  const metas = [undefined, { date_format: 'DD-MM-YYYY', time_format: 'hh:mm:ss A' }, { time_format: 'HH:mm:ss' }];
  for (const zone of ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
    it(`writes what core's formatter writes in ${zone}`, () => {
      process.env.TZ = zone;
      for (const uidt of ['DateTime', 'CreateTime', 'LastModifiedTime']) {
        for (const meta of metas) {
          const fast = exportCellFormatter(column(uidt, meta));
          const core = cellFormatter(column(uidt, meta));
          // Twice: the second pass reads the hours the first one cached.
          for (let pass = 0; pass < 2; pass++)
            for (const v of values) if (fast(v) !== core(v)) expect([v, fast(v)]).toEqual([v, core(v)]);
        }
      }
    });
  }

  it('shows a stored UTC time in the server zone, seconds as the format asks', () => {
    process.env.TZ = 'Europe/Berlin';
    const f = exportCellFormatter(column('DateTime', { date_format: 'DD/MM/YYYY', time_format: 'HH:mm:ss' }));
    expect(f('2024-07-01 22:30:15+00:00')).toBe('02/07/2024 00:30:15');
    expect(f('2024-01-01 22:30:15.999Z')).toBe('01/01/2024 23:30:15');
    expect(f(null)).toBe('');
  });
});

describe('export date cells', () => {
  it('writes what core writes for each day, however often it repeats', () => {
    const f = exportCellFormatter(column('Date', { date_format: 'DD.MM.YY' }));
    const core = cellFormatter(column('Date', { date_format: 'DD.MM.YY' }));
    const days = ['2024-02-29', '2023-02-29', '1999-12-31', '2024-02-29', 'someday', '', '2024-02-29 10:00:00'];
    expect(days.map(f)).toEqual(days.map(core));
    expect(f('2024-02-29')).toBe('29.02.24');
    expect(f(undefined)).toBe('');
  });
});
