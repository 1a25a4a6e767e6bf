import { describe, expect, it } from 'vitest';
import { LANGUAGES, directionOf } from './languages';

const files = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  eager: true,
  import: 'default',
});

function flat(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object')
      for (const [fk, fv] of flat(v as Record<string, unknown>, `${prefix}${k}.`)) out.set(fk, fv);
    else out.set(prefix + k, String(v));
  }
  return out;
}

const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
const english = flat(files['./locales/en.json']!);

describe('locale files', () => {
  it('exist for exactly the 34 supported languages', () => {
    const names = Object.keys(files).map((f) => f.replace('./locales/', '').replace('.json', ''));
    expect(names.sort()).toEqual(Object.keys(LANGUAGES).sort());
    expect(names).toHaveLength(34);
  });

  it.each(Object.keys(LANGUAGES).filter((l) => l !== 'en'))('%s translates every English key', (lang) => {
    const strings = flat(files[`./locales/${lang}.json`]!);
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
    let same = 0;
    for (const [key, text] of strings) {
      expect(text.trim().length, key).toBeGreaterThan(0);
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
      if (text === english.get(key)) same += 1;
    }
    // Real translations, not copies (a few words like "Dashboard" or "Port" are the same in some languages).
    expect(same / strings.size).toBeLessThan(0.2);
  });

  it('writes fa and ar right to left and the rest left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fa')).toBe('rtl');
    expect(directionOf('he')).toBe('ltr');
    expect(directionOf('en')).toBe('ltr');
  });
});
