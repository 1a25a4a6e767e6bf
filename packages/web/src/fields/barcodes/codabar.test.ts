import { describe, expect, it } from 'vitest';
import { CODABAR_PATTERNS, codabarText, codabarWidths } from './codabar';
import { isBarShape, modules } from './test-helpers';

describe('Codabar', () => {
  it('has 7 elements per character with the standard wide counts', () => {
    for (const [ch, p] of Object.entries(CODABAR_PATTERNS)) {
      const bars = [0, 2, 4, 6].filter((i) => p[i] === '1').length;
      const spaces = [1, 3, 5].filter((i) => p[i] === '1').length;
      // Digits, - and $: one wide bar and one wide space; : / . +: three wide bars; A-D: one bar, two spaces.
      const expected = /[0-9$-]/.test(ch) ? [1, 1] : /[:/.+]/.test(ch) ? [3, 0] : [1, 2];
      expect([bars, spaces], ch).toEqual(expected);
    }
  });

  it('adds A…A around text without start and stop letters', () => {
    const a = [1, 1, 3, 3, 1, 3, 1]; // 0011010
    const one = [1, 1, 1, 1, 3, 3, 1]; // 0000110
    expect(codabarWidths('1')).toEqual([...a, 1, ...one, 1, ...a]);
    expect(modules(codabarWidths('1')!)).toBe(13 + 1 + 11 + 1 + 13);
    expect(codabarText('40156')).toBe('A40156A');
  });

  it('keeps start and stop letters given, in upper case', () => {
    expect(codabarText('a40156b')).toBe('A40156B');
    const w = codabarWidths('A40156B')!;
    expect(isBarShape(w)).toBe(true);
    const b = [1, 3, 1, 3, 1, 1, 3]; // 0101001
    expect(w.slice(-7)).toEqual(b);
  });

  it('refuses other characters, letters inside, and a start without a stop', () => {
    for (const text of ['12x', 'A1B2C', '1A2', 'A123', '123D', ''])
      expect(codabarWidths(text), text).toBeUndefined();
  });
});
