import { describe, expect, it } from 'vitest';
import { parseTsv, toTsv } from './tsv';

describe('TSV', () => {
  it('reads what spreadsheets copy, including quoted cells with tabs and newlines', () => {
    expect(parseTsv('a\tb\r\nc\td\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('"line1\nline2"\t"say ""hi"""\nx\t')).toEqual([
      ['line1\nline2', 'say "hi"'],
      ['x', ''],
    ]);
    expect(parseTsv('5" screen\tok')).toEqual([['5" screen', 'ok']]);
    expect(parseTsv('')).toEqual([]);
  });

  it('round-trips through its own output', () => {
    const rows = [
      ['plain', 'tab\there', ''],
      ['quote "q"', 'multi\nline', '42'],
    ];
    expect(parseTsv(toTsv(rows))).toEqual(rows);
    expect(
      toTsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a\tb\nc\td');
  });
});
