import { UI_TYPES } from '@rowbase/core/fields/ui-types';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import { searchRank, typeLabel, typeOptions, typeSearch, type TypeOption } from './type-label';

const files = import.meta.glob<Record<string, Record<string, unknown>>>('../i18n/locales/*.json', {
  eager: true,
  import: 'default',
});
const CELL_ERRORS = Object.keys(en.cellError);

describe('locale files', () => {
  it.each(Object.keys(files))('%s names every UI type and has every cell message', (file) => {
    const locale = files[file]!;
    expect(Object.keys(locale)[0]).toBe('fieldType');
    for (const uidt of UI_TYPES) {
      const label = locale.fieldType?.[uidt];
      expect(typeof label === 'string' && label.trim().length > 0, `fieldType.${uidt}`).toBe(true);
    }
    expect(Object.keys(locale.fieldType!).sort()).toEqual([...UI_TYPES].sort());
    for (const key of CELL_ERRORS) {
      const text = locale.cellError?.[key];
      expect(typeof text === 'string' && text.trim().length > 0, `cellError.${key}`).toBe(true);
    }
    expect(Object.keys(locale.cellError!).sort()).toEqual([...CELL_ERRORS].sort());
  });
});

describe('typeLabel', () => {
  beforeAll(async () => {
    await i18next.init({
      resources: { en: { translation: en }, de: { translation: de } },
      lng: 'en',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  });

  it('names types readably in English and in the chosen language', async () => {
    await i18next.changeLanguage('en');
    expect(typeLabel(i18next.t, 'SingleLineText')).toBe('Single line text');
    expect(typeLabel(i18next.t, 'MultiSelect')).toBe('Multi select');
    expect(typeLabel(i18next.t, 'QrCode')).toBe('QR code');
    expect(typeLabel(i18next.t, 'SpecificDBType')).toBe('Specific DB type');
    await i18next.changeLanguage('de');
    expect(typeLabel(i18next.t, 'SingleLineText')).toBe('Einzeiliger Text');
    expect(typeLabel(i18next.t, 'PhoneNumber')).toBe('Telefonnummer');
  });

  it('shows a value that is no UI type as it is', () => {
    expect(typeLabel(i18next.t, 'SomethingNew')).toBe('SomethingNew');
  });

  it('marks LinkToAnotherRecord deprecated with its readable name', async () => {
    await i18next.changeLanguage('en');
    const options = typeOptions(i18next.t, ['SingleLineText', 'LinkToAnotherRecord']);
    expect(options).toEqual([
      { value: 'SingleLineText', label: 'Single line text' },
      { value: 'LinkToAnotherRecord', label: 'Link to another record (deprecated)' },
    ]);
  });
});

describe('type search', () => {
  const option = (value: TypeOption['value'], label: string): TypeOption => ({ value, label });

  it('matches the label, with or without spaces, and the raw id', () => {
    expect(searchRank('single line', 'SingleLineText', 'Single line text')).toBe(1);
    expect(searchRank('SingleLineText', 'SingleLineText', 'Single line text')).toBe(0);
    expect(searchRank('line text', 'SingleLineText', 'Single line text')).toBe(2);
    expect(searchRank('Einzeiliger', 'SingleLineText', 'Einzeiliger Text')).toBe(1);
    expect(searchRank('date', 'SingleLineText', 'Single line text')).toBeUndefined();
    expect(typeSearch.filterOption('phone', option('PhoneNumber', 'Phone number'))).toBe(true);
    expect(typeSearch.filterOption('phone', option('Number', 'Number'))).toBe(false);
  });

  it('puts an exact match first, so typing a type id and Enter picks that type', () => {
    const offered = [option('PhoneNumber', 'Phone number'), option('Number', 'Number')];
    const sorted = [...offered].sort((a, b) => typeSearch.filterSort(a, b, { searchValue: 'Number' }));
    expect(sorted.map((o) => o.value)).toEqual(['Number', 'PhoneNumber']);
    const dates = [option('Date', 'Date'), option('DateTime', 'Date time'), option('LastModifiedTime', 'x')];
    expect(
      [...dates]
        .filter((o) => typeSearch.filterOption('date', o))
        .sort((a, b) => typeSearch.filterSort(a, b, { searchValue: 'date' }))
        .map((o) => o.value),
    ).toEqual(['Date', 'DateTime']);
  });
});
