/**
 * Stored form <-> shown form of formula text. Stored formulas name fields by id (`{cXXXX}`), so renaming a
 * field never breaks them; the editor shows titles (`{Price}`). The text is rewritten token by token, so the
 * user's spacing and string literals are kept exactly.
 */

/** The least of a column the conversions need. */
export interface ReferencedColumn {
  id: string;
  title: string;
}

/**
 * Rewrites every field reference of `formula`: braced ones (`{X}`) and bare identifiers that are not
 * function names or literals. `map` returns the replacement text inside braces, or undefined to keep it.
 */
export function mapReferences(formula: string, map: (name: string) => string | undefined): string {
  let out = '';
  let i = 0;
  while (i < formula.length) {
    const ch = formula[i]!;
    if (ch === '"' || ch === "'") {
      const end = endOfString(formula, i);
      out += formula.slice(i, end);
      i = end;
    } else if (ch === '{') {
      const close = formula.indexOf('}', i + 1);
      if (close < 0) return out + formula.slice(i);
      const name = formula.slice(i + 1, close).trim();
      const mapped = map(name);
      out += mapped === undefined ? formula.slice(i, close + 1) : `{${mapped}}`;
      i = close + 1;
    } else if (/[A-Za-z_$]/.test(ch) && !/[\w$.]/.test(formula[i - 1] ?? ' ')) {
      let end = i + 1;
      while (end < formula.length && /[\w$]/.test(formula[end]!)) end++;
      const word = formula.slice(i, end);
      const isCall = /^\s*\(/.test(formula.slice(end));
      const isLiteral = word === 'true' || word === 'false' || word === 'null';
      const mapped = isCall || isLiteral ? undefined : map(word);
      out += mapped === undefined ? word : `{${mapped}}`;
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** Index just past the string literal starting at `start` (backslash escapes skip a character). */
function endOfString(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

/**
 * Shown form -> stored form: references by title (or already by id) become `{id}`.
 * @example formulaToStored('{Price} * 2', [{ id: 'c1', title: 'Price' }]) // '{c1} * 2'
 */
export function formulaToStored(formula: string, columns: readonly ReferencedColumn[]): string {
  const byTitle = new Map(columns.map((c) => [c.title, c.id]));
  const ids = new Set(columns.map((c) => c.id));
  return mapReferences(formula, (name) => byTitle.get(name) ?? (ids.has(name) ? name : undefined));
}

/**
 * Stored form -> shown form: `{id}` becomes `{Title}`; unknown ids are kept, so the checker can name them.
 * @example formulaToShown('{c1} * 2', [{ id: 'c1', title: 'Price' }]) // '{Price} * 2'
 */
export function formulaToShown(formula: string, columns: readonly ReferencedColumn[]): string {
  const byId = new Map(columns.map((c) => [c.id, c.title]));
  return mapReferences(formula, (name) => byId.get(name));
}
