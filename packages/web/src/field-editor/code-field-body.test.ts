import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { initialCodeOptions, withCodeOptions } from './code-field-body';

const column = (uidt: string, colOptions: unknown) =>
  ({ id: 'c1', uidt, colOptions }) as unknown as ColumnMeta;

describe('code options of the field form', () => {
  it('starts an edit with the stored field to encode and format', () => {
    expect(
      initialCodeOptions(column('Barcode', { fk_barcode_value_column_id: 'c0', barcode_format: 'EAN13' })),
    ).toEqual({ fk_barcode_value_column_id: 'c0', barcode_format: 'EAN13' });
    expect(initialCodeOptions(column('QrCode', { fk_qr_value_column_id: 'c0' }))).toEqual({
      fk_qr_value_column_id: 'c0',
    });
    expect(initialCodeOptions(column('Lookup', { fk_relation_column_id: 'x' }))).toEqual({});
    expect(initialCodeOptions(undefined)).toEqual({});
  });

  it('requires the field to encode and defaults the barcode format', () => {
    expect(withCodeOptions('Barcode', { title: 'B' })).toBe('missing');
    expect(withCodeOptions('QrCode', { fk_barcode_value_column_id: 'c0' })).toBe('missing');
    expect(withCodeOptions('Barcode', { fk_barcode_value_column_id: 'c0' })).toEqual({
      fk_barcode_value_column_id: 'c0',
      barcode_format: 'CODE128',
    });
  });

  it('sends only the options of the chosen type', () => {
    const draft = {
      title: 'Q',
      fk_qr_value_column_id: 'c0',
      fk_barcode_value_column_id: 'c9',
      barcode_format: 'MSI',
    };
    expect(withCodeOptions('QrCode', draft)).toEqual({ title: 'Q', fk_qr_value_column_id: 'c0' });
    expect(withCodeOptions('SingleLineText', draft)).toEqual({ title: 'Q' });
  });
});
