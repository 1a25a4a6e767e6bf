/**
 * Regular-expression functions SQLite lacks, added to a better-sqlite3 connection: the REGEXP operator,
 * regexp_substr(text, pattern) and regexp_replace(text, pattern, replacement) (JavaScript syntax; every
 * match replaced). A pattern that does not compile gives NULL rather than failing the query.
 * Call it from the pool's afterCreate of every SQLite connection that runs formulas.
 */
import type BetterSqlite3 from 'better-sqlite3';

const cache = new Map<string, RegExp | null>();
function compiled(pattern: string, flags: string): RegExp | null {
  const key = flags + '/' + pattern;
  if (!cache.has(key)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern, flags);
    } catch {
      re = null;
    }
    if (cache.size > 500) cache.clear();
    cache.set(key, re);
  }
  return cache.get(key) ?? null;
}

const isText = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

export function registerSqliteFormulaFunctions(db: BetterSqlite3.Database): void {
  const options = { deterministic: true, varargs: false } as const;
  db.function('regexp', options, (pattern: unknown, value: unknown) => {
    if (!isText(pattern) || !isText(value)) return null;
    const re = compiled(String(pattern), '');
    return re ? (re.test(String(value)) ? 1 : 0) : null;
  });
  db.function('regexp_substr', options, (value: unknown, pattern: unknown) => {
    if (!isText(pattern) || !isText(value)) return null;
    const match = compiled(String(pattern), '')?.exec(String(value));
    return match ? match[0] : null;
  });
  db.function('regexp_replace', options, (value: unknown, pattern: unknown, replacement: unknown) => {
    if (!isText(pattern) || !isText(value)) return null;
    const re = compiled(String(pattern), 'g');
    return re ? String(value).replace(re, isText(replacement) ? String(replacement) : '') : null;
  });
}
