/**
 * Value checkers behind isEmail / isURL / isMobilePhone / isCurrency (docs/behaviour/validation.md). Written for Rowbase:
 * deliberately tolerant of real-world input, strict enough to refuse obvious garbage.
 */

const DOT = 0x2e;
const HYPHEN = 0x2d;

/** ASCII characters allowed in the local part of an e-mail address: letters, digits and !#$%&'*+/=?^_`{|}~.- */
const LOCAL_CHARS = new Uint8Array(128);
for (const c of "!#$%&'*+/=?^_`{|}~.-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  LOCAL_CHARS[c.charCodeAt(0)] = 1;

/** White space as JavaScript's `\s` has it, above U+00A0 (below it, the checks allow none anyway). */
const isHighSpace = (c: number) =>
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

const isAsciiLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isAsciiAlnum = (c: number) => isAsciiLetter(c) || (c >= 0x30 && c <= 0x39);

/** A character a domain label may start and end with: an ASCII letter or digit, or any from U+00A1 on. */
const isLabelEnd = (c: number) => isAsciiAlnum(c) || (c >= 0xa1 && !isHighSpace(c));

/** `s[from, to)` is a domain label: 1–63 characters, hyphens only inside. */
function isDomainLabel(s: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 1 || n > 63) return false;
  if (!isLabelEnd(s.charCodeAt(from)) || !isLabelEnd(s.charCodeAt(to - 1))) return false;
  for (let i = from + 1; i < to - 1; i++) {
    const c = s.charCodeAt(i);
    if (c !== HYPHEN && !isLabelEnd(c)) return false;
  }
  return true;
}

/** `s[from, to)` is a top-level domain: 2–63 ASCII letters, or `xn--` and 2–59 letters, digits or hyphens. */
function isTopLevelDomain(s: string, from: number, to: number): boolean {
  const n = to - from;
  let letters = true;
  for (let i = from; i < to && letters; i++) letters = isAsciiLetter(s.charCodeAt(i));
  if (letters) return n >= 2 && n <= 63;
  if (n < 6 || n > 63 || !s.startsWith('xn--', from)) return false;
  for (let i = from + 4; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c !== HYPHEN && !isAsciiAlnum(c)) return false;
  }
  return true;
}

/**
 * local@domain.tld with no spaces, one @, a dot in the domain and no empty labels. Read in one pass over the
 * characters, with no copies: an import checks a million addresses.
 */
export function isEmail(value: string): boolean {
  const n = value.length;
  if (n > 254) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at > 64 || value.indexOf('@', at + 1) !== -1) return false;
  if (value.charCodeAt(0) === DOT || value.charCodeAt(at - 1) === DOT) return false;
  for (let i = 0; i < at; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128 || !LOCAL_CHARS[c]) return false;
    if (c === DOT && value.charCodeAt(i + 1) === DOT) return false;
  }
  let labels = 0;
  let start = at + 1;
  let last = start;
  for (let i = start; i <= n; i++) {
    if (i < n && value.charCodeAt(i) !== DOT) continue;
    if (!isDomainLabel(value, start, i)) return false;
    labels++;
    last = start;
    start = i + 1;
  }
  return labels >= 2 && isTopLevelDomain(value, last, n);
}

/**
 * An http(s)/ftp URL or a bare host name with a dot ("example.com/path"). Spaces are not allowed.
 * @example isURL('example.com') // true
 */
export function isURL(value: string): boolean {
  if (!value || value.length > 2083 || /\s/.test(value)) return false;
  const m = /^(?:(https?|ftp):\/\/)?(?:[^@/:]+(?::[^@/]*)?@)?([^/?#:]+)(?::(\d{1,5}))?([/?#].*)?$/i.exec(
    value,
  );
  if (!m) return false;
  const host = m[2]!;
  if (m[3] !== undefined && Number(m[3]) > 65535) return false;
  if (host === 'localhost' && m[1]) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return host.split('.').every((o) => Number(o) <= 255);
  const labels = host.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^[A-Za-z\u00a1-\uffff]{2,63}$/.test(tld) && !/^xn--[A-Za-z0-9-]+$/.test(tld)) return false;
  return labels.every((l) =>
    /^[A-Za-z0-9\u00a1-\uffff_]([A-Za-z0-9\u00a1-\uffff_-]*[A-Za-z0-9\u00a1-\uffff_])?$/.test(l),
  );
}

/**
 * A phone number: optional leading +, digits with spaces, dots, dashes or parentheses as separators,
 * 7 to 15 digits in all (E.164 allows at most 15).
 */
export function isMobilePhone(value: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(value)) return false;
  if (/[ .-]{2,}/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15;
}

/**
 * A currency amount: an optional sign and currency symbol, digits with optional thousands separators and
 * up to two decimals. @example isCurrency('$1,234.50') // true
 */
export function isCurrency(value: string): boolean {
  const v = value.trim();
  return /^[-+]?[$€£¥₹]?\s?[-+]?(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(v);
}
