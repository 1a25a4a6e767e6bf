/** Text-like cell types: single and long text, email, URL, phone (links), password, geodata and DB-specific text. */
import { asText, type CellType, fail, ok } from './cell-type';
import { paintLink, paintText } from './paint';
import { cellMessage } from './cell-messages';
import { validate, type ValidatorName } from './validators';

export const singleLineText: CellType = {
  format: asText,
  parse: (t) => ok(t),
  editor: 'text',
  form: 'text',
};

/** Long text shows its first line; the editor expands to a textarea. */
export const longText: CellType = {
  format: asText,
  parse: (t) => ok(t),
  editor: 'longText',
  form: 'longText',
};

function linkType(
  validator: ValidatorName,
  href: (v: string) => string,
  form: 'email' | 'url' | 'text',
): CellType {
  return {
    format: asText,
    parse: (t) => {
      const text = t.trim();
      const message = validate(validator, text);
      return message ? fail(message) : ok(text === '' ? null : text);
    },
    paint: (p, _v, display) => paintLink(p, display),
    editor: 'text',
    form,
    href: (v) => (typeof v === 'string' && v ? href(v) : undefined),
  };
}

export const email = linkType('isEmail', (v) => `mailto:${v}`, 'email');
export const url = linkType('isURL', (v) => (/^[a-z]+:\/\//i.test(v) ? v : `https://${v}`), 'url');
export const phoneNumber = linkType('isMobilePhone', (v) => `tel:${v.replace(/[^\d+]/g, '')}`, 'text');

export const password: CellType = {
  format: (v) => (v ? '••••••••' : ''),
  parse: (t) => ok(t),
  editor: 'text',
};

/** "latitude;longitude", both in range. */
export const geoData: CellType = {
  format: asText,
  parse: (t) => {
    const text = t.trim();
    if (!text) return ok(null);
    const m = /^(-?\d+(?:\.\d+)?)\s*[;,]\s*(-?\d+(?:\.\d+)?)$/.exec(text);
    if (!m || Math.abs(Number(m[1])) > 90 || Math.abs(Number(m[2])) > 180)
      return fail(cellMessage('geoData'));
    return ok(`${m[1]};${m[2]}`);
  },
  paint: (p, _v, display) => paintText(p, display ? `📍 ${display}` : ''),
  editor: 'text',
  form: 'text',
};

/** Columns of database types Rowbase has no UI type for, and geometry: edited as text in the grid, not on forms. */
export const specificDbType: CellType = { ...singleLineText, form: undefined };
export const geometry: CellType = specificDbType;
