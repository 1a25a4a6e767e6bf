/** A SQL result as CSV (RFC 4180 quoting), for the page's download button. */
import type { SqlCell, SqlResult } from '@rowbase/core/api/sql';

function field(value: SqlCell): string {
  if (value === null) return '';
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * @example resultToCsv({ columns: [{ name: 'a' }], rows: [['x,y'], [null]] }) // 'a\r\n"x,y"\r\n\r\n'
 */
export function resultToCsv(result: Pick<SqlResult, 'columns' | 'rows'>): string {
  const lines = [result.columns.map((c) => field(c.name)).join(',')];
  for (const row of result.rows) lines.push(row.map(field).join(','));
  return lines.join('\r\n') + '\r\n';
}
