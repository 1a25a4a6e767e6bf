/** Driver values as JSON cells for the SQL page's grid and its CSV download. */
import type { SqlCell } from '@rowbase/core/api/sql';

/**
 * @example toCell(Buffer.from('hi')) // 'base64:aGk='
 * @example toCell(12345678901234567890n) // '12345678901234567890'
 */
export function toCell(value: unknown): SqlCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    return `base64:${Buffer.from(value).toString('base64')}`;
  }
  return JSON.stringify(value);
}
