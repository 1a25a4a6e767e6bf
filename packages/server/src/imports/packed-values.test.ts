import { describe, expect, it } from 'vitest';
import { packValues, unpackValues } from './packed-values.js';

describe('packValues / unpackValues', () => {
  it('gives back every value, of every kind, in place', () => {
    const big = 2n ** 70n;
    const bytes = Buffer.from([1, 2, 3]);
    const values = [
      'Person 1',
      18,
      0.5,
      null,
      true,
      false,
      '',
      'é\u0000\u0001😀,"x"',
      -0,
      NaN,
      big,
      bytes,
      undefined,
      'end',
    ];
    const back = unpackValues(structuredClone(packValues(values)));
    expect(back).toHaveLength(values.length);
    expect(back.slice(0, 8)).toEqual(['Person 1', 18, 0.5, null, true, false, '', 'é\u0000\u0001😀,"x"']);
    expect(Object.is(back[8], -0)).toBe(true);
    expect(back[9]).toBeNaN();
    expect(back[10]).toBe(big);
    expect(Buffer.from(back[11] as Uint8Array)).toEqual(bytes);
    expect(back[12]).toBeUndefined();
    expect(back[13]).toBe('end');
  });

  it('packs texts into one string and numbers into the typed array', () => {
    const packed = packValues(['ab', 3, 'cde']);
    expect(packed.texts).toBe('abcde');
    expect([...packed.numbers]).toEqual([2, 3, 3]);
    expect([...packed.kinds]).toEqual([2, 1, 2]);
    expect(packed.others).toEqual([]);
  });

  it('keeps an empty batch empty', () => {
    expect(unpackValues(packValues([]))).toEqual([]);
  });
});
