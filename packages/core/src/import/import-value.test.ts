import { describe, expect, it } from 'vitest';
import { importConverter, importValue } from './import-value.js';

describe('importConverter', () => {
  it('reads dates in the column format, then in the first format a value fits, else keeps the text', () => {
    const iso = importConverter({ uidt: 'Date', dateFormat: 'YYYY-MM-DD' });
    expect(['2024-02-29', ' 2024-3-7 ', '31/12/2024', '2024-02-30', ''].map(iso)).toEqual([
      '2024-02-29',
      '2024-03-07',
      '2024-12-31',
      '2024-02-30',
      null,
    ]);
    const dmy = importConverter({ uidt: 'Date', dateFormat: 'DD/MM/YYYY' });
    expect(['05/01/2024', '2024-01-05', { value: '06/01/2024', formatted: '06/01/2024' }].map(dmy)).toEqual([
      '2024-01-05',
      '2024-01-05',
      '2024-01-06',
    ]);
  });

  it('turns any vocabulary word into a boolean and gives what importValue gives', () => {
    const box = importConverter({ uidt: 'Checkbox' });
    expect(['Yes', 'no', '✅', 'x', ' ON ', 'maybe'].map(box)).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(importValue(' red , blue ,', { uidt: 'MultiSelect' })).toBe('red,blue');
  });
});
