import { describe, expect, it } from 'vitest';
import { msiWidths } from './msi';
import { isBarShape, modules } from './test-helpers';

const one = [2, 1];
const zero = [1, 2];
const bcd = (bits: string) => [...bits].flatMap((b) => (b === '1' ? one : zero));

describe('MSI', () => {
  it('draws 1234 and its mod 10 check digit 4 as binary-coded digits', () => {
    const start = [2, 1];
    const stop = [1, 2, 1];
    expect(msiWidths('1234')).toEqual([
      ...start,
      ...bcd('0001'),
      ...bcd('0010'),
      ...bcd('0011'),
      ...bcd('0100'),
      ...bcd('0100'), // check digit 4
      ...stop,
    ]);
  });

  it('takes any number of digits: 3 + 12 per digit (check included) + 4 modules', () => {
    const w = msiWidths('80523')!;
    expect(isBarShape(w)).toBe(true);
    expect(modules(w)).toBe(3 + 12 * 6 + 4);
  });

  it('refuses anything but digits', () => {
    expect(msiWidths('12a4')).toBeUndefined();
    expect(msiWidths('-12')).toBeUndefined();
    expect(msiWidths('')).toBeUndefined();
  });
});
