import { describe, expect, it } from 'vitest';
import { MAIL_STRINGS } from './mail-strings.js';
import { mailLocaleOf, mailText } from './mail-text.js';

describe('e-mail language', () => {
  it("picks the best of the 34 locales for an Accept-Language or the web app's code", () => {
    expect(mailLocaleOf(undefined)).toBe('en');
    expect(mailLocaleOf('de-CH,de;q=0.9,en;q=0.5')).toBe('de');
    expect(mailLocaleOf('en;q=0.2, fr;q=0.8')).toBe('fr');
    expect(mailLocaleOf('pt-BR')).toBe('pt_BR');
    expect(mailLocaleOf('pt_BR')).toBe('pt_BR');
    expect(mailLocaleOf('pt-PT')).toBe('pt');
    expect(mailLocaleOf('zh-TW')).toBe('zh-Hant');
    expect(mailLocaleOf('zh-CN')).toBe('zh-Hans');
    expect(mailLocaleOf('nb-NO')).toBe('no');
    expect(mailLocaleOf('bn-BD')).toBe('bn_IN');
    expect(mailLocaleOf('xx, *')).toBe('en');
  });

  it('has every text translated in every locale, with the same placeholders as English', () => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    expect(Object.keys(MAIL_STRINGS)).toHaveLength(34);
    for (const [locale, table] of Object.entries(MAIL_STRINGS)) {
      for (const [key, en] of Object.entries(MAIL_STRINGS.en!)) {
        const text = table[key as keyof typeof table];
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(en));
        if (locale !== 'en' && key !== 'testSubject') expect(text, `${locale}.${key}`).not.toBe(en);
      }
    }
  });

  it('fills placeholders once, leaving braces in the values alone', () => {
    expect(mailText('fr', 'inviteBaseSubject', { base: 'Budget {2025}' })).toBe(
      'Vous êtes invité à Budget {2025} sur Rowbase',
    );
  });
});
