/**
 * Theme colours (docs/behaviour/web-app.md): primary and accent are hex colours stored upper-case without alpha; a colour
 * is accepted only if it parses, otherwise the default is used.
 */

export const PRIMARY_COLOUR = '#4351E8';
/** Pink 500. */
export const ACCENT_COLOUR = '#EC4899';

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i;

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or `rgb(a)(...)` into `#RRGGBB`; undefined if invalid. */
export function parseColour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const hex = HEX.exec(text);
  if (hex?.[1]) {
    let digits = hex[1];
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    return '#' + digits.slice(0, 6).toUpperCase();
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number);
    if (channels.some((c) => c > 255)) return undefined;
    return (
      '#' +
      channels
        .map((c) => c.toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase()
    );
  }
  return undefined;
}

/**
 * @example themeColours({ primaryColor: 'nope', accentColor: '#f0f' }) // { primary: '#4351E8', accent: '#FF00FF' }
 */
export function themeColours(theme?: { primaryColor?: unknown; accentColor?: unknown } | null) {
  return {
    primary: parseColour(theme?.primaryColor) ?? PRIMARY_COLOUR,
    accent: parseColour(theme?.accentColor) ?? ACCENT_COLOUR,
  };
}
