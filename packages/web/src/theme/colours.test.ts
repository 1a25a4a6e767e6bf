import { describe, expect, it } from 'vitest';
import { ACCENT_COLOUR, PRIMARY_COLOUR, parseColour, themeColours } from './colours';

describe('theme colours', () => {
  it('normalises valid colours to upper-case hex without alpha', () => {
    expect(parseColour('#4351e8')).toBe('#4351E8');
    expect(parseColour('#4351e8ff')).toBe('#4351E8');
    expect(parseColour('#abc')).toBe('#AABBCC');
    expect(parseColour('rgb(255, 0, 16)')).toBe('#FF0010');
  });

  it('rejects what does not parse', () => {
    for (const bad of ['', 'blue', '#12345', '#ggg', 'rgb(300,0,0)', 42, null, undefined]) {
      expect(parseColour(bad)).toBeUndefined();
    }
  });

  it('falls back to the defaults for invalid colours', () => {
    expect(themeColours({ primaryColor: 'nope', accentColor: '#f0f' })).toEqual({
      primary: PRIMARY_COLOUR,
      accent: '#FF00FF',
    });
    expect(themeColours(null)).toEqual({ primary: '#4351E8', accent: ACCENT_COLOUR });
  });
});
