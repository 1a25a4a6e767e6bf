import { describe, expect, it } from 'vitest';
import { pharmacodeWidths } from './pharmacode';
import { modules } from './test-helpers';

/** Reads the value back: from the right, a narrow bar in place i adds 2^i, a wide one 2 × 2^i. */
const decode = (widths: number[]) =>
  widths
    .filter((_, i) => i % 2 === 0)
    .reverse()
    .reduce((sum, bar, i) => sum + (bar === 3 ? 2 : 1) * 2 ** i, 0);

describe('Pharmacode', () => {
  it('draws 10 as narrow, wide, wide', () => {
    expect(pharmacodeWidths('10')).toEqual([1, 2, 3, 2, 3]);
    expect(modules(pharmacodeWidths('10')!)).toBe(11);
  });

  it('spans 3 (two narrow bars) to 131070 (sixteen wide bars)', () => {
    expect(pharmacodeWidths('3')).toEqual([1, 2, 1]);
    const max = pharmacodeWidths('131070')!;
    expect(max.filter((_, i) => i % 2 === 0)).toEqual(Array(16).fill(3));
    for (const n of [3, 4, 5, 1234, 65535, 99999, 131070])
      expect(decode(pharmacodeWidths(String(n))!)).toBe(n);
  });

  it('refuses numbers out of range and anything else', () => {
    for (const text of ['2', '0', '131071', '1000000', '12.5', '-5', 'abc', ''])
      expect(pharmacodeWidths(text), text).toBeUndefined();
  });
});
