import { describe, expect, it } from 'vitest';
import type { ColumnMeta } from '../../api/meta.js';
import { cellText, showsAsText } from './cell-text.js';

const col = (uidt: string, meta: Record<string, unknown> = {}) => ({ uidt, title: uidt, meta }) as ColumnMeta;

describe('cellText (the grid display of a value, for exports)', () => {
  it('formats numbers by their field options', () => {
    expect(cellText(5400, col('Duration'))).toBe('1:30');
    expect(cellText(5430, col('Duration', { duration: 1 }))).toBe('1:30:30');
    expect(cellText(2.5, col('Decimal', { precision: 3 }))).toBe('2.500');
    expect(cellText(12, col('Percent'))).toBe('12%');
    expect(cellText(5, col('Currency'))).toBe('$5.00');
  });
  it('formats dates in the field display format', () => {
    expect(cellText('2024-05-31', col('Date', { date_format: 'DD-MM-YYYY' }))).toBe('31-05-2024');
    expect(cellText('2024-05-31', col('Date'))).toBe('2024/05/31');
    expect(cellText('13:05:00', col('Time'))).toBe('13:05');
  });
  it('names linked records, lookups, selections and attachments by their labels', () => {
    expect(
      cellText(
        [
          { Id: 1, Title: 'Roof' },
          { Id: 2, Title: 'Walls' },
        ],
        col('Lookup'),
      ),
    ).toBe('Roof, Walls');
    expect(cellText({ Id: 3, Title: 'Acme' }, col('Links'))).toBe('Acme');
    expect(cellText(2, col('Links'))).toBe('2');
    expect(cellText('a,b', col('MultiSelect'))).toBe('a, b');
    expect(cellText([{ title: 'red.png', path: 'x' }], col('Attachment'))).toBe('red.png');
    expect(cellText(false, col('Checkbox'))).toBe('false');
    expect(cellText(null, col('SingleLineText'))).toBe('');
  });
});

it("says which types show a string as it is and a number by String (the exports' fast path)", () => {
  const shown = [
    'SingleLineText',
    'LongText',
    'Email',
    'Number',
    'SingleSelect',
    'Decimal',
    'Date',
    'Checkbox',
  ].filter((uidt) => showsAsText({ uidt } as ColumnMeta));
  expect(shown).toEqual(['SingleLineText', 'LongText', 'Email', 'Number', 'SingleSelect']);
});
