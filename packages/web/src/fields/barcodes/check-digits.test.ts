import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, luhnCheckDigit, withGs1Check } from './check-digits';

describe('GS1 check digits', () => {
  it('computes the check digits of well-known codes', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gs1CheckDigit('0001234560001')).toBe(2); // ITF-14 00012345600012
    expect(gs1CheckDigit('590123412345')).toBe(7); // EAN-13 5901234123457
  });

  it('adds a missing check digit, keeps a right one and refuses a wrong one', () => {
    expect(withGs1Check('400638133393', 12)).toBe('4006381333931');
    expect(withGs1Check('4006381333931', 12)).toBe('4006381333931');
    expect(withGs1Check('4006381333932', 12)).toBeUndefined();
    expect(withGs1Check('40063813339', 12)).toBeUndefined();
    expect(withGs1Check('40063813339x', 12)).toBeUndefined();
  });
});

describe('Luhn check digits (MSI mod 10)', () => {
  it('doubles every other digit from the right', () => {
    // 7×2=14→5, 6, 5×2=10→1, 4, 3×2=6, 2, 1×2=2: 26 → 4.
    expect(luhnCheckDigit('1234567')).toBe(4);
    expect(luhnCheckDigit('1234')).toBe(4);
    expect(luhnCheckDigit('7992739871')).toBe(3);
  });
});
