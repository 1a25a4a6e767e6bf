import { describe, expect, it } from 'vitest';
import { CODE39_PATTERNS, code39Widths } from './code39';
import { isBarShape, modules } from './test-helpers';

describe('Code 39', () => {
  it('has 9 elements per character: 3 wide (2 bars + 1 space), or 3 wide spaces for $ / + %', () => {
    expect(Object.keys(CODE39_PATTERNS)).toHaveLength(44);
    for (const [ch, p] of Object.entries(CODE39_PATTERNS)) {
      const bars = [0, 2, 4, 6, 8].filter((i) => p[i] === '1').length;
      const spaces = [1, 3, 5, 7].filter((i) => p[i] === '1').length;
      expect([bars, spaces], ch).toEqual('$/+%'.includes(ch) ? [0, 3] : [2, 1]);
    }
    expect(new Set(Object.values(CODE39_PATTERNS)).size).toBe(44);
  });

  it('draws A between the * delimiters with narrow gaps, wide elements 3 modules', () => {
    const star = [1, 3, 1, 1, 3, 1, 3, 1, 1]; // 010010100
    const a = [3, 1, 1, 1, 1, 3, 1, 1, 3]; // 100001001
    expect(code39Widths('A')).toEqual([...star, 1, ...a, 1, ...star]);
    expect(code39Widths('a')).toEqual(code39Widths('A'));
  });

  it('draws 15 modules per character plus a gap between characters', () => {
    const w = code39Widths('CODE-39 $/+%.')!;
    expect(isBarShape(w)).toBe(true);
    expect(modules(w)).toBe(15 * 15 + 14);
  });

  it('refuses characters outside its set, and the * delimiter in data', () => {
    expect(code39Widths('A*B')).toBeUndefined();
    expect(code39Widths('A_B')).toBeUndefined();
    expect(code39Widths('é')).toBeUndefined();
    expect(code39Widths('')).toBeUndefined();
  });
});
