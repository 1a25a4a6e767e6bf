import { BARCODE_FORMATS } from '@rowbase/core/fields/code-options';
import { describe, expect, it } from 'vitest';
import { barcodeProblem, ENCODERS } from './formats';
import { isBarShape } from './test-helpers';

/** A value each format can draw. */
const SAMPLES = {
  CODE128: 'SKU-0001',
  upc: '036000291452',
  EAN13: '4006381333931',
  EAN8: '96385074',
  EAN5: '52495',
  EAN2: '12',
  CODE39: 'ROWBASE 39',
  ITF14: '00012345600012',
  MSI: '1234',
  pharmacode: '1234',
  codabar: 'A40156B',
} as const;

describe('barcode formats', () => {
  it('has an encoder for each of the 11 formats that draws bars', () => {
    expect(Object.keys(ENCODERS).sort()).toEqual([...BARCODE_FORMATS].sort());
    for (const f of BARCODE_FORMATS) {
      const w = ENCODERS[f](SAMPLES[f]);
      expect(w && isBarShape(w), f).toBe(true);
      expect(barcodeProblem(f, SAMPLES[f]), f).toBeUndefined();
    }
  });

  it('explains why a text cannot be drawn', () => {
    expect(barcodeProblem('EAN13', 'abc')).toEqual({
      key: 'digitsOneOf',
      values: { format: 'EAN-13', short: 12, long: 13 },
    });
    expect(barcodeProblem('EAN13', '4006381333932')).toEqual({
      key: 'checkDigit',
      values: { format: 'EAN-13', digit: 1 },
    });
    expect(barcodeProblem('upc', '12345')?.values).toMatchObject({ format: 'UPC-A', short: 11, long: 12 });
    expect(barcodeProblem('ITF14', '00012345600013')?.values).toMatchObject({ digit: 2 });
    expect(barcodeProblem('EAN5', '123')).toEqual({ key: 'digitsExact', values: { format: 'EAN-5', n: 5 } });
    expect(barcodeProblem('pharmacode', '2')?.key).toBe('range');
    expect(barcodeProblem('CODE39', 'A_B')).toEqual({
      key: 'cannotEncode',
      values: { format: 'Code 39', char: '_' },
    });
    expect(barcodeProblem('MSI', '12a')?.values.char).toBe('a');
    expect(barcodeProblem('CODE128', 'naïve')?.values.char).toBe('ï');
    expect(barcodeProblem('codabar', '1A2')?.values.char).toBe('A');
    expect(barcodeProblem('codabar', 'A123')?.key).toBe('codabarEnds');
  });

  it('has nothing to say about empty text', () => {
    for (const f of BARCODE_FORMATS) expect(barcodeProblem(f, '')).toBeUndefined();
  });
});
