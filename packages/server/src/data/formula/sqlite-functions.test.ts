import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { registerSqliteFormulaFunctions } from './sqlite-functions.js';

const db = new Database(':memory:');
registerSqliteFormulaFunctions(db);
// `value REGEXP pattern` calls regexp(pattern, value).
const one = (sql: string, ...params: unknown[]) => db.prepare(sql).pluck().get(...params);

describe('SQLite regular-expression functions', () => {
  it('match, extract and replace', () => {
    expect(one(`select ? regexp ?`, 'ann@example.com', '@example\\.com$')).toBe(1);
    expect(one(`select ? regexp ?`, 'ann', '^x')).toBe(0);
    expect(one(`select regexp_substr(?, ?)`, 'order 123 of 45', '[0-9]+')).toBe('123');
    expect(one(`select regexp_substr(?, ?)`, 'none', '[0-9]+')).toBeNull();
    expect(one(`select regexp_replace(?, ?, ?)`, 'a1b22', '[0-9]', '#')).toBe('a#b##');
    expect(one(`select regexp_replace(?, ?, ?)`, 'me@host', '(\\w+)@(\\w+)', '$2 at $1')).toBe('host at me');
  });

  it('answers NULL for a pattern that does not compile', () => {
    expect(one(`select ? regexp ?`, 'x', '([a-')).toBeNull();
    expect(one(`select regexp_substr(?, ?)`, 'x', '(')).toBeNull();
  });

  // A backtracking engine needs about 2^n steps for these on n characters; the process would hang.
  it('runs patterns that backtrack catastrophically in linear time', () => {
    const text = 'a'.repeat(50_000) + '!';
    const started = performance.now();
    expect(one(`select ? regexp ?`, text, '^(a+)+$')).toBe(0);
    expect(one(`select ? regexp ?`, text, '^(a|aa)*$')).toBe(0);
    expect(one(`select regexp_substr(?, ?)`, text, '(a*)*b')).toBeNull();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
