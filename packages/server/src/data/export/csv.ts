/**
 * CSV for exports. A text cell starting with = + - @ (or a tab / carriage return) is prefixed with a single
 * quote, so a spreadsheet opening the file shows it instead of running it as a formula.
 */

/** @example neutralise('=HYPERLINK("http://x")') // "'=HYPERLINK(\"http://x\")" */
export function neutralise(text: string): string {
  // = + - @ tab carriage return, by char code: this runs for every text cell of an export.
  const c = text.charCodeAt(0);
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${text}` : text;
}

/** One cell as CSV text: numbers as they are, text neutralised and quoted when needed. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return quoted(neutralise(cellText(value)));
}

/** Text quoted as RFC 4180 asks when it holds a quote, comma or line break. */
export function quoted(text: string): string {
  // By char code, not a regular expression: this runs for every text cell of an export.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 44 || c === 13 || c === 10) return `"${text.replace(/"/g, '""')}"`;
  }
  return text;
}

/** The text of a cell: attachments as their titles with paths, other structures as JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every(isAttachment)) {
    return value.map((a) => `${a.title ?? ''}(${a.url ?? a.path ?? ''})`).join(', ');
  }
  return JSON.stringify(value);
}

function isAttachment(v: unknown): v is { title?: string; url?: string; path?: string } {
  return !!v && typeof v === 'object' && ('url' in v || 'path' in v);
}

/** One CSV line (CRLF-terminated, as RFC 4180 says). */
export function csvLine(cells: readonly unknown[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}
