/**
 * The first gate of the SQL page, before any database sees the text: one reading statement only.
 * The drivers are the second gate (each refuses a second statement), the read-only transaction or
 * connection the third, and the restricted login or table allow-list the fourth. This one exists so
 * that statements a read-only transaction does not stop (MySQL DDL commits implicitly; SQLite PRAGMA
 * reads metadata) never reach the database at all.
 */
import type { Dialect } from '@rowbase/core/fields/field-type';
import { badRequest } from '@rowbase/core/errors';

/** Statements that only read. EXPLAIN is left out: PostgreSQL's EXPLAIN ANALYZE runs its statement. */
const READING = new Set(['select', 'with', 'values', 'table']);

/**
 * The statement without leading comments and trailing semicolons, or a 400 naming what is refused.
 * @example readingStatement('-- list\nSELECT 1;', 'pg') // 'SELECT 1'
 */
export function readingStatement(sql: string, dialect: Dialect): string {
  if (dialect === 'mysql' && /\/\*[!M]/.test(sql)) {
    // MySQL runs the text of /*! ... */ comments as SQL, so a comment could carry any statement.
    throw badRequest('sql: MySQL executable comments (/*! ... */) are not allowed');
  }
  if (dialect === 'mysql' && /\binto\s+(outfile|dumpfile)\b|\bload_file\s*\(/i.test(sql)) {
    throw badRequest('sql: reading or writing server files is not allowed');
  }
  const body = withoutTrailingSemicolons(sql);
  const keyword = firstKeyword(body, dialect);
  if (!keyword || !READING.has(keyword)) {
    throw badRequest(
      `sql: only a single SELECT (or WITH ... SELECT, VALUES) statement can run here, not ${keyword ? keyword.toUpperCase() : 'an empty statement'}`,
    );
  }
  return body;
}

/** The first word after whitespace, comments and opening parentheses, in lower case. */
export function firstKeyword(sql: string, dialect: Dialect): string | undefined {
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s|\(/.test(c)) i++;
    else if (sql.startsWith('--', i) || (c === '#' && dialect === 'mysql')) i = lineEnd(sql, i);
    else if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return undefined;
      i = end + 2;
    } else break;
  }
  const m = /^[A-Za-z_]+/.exec(sql.slice(i));
  return m?.[0].toLowerCase();
}

function lineEnd(sql: string, from: number): number {
  const nl = sql.indexOf('\n', from);
  return nl < 0 ? sql.length : nl + 1;
}

function withoutTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}
