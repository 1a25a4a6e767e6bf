import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseStoredSettings } from './stored-settings';

describe('stored settings', () => {
  it('defaults filterAutoSave on and darkMode off', () => {
    expect(parseStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.filterAutoSave).toBe(true);
  });

  it('keeps valid stored values, forces darkMode off and ignores junk', () => {
    const s = parseStoredSettings(
      JSON.stringify({
        token: 't',
        language: 'ar',
        darkMode: true,
        showNull: 'yes',
        filterAutoSave: false,
        x: 1,
      }),
    );
    expect(s).toMatchObject({
      token: 't',
      language: 'ar',
      darkMode: false,
      showNull: false,
      filterAutoSave: false,
    });
    expect(s).not.toHaveProperty('x');
    expect(parseStoredSettings('{not json')).toEqual(DEFAULT_SETTINGS);
  });
});
