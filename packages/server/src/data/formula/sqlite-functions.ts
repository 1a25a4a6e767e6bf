/**
 * Regular-expression functions SQLite lacks, added to a better-sqlite3 connection: the REGEXP operator,
 * regexp_substr(text, pattern) and regexp_replace(text, pattern, replacement) (every match replaced; `$1` names a
 * group). Patterns come from users (formulas, cell values), and SQLite calls these synchronously on the server's
 * one thread, so they run on RE2JS: RE2 syntax, matching in time linear in the text — a pattern like `(a+)+b` cannot
 * stall the process as it would with a backtracking engine. A pattern that does not compile gives NULL rather than
 * failing the query.
 * Call it from the pool's afterCreate of every SQLite connection that runs formulas.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type * as Re2js from 're2js';
import { packageOnFirstUse } from '../../package-on-first-use.js';

/** Loaded with the first pattern: every SQLite connection registers these, few ever run one. */
const re2js = packageOnFirstUse<typeof Re2js>('re2js');

const cache = new Map<string, Re2js.RE2JS | null>();
function compiled(pattern: string): Re2js.RE2JS | null {
  if (!cache.has(pattern)) {
    let re: Re2js.RE2JS | null = null;
    try {
      re = re2js().RE2JS.compile(pattern);
    } catch {
      re = null;
    }
    if (cache.size > 500) cache.clear();
    cache.set(pattern, re);
  }
  return cache.get(pattern) ?? null;
}

const isText = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

export function registerSqliteFormulaFunctions(db: BetterSqlite3.Database): void {
  const options = { deterministic: true, varargs: false } as const;
  db.function('regexp', options, (pattern: unknown, value: unknown) => {
    if (!isText(pattern) || !isText(value)) return null;
    const re = compiled(String(pattern));
    return re ? (re.matcher(String(value)).find() ? 1 : 0) : null;
  });
  db.function('regexp_substr', options, (value: unknown, pattern: unknown) => {
    if (!isText(pattern) || !isText(value)) return null;
    const matcher = compiled(String(pattern))?.matcher(String(value));
    return matcher?.find() ? matcher.group() : null;
  });
  db.function('regexp_replace', options, (value: unknown, pattern: unknown, replacement: unknown) => {
    if (!isText(pattern) || !isText(value)) return null;
    const re = compiled(String(pattern));
    return re ? re.matcher(String(value)).replaceAll(isText(replacement) ? String(replacement) : '') : null;
  });
}
