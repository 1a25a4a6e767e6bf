import type { ColumnMeta } from '@rowbase/core/api/meta';
import { expect, it } from 'vitest';
import { decoderOf } from '../cell-codec.js';
import { csvLinesWriter, type CsvColumn } from './csv-cells.js';

const column = (uidt: string, at: number, formulaSafe = false): CsvColumn => ({
  at,
  formulaSafe,
  column: { id: `c${at}`, title: `c${at}`, column_name: `c${at}`, uidt, meta: {} } as unknown as ColumnMeta,
});

// Columns shown as their text take the fast path (strings and numbers without the formatter); a Decimal does not.
const columns = [
  column('SingleLineText', 0),
  column('Number', 1),
  column('PhoneNumber', 2, true),
  column('Decimal', 3),
];

it('writes text cells quoted, escaped and neutralised, and numbers as they are', () => {
  const lines = csvLinesWriter(columns);
  expect(
    lines([
      ['plain', 42, '+1 555', 2.5],
      ['say "hi"', -7, '=1', -1],
      ['a,b', 1e21, null, null],
      ['one\ntwo', null, 'x\ry', '3'],
      ['=SUM(A1)', 0.1 + 0.2, '-', 0],
      ['-5', 12n, '', 1.25],
      [null, '=1', '@', true],
      [true, { a: 1 }, 5, 'x,y'],
    ]),
  ).toBe(
    [
      'plain,42,+1 555,2.5',
      '"say ""hi""",-7,=1,-1.0',
      '"a,b",1e+21,,',
      '"one\ntwo",,"x\ry",3.0',
      "'=SUM(A1),0.30000000000000004,-,0.0",
      "'-5,12,,1.3",
      ",'=1,@,1.0",
      'true,"{""a"":1}",5,"x,y"',
      '',
    ].join('\r\n'),
  );
});

it('writes each date and date-time cell as a writer that saw no row before it does', () => {
  const dated = [
    { ...column('DateTime', 0), kind: 'datetime' as const },
    { ...column('CreatedTime', 1), kind: 'datetime' as const },
    { ...column('Date', 2), kind: 'date' as const },
  ];
  const decoders = dated.map((c) => decoderOf(c.kind, 'sqlite'));
  const times = ['2026-11-28 15:02:40', '2026-11-28 15:02:41', '2026-11-28T15:02:40Z', '2026-03-29 01:30:00+02:00'];
  const days = ['2024-02-02', '2024-02-03', '=2024'];
  const rows: unknown[][] = [];
  // Runs of equal values (the last cell reused), changes, and values that are not text between them.
  for (let i = 0; i < 60; i++) {
    const t = times[Math.floor(i / 5) % times.length]!;
    rows.push([i % 11 === 0 ? null : t, i % 13 === 0 ? 1_700_000_000 : times[i % 2]!, days[Math.floor(i / 3) % days.length]]);
  }
  const alone = rows.map((r) => csvLinesWriter(dated, decoders)([r])).join('');
  expect(csvLinesWriter(dated, decoders)(rows)).toBe(alone);
});
