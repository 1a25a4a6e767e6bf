import type { ColumnMeta } from '@rowbase/core/api/meta';
import { expect, it } from 'vitest';
import { decoderOf } from '../cell-codec.js';
import { sheetCellsWriter } from './sheet-xml.js';

const column = (uidt: string, at: number) => ({
  at,
  column: { id: `c${at}`, title: `c${at}`, column_name: `c${at}`, uidt, meta: {} } as unknown as ColumnMeta,
});

it('writes each date and date-time cell as a writer that saw no row before it does', () => {
  const dated = [column('DateTime', 0), column('LastModifiedTime', 1), column('Date', 2)];
  const decoders = (['datetime', 'datetime', 'date'] as const).map((k) => decoderOf(k, 'sqlite'));
  const times = ['2026-11-28 15:02:40', '2026-11-28 15:02:41', '2026-11-28T15:02:40Z', '2026-03-29 01:30:00+02:00'];
  const days = ['2024-02-02', '2024-02-03', '2024-13-45'];
  const rows: unknown[][] = [];
  // Runs of equal values (the last cell reused), changes, and values that are not text between them.
  for (let i = 0; i < 60; i++) {
    const t = times[Math.floor(i / 5) % times.length]!;
    rows.push([i % 11 === 0 ? null : t, i % 13 === 0 ? 1_700_000_000 : times[i % 2]!, days[Math.floor(i / 3) % days.length]]);
  }
  const alone = rows.map((r) => sheetCellsWriter(dated, decoders)([r])[0]);
  expect(sheetCellsWriter(dated, decoders)(rows)).toEqual(alone);
});
