import { describe, expect, it } from 'vitest';
import { resultToCsv } from './sql-csv';

describe('resultToCsv', () => {
  it('quotes commas, quotes and line breaks; null is an empty field', () => {
    const csv = resultToCsv({
      columns: [{ name: 'name' }, { name: 'note' }],
      rows: [
        ['Ann', 'says "hi", twice'],
        ['Bob', null],
        [3, 'a\nb'],
      ],
    });
    expect(csv).toBe('name,note\r\nAnn,"says ""hi"", twice"\r\nBob,\r\n3,"a\nb"\r\n');
  });
});
