import { describe, expect, it } from 'vitest';
import { barcodeWidths, qrModules } from './code-paint';

describe('QR codes', () => {
  it('encodes short text as a version 1 symbol with its three finder patterns', () => {
    const m = qrModules('https://rowbase.dev')!;
    expect(m.length).toBeGreaterThanOrEqual(21);
    expect((m.length - 17) % 4).toBe(0);
    const n = m.length;
    // A finder pattern: a dark 7x7 ring around a light ring around a dark 3x3 core.
    const finder = (r0: number, c0: number) =>
      [0, 1, 2, 3, 4, 5, 6].every((i) => m[r0]![c0 + i] && m[r0 + 6]![c0 + i] && m[r0 + i]![c0]) &&
      !m[r0 + 1]![c0 + 1] &&
      m[r0 + 3]![c0 + 3];
    expect(finder(0, 0) && finder(0, n - 7) && finder(n - 7, 0)).toBe(true);
    // Cached: the same matrix object for the same text.
    expect(qrModules('https://rowbase.dev')).toBe(m);
  });
});

describe('barcode encodings', () => {
  it('draws the format asked for, and caches each (format, text)', () => {
    const ean = barcodeWidths('EAN13', '4006381333931')!;
    const code128 = barcodeWidths('CODE128', '4006381333931')!;
    expect(ean.reduce((a, b) => a + b, 0)).toBe(95);
    expect(code128).not.toEqual(ean);
    expect(barcodeWidths('EAN13', '4006381333931')).toBe(ean);
  });

  it('has no encoding for text the format cannot hold', () => {
    expect(barcodeWidths('EAN13', 'abc')).toBeUndefined();
    // Lower-case letters read as upper-case: *ABC* is 5 characters of 9 elements and 4 narrow gaps.
    const abc = barcodeWidths('CODE39', 'abc');
    expect(abc).toEqual(barcodeWidths('CODE39', 'ABC'));
    expect(abc).toHaveLength(5 * 9 + 4);
  });
});
