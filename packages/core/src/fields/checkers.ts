/**
 * Value checkers behind isEmail / isURL / isMobilePhone / isCurrency (docs/behaviour/validation.md). Written for Rowbase:
 * deliberately tolerant of real-world input, strict enough to refuse obvious garbage.
 */

/** local@domain.tld with no spaces, one @, a dot in the domain and no empty labels. */
export function isEmail(value: string): boolean {
  if (value.length > 254 || /\s/.test(value)) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at !== value.indexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (!/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{2,59})$/.test(tld)) return false;
  return labels.every((l) =>
    /^[A-Za-z0-9\u00a1-\uffff]([A-Za-z0-9\u00a1-\uffff-]{0,61}[A-Za-z0-9\u00a1-\uffff])?$/.test(l),
  );
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
