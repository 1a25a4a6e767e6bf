import { describe, expect, it } from 'vitest';
import { firstKeyword, readingStatement } from './sql-statement.js';

describe('readingStatement', () => {
  it('keeps a SELECT and drops trailing semicolons', () => {
    expect(readingStatement('SELECT 1;;  ', 'pg')).toBe('SELECT 1');
  });

  it('finds the keyword behind comments and parentheses', () => {
    expect(firstKeyword('-- a\n/* b */ ((select 1))', 'pg')).toBe('select');
    expect(firstKeyword('# note\nWITH x AS (SELECT 1) SELECT * FROM x', 'mysql')).toBe('with');
    expect(firstKeyword('/* unclosed', 'pg')).toBeUndefined();
  });

  it('refuses statements that are not queries, naming them', () => {
    expect(() => readingStatement('/* select */ DELETE FROM t', 'sqlite')).toThrow('not DELETE');
    expect(() => readingStatement('PRAGMA table_info(t)', 'sqlite')).toThrow('not PRAGMA');
    expect(() => readingStatement('EXPLAIN ANALYZE DELETE FROM t', 'pg')).toThrow('not EXPLAIN');
  });

  it('refuses MySQL executable comments and file access', () => {
    expect(() => readingStatement('SELECT 1 /*!50000 , 2 */', 'mysql')).toThrow('executable comments');
    expect(() => readingStatement("SELECT 1 INTO OUTFILE '/tmp/x'", 'mysql')).toThrow('server files');
    expect(readingStatement('SELECT 1 /*! not special on pg */', 'pg')).toContain('SELECT 1');
  });
});
