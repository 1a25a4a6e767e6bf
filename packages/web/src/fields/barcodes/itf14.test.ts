import { describe, expect, it } from 'vitest';
import { itf14Widths } from './itf14';
import { isBarShape, modules } from './test-helpers';

/** A pair of digits interleaved by hand: bars from the first digit's pattern, spaces from the second's. */
const pair = (bars: string, spaces: string) =>
  [...bars].flatMap((b, k) => [b === 'W' ? 3 : 1, spaces[k] === 'W' ? 3 : 1]);
// Interleaved 2 of 5 digit patterns from the standard (N narrow, W wide).
const D = {
  0: 'NNWWN',
  1: 'WNNNW',
  2: 'NWNNW',
  3: 'WWNNN',
  4: 'NNWNW',
  5: 'WNWNN',
  6: 'NWWNN',
} as const;

describe('ITF-14', () => {
  it('draws 00012345600012 as interleaved pairs between start and stop', () => {
    // prettier-ignore
    const expected = [
      1, 1, 1, 1,
      ...pair(D[0], D[0]), // 00
      ...pair(D[0], D[1]), // 01
      ...pair(D[2], D[3]), // 23
      ...pair(D[4], D[5]), // 45
      ...pair(D[6], D[0]), // 60
      ...pair(D[0], D[0]), // 00
      ...pair(D[1], D[2]), // 12
      3, 1, 1,
    ];
    expect(itf14Widths('00012345600012')).toEqual(expected);
    expect(itf14Widths('0001234560001')).toEqual(expected);
    // Start 4 + 7 pairs × (4 wide × 3 + 6 narrow) + stop 5.
    expect(modules(expected)).toBe(4 + 7 * 18 + 5);
    expect(isBarShape(expected)).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(itf14Widths('00012345600013')).toBeUndefined();
    expect(itf14Widths('000123456000')).toBeUndefined();
    expect(itf14Widths('000123456000123')).toBeUndefined();
    expect(itf14Widths('0001234560001x')).toBeUndefined();
  });
});
