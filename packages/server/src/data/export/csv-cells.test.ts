import type { ColumnMeta } from '@rowbase/core/api/meta';
import { expect, it } from 'vitest';
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
