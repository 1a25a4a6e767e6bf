import { describe, expect, it } from 'vitest';
import { encodedFieldOf, optionListOf } from './col-options.js';
import { CODE_EXTRA_KEYS, hasCodeFormat, isCodeType } from './code-options.js';
import {
  canBeDisplayValue,
  isDisplayCandidate,
  isFirstDisplayCandidate,
  isForeignKeyType,
  isIdColumn,
  isPrimaryKeyType,
  isSortable,
  jsonFormatOf,
  kindOf,
  takesAnyDbType,
} from './traits.js';
import { UI_TYPES } from './ui-types.js';

describe('field traits come from the registry definitions', () => {
  it('names exactly one primary key type, one foreign key type and one type of any database type', () => {
    expect(UI_TYPES.filter(isPrimaryKeyType)).toEqual(['ID']);
    expect(UI_TYPES.filter(isForeignKeyType)).toEqual(['ForeignKey']);
    expect(UI_TYPES.filter(takesAnyDbType)).toEqual(['SpecificDBType']);
  });

  it('tells the primary key column from a primary key of another type', () => {
    expect(isIdColumn({ uidt: 'ID', pk: true })).toBe(true);
    expect(isIdColumn({ uidt: 'ID', pk: false })).toBe(false);
    expect(isIdColumn({ uidt: 'SingleLineText', pk: true })).toBe(false);
  });

  it('gives e-mails and URLs a JSON Schema format and the display value candidates in order', () => {
    expect(UI_TYPES.filter((t) => jsonFormatOf(t)).map((t) => [t, jsonFormatOf(t)])).toEqual([
      ['Email', 'email'],
      ['URL', 'uri'],
    ]);
    expect(UI_TYPES.filter(isFirstDisplayCandidate)).toEqual(['SingleLineText']);
    expect(UI_TYPES.filter(isDisplayCandidate).sort()).toEqual(['LongText', 'SingleLineText']);
  });

  it('says which types cannot be sorted by or be the display value', () => {
    expect(UI_TYPES.filter((t) => !isSortable(t)).sort()).toEqual([
      'Attachment',
      'Button',
      'Geometry',
      'JSON',
    ]);
    expect(UI_TYPES.filter((t) => !canBeDisplayValue(t)).sort()).toEqual([
      'Attachment',
      'Barcode',
      'Button',
      'Geometry',
      'JSON',
      'LinkToAnotherRecord',
      'Links',
      'QrCode',
    ]);
  });

  it('answers nothing for a name that is not a UI type', () => {
    expect(kindOf('NoSuchType')).toBeUndefined();
    expect(isPrimaryKeyType('toString')).toBe(false);
    expect(isCodeType('toString')).toBe(false);
  });

  it('reads code options: the encoded field per code type and the barcode format', () => {
    expect(UI_TYPES.filter(isCodeType)).toEqual(expect.arrayContaining(['QrCode', 'Barcode']));
    expect(hasCodeFormat('Barcode')).toBe(true);
    expect(hasCodeFormat('QrCode')).toBe(false);
    expect(CODE_EXTRA_KEYS.Barcode).toEqual(['barcode_format']);
    const qr = { uidt: 'QrCode', colOptions: { fk_qr_value_column_id: 'c1' } };
    expect(encodedFieldOf(qr)).toBe('c1');
    expect(encodedFieldOf({ uidt: 'Barcode', colOptions: { fk_qr_value_column_id: 'c1' } })).toBeUndefined();
    expect(
      encodedFieldOf({ uidt: 'SingleLineText', colOptions: { fk_qr_value_column_id: 'c1' } }),
    ).toBeUndefined();
  });

  it('lists select options from any colOptions that carry them', () => {
    expect(optionListOf({ colOptions: { options: [{ title: 'a' }] } })).toEqual([{ title: 'a' }]);
    expect(optionListOf({ colOptions: null })).toEqual([]);
    expect(optionListOf({ colOptions: { formula: 'x', formula_raw: 'x' } })).toEqual([]);
  });
});
