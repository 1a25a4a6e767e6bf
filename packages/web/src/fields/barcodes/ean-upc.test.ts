import { describe, expect, it } from 'vitest';
import { ean13Widths, ean2Widths, ean5Widths, ean8Widths, upcWidths } from './ean-upc';
import { isBarShape, modules } from './test-helpers';

// Digit widths from the standard's tables: L (odd parity) space-bar-space-bar, G = L reversed, R = L bar first.
const G = (l: number[]) => [...l].reverse();
const L0 = [3, 2, 1, 1];
const L1 = [2, 2, 2, 1];
const L2 = [2, 1, 2, 2];
const L3 = [1, 4, 1, 1];
const L4 = [1, 1, 3, 2];
const L5 = [1, 2, 3, 1];
const L6 = [1, 1, 1, 4];
const L7 = [1, 3, 1, 2];
const L8 = [1, 2, 1, 3];
const L9 = [3, 1, 1, 2];
const GUARD = [1, 1, 1];
const CENTRE = [1, 1, 1, 1, 1];

describe('digit sets', () => {
  it('gives every L digit 7 modules and an odd number of dark modules, all different', () => {
    const all = [L0, L1, L2, L3, L4, L5, L6, L7, L8, L9];
    for (const l of all) {
      expect(modules(l)).toBe(7);
      expect((l[1]! + l[3]!) % 2).toBe(1);
    }
    expect(new Set([...all, ...all.map(G)].map((w) => w.join(''))).size).toBe(20);
  });
});

describe('EAN-13', () => {
  it('draws 4006381333931 with the parity of its first digit (4: LGLLGG)', () => {
    // prettier-ignore
    const expected = [
      ...GUARD,
      ...L0, ...G(L0), ...L6, ...L3, ...G(L8), ...G(L1),
      ...CENTRE,
      ...L3, ...L3, ...L3, ...L9, ...L3, ...L1,
      ...GUARD,
    ];
    expect(ean13Widths('4006381333931')).toEqual(expected);
    expect(ean13Widths('400638133393')).toEqual(expected);
    expect(modules(expected)).toBe(95);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(ean13Widths('4006381333932')).toBeUndefined();
    expect(ean13Widths('40063813339')).toBeUndefined();
    expect(ean13Widths('40063813339312')).toBeUndefined();
    expect(ean13Widths('abc')).toBeUndefined();
    expect(ean13Widths('')).toBeUndefined();
  });

  it('draws every first digit as 95 modules of bars', () => {
    for (let first = 0; first <= 9; first++) {
      const w = ean13Widths(`${first}12345678901`)!;
      expect(isBarShape(w)).toBe(true);
      expect(modules(w)).toBe(95);
    }
  });
});

describe('UPC-A', () => {
  it('draws 036000291452 as six L digits and six R digits', () => {
    // prettier-ignore
    const expected = [
      ...GUARD,
      ...L0, ...L3, ...L6, ...L0, ...L0, ...L0,
      ...CENTRE,
      ...L2, ...L9, ...L1, ...L4, ...L5, ...L2,
      ...GUARD,
    ];
    expect(upcWidths('036000291452')).toEqual(expected);
    expect(upcWidths('03600029145')).toEqual(expected);
    // UPC-A is EAN-13 with a leading zero.
    expect(ean13Widths('0036000291452')).toEqual(expected);
    expect(modules(expected)).toBe(95);
  });

  it('refuses a wrong check digit and other lengths', () => {
    expect(upcWidths('036000291453')).toBeUndefined();
    expect(upcWidths('0360002914')).toBeUndefined();
    expect(upcWidths('0360002914521')).toBeUndefined();
  });
});

describe('EAN-8', () => {
  it('draws 96385074 in 67 modules', () => {
    const expected = [...GUARD, ...L9, ...L6, ...L3, ...L8, ...CENTRE, ...L5, ...L0, ...L7, ...L4, ...GUARD];
    expect(ean8Widths('96385074')).toEqual(expected);
    expect(ean8Widths('9638507')).toEqual(expected);
    expect(modules(expected)).toBe(67);
  });

  it('refuses a wrong check digit and other lengths', () => {
    expect(ean8Widths('96385075')).toBeUndefined();
    expect(ean8Widths('963850')).toBeUndefined();
    expect(ean8Widths('9638507x')).toBeUndefined();
  });
});

describe('EAN-5 and EAN-2 add-ons', () => {
  it('draws 52495 with checksum 1 (3×14 + 9×11 = 141): parity GLGLL', () => {
    const expected = [1, 1, 2, ...G(L5), 1, 1, ...L2, 1, 1, ...G(L4), 1, 1, ...L9, 1, 1, ...L5];
    expect(ean5Widths('52495')).toEqual(expected);
    expect(modules(expected)).toBe(47);
  });

  it('draws 00000 with checksum 0: parity GGLLL', () => {
    expect(ean5Widths('00000')).toEqual([
      1,
      1,
      2,
      ...G(L0),
      1,
      1,
      ...G(L0),
      1,
      1,
      ...L0,
      1,
      1,
      ...L0,
      1,
      1,
      ...L0,
    ]);
  });

  it('picks the EAN-2 parity by the value modulo 4', () => {
    expect(ean2Widths('12')).toEqual([1, 1, 2, ...L1, 1, 1, ...L2]); // 12 % 4 = 0: LL
    expect(ean2Widths('05')).toEqual([1, 1, 2, ...L0, 1, 1, ...G(L5)]); // 1: LG
    expect(ean2Widths('34')).toEqual([1, 1, 2, ...G(L3), 1, 1, ...L4]); // 2: GL
    expect(ean2Widths('07')).toEqual([1, 1, 2, ...G(L0), 1, 1, ...G(L7)]); // 3: GG
    expect(modules(ean2Widths('12')!)).toBe(20);
  });

  it('takes exactly 5 or 2 digits', () => {
    expect(ean5Widths('5249')).toBeUndefined();
    expect(ean5Widths('524950')).toBeUndefined();
    expect(ean5Widths('5249a')).toBeUndefined();
    expect(ean2Widths('1')).toBeUndefined();
    expect(ean2Widths('123')).toBeUndefined();
    expect(ean2Widths('1a')).toBeUndefined();
  });
});
