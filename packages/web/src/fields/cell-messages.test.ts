import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import { CELL_TYPES } from './registry';

const col = (uidt: UIType, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  id: 'c1',
  fk_model_id: 'm1',
  column_name: 'c',
  title: 'Colour',
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  un: false,
  ai: false,
  system: false,
  ...extra,
});
const messageOf = (uidt: UIType, text: string, extra?: Partial<ColumnMeta>) => {
  const parsed = CELL_TYPES[uidt].parse(text, col(uidt, extra));
  return parsed.ok ? undefined : parsed.message;
};
const options = { colOptions: { options: [{ title: 'red' }] } };

describe('cell validation messages', () => {
  it('are English before i18next starts (unit tests of cell types)', () => {
    expect(messageOf('Email', 'nope')).toBe('Validation failed : isEmail');
    expect(messageOf('Date', 'soon')).toBe('Invalid date, expected YYYY/MM/DD');
  });

  describe('through i18next', () => {
    beforeAll(async () => {
      await i18next.init({
        resources: { en: { translation: en }, de: { translation: de } },
        lng: 'en',
        fallbackLng: 'en',
        interpolation: { escapeValue: false },
        showSupportNotice: false,
      });
    });

    it('keep the exact English wording', async () => {
      await i18next.changeLanguage('en');
      expect(messageOf('Email', 'nope')).toBe('Validation failed : isEmail');
      expect(messageOf('URL', 'not a url')).toBe('Validation failed : isURL');
      expect(messageOf('PhoneNumber', 'abc')).toBe('Validation failed : isMobilePhone');
      expect(messageOf('Currency', '1.234')).toBe('Validation failed : isCurrency');
    });

    it('keep the other messages as they were in English', async () => {
      await i18next.changeLanguage('en');
      // Number checks name the field in words, never a check name like isNumeric.
      expect(messageOf('Number', 'abc')).toBe('Colour must be a number');
      expect(messageOf('Number', '4.2')).toBe('Colour must be a whole number');
      expect(messageOf('Decimal', 'x')).toBe('Colour must be a number');
      expect(messageOf('Percent', 'x')).toBe('Colour must be a number');
      expect(messageOf('Year', '20.5')).toBe('Colour must be a whole number');
      expect(messageOf('Duration', 'soon')).toBe('Please enter a valid duration, e.g. h:mm');
      expect(messageOf('Rating', '11')).toBe('Rating must be a whole number from 0 to 10');
      expect(messageOf('GeoData', '100;0')).toBe('GeoData must be latitude;longitude');
      expect(messageOf('JSON', '{a')).toBe('Invalid JSON');
      expect(messageOf('Date', 'soon')).toBe('Invalid date, expected YYYY/MM/DD');
      expect(messageOf('DateTime', 'soon')).toBe('Invalid date, expected YYYY/MM/DD HH:mm');
      expect(messageOf('Time', 'soon')).toBe('Invalid time, expected HH:mm');
      expect(messageOf('Checkbox', 'maybe')).toBe('Checkbox expects true or false');
      expect(messageOf('SingleSelect', 'green', options)).toBe("Option 'green' does not exist in Colour");
      expect(messageOf('Formula', 'x')).toBe('This field is read-only');
      expect(messageOf('Links', 'x')).toBe('Use the record picker to link records');
      expect(messageOf('Attachment', 'x')).toBe('Upload files with the attachment editor');
    });

    it('are translated in another language, with the same checks', async () => {
      await i18next.changeLanguage('de');
      expect(messageOf('Email', 'nope')).toBe('Validierung fehlgeschlagen: isEmail');
      expect(messageOf('Number', '4.2')).toBe('Colour muss eine ganze Zahl sein');
      expect(messageOf('Rating', '11')).toBe('Die Bewertung muss eine ganze Zahl von 0 bis 10 sein');
      expect(messageOf('Date', 'soon')).toBe('Ungültiges Datum, erwartet wird YYYY/MM/DD');
      expect(messageOf('SingleSelect', 'green', options)).toBe("Die Option 'green' gibt es in Colour nicht");
      expect(messageOf('JSON', '{a')).toBe('Ungültiges JSON');
      expect(messageOf('Formula', 'x')).toBe('Dieses Feld ist schreibgeschützt');
      // Valid input still passes whatever the language.
      expect(CELL_TYPES.Email.parse('a@b.co', col('Email'))).toEqual({ ok: true, value: 'a@b.co' });
      await i18next.changeLanguage('en');
    });
  });
});
