import { describe, expect, it } from 'vitest';
import { code128SymbolOf, code128Symbols, code128Widths } from './code128';

/** Reads widths back into symbols, six widths per symbol (the stop pattern has seven). */
function decode(widths: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 7 < widths.length; i += 6) out.push(code128SymbolOf(widths.slice(i, i + 6)));
  return out;
}

describe('Code 128', () => {
  it('encodes text in code set B with the modulo-103 check symbol', () => {
    // Start B 104; 'P' 48, 'J' 42, 'J' 42, '1' 17, '2' 18, '3' 19, 'C' 35 weighted 1..7 => 879 % 103 = 55.
    expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('packs even-length digits two per symbol in code set C', () => {
    // Start C 105 + 12*1 + 34*2 = 185 % 103 = 82.
    expect(code128Symbols('1234')).toEqual([105, 12, 34, 82]);
    expect(code128Symbols('123')?.[0]).toBe(104);
  });

  it('draws 11 modules per symbol, a 13-module stop, and reads back', () => {
    const widths = code128Widths('Rowbase-42')!;
    const symbols = code128Symbols('Rowbase-42')!;
    expect(widths.reduce((a, b) => a + b, 0)).toBe(symbols.length * 11 + 13);
    expect(widths.length % 2).toBe(1); // starts and ends with a bar
    expect(decode(widths)).toEqual(symbols);
  });

  it('refuses what Code 128 B cannot hold', () => {
    expect(code128Widths('')).toBeUndefined();
    expect(code128Widths('naïve')).toBeUndefined();
  });
});
