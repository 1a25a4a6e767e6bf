/** Names: physical identifiers from titles, uniqueness by _1, _2 suffixes, base prefixes, length limits. */
import { randomBytes } from 'node:crypto';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { badRequest } from '@rowbase/core/errors';

/** Identifier length limits per engine. */
export const MAX_IDENTIFIER: Record<Dialect, number> = {
  pg: 63,
  mysql: 64,
  sqlite: 255,
  mssql: 128,
  oracle: 128,
  snowflake: 255,
};

/**
 * A safe physical name from a title: letters, digits and underscores.
 * @example toIdentifier('Order items (2024)') // 'Order_items_2024'
 */
export function toIdentifier(title: string, fallback = 'field'): string {
  const s = title
    .normalize('NFKD')
    .replace(/[^\w]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return s || fallback;
}

/**
 * The name itself if free, else name_1, name_2... (docs/behaviour/validation.md). Comparison ignores case, as the engines do.
 * @example uniqueName('Title', ['title']) // 'Title_1'
 */
export function uniqueName(name: string, taken: Iterable<string>, maxLength = 255): string {
  const used = new Set([...taken].map((t) => t.toLowerCase()));
  if (!used.has(name.toLowerCase())) return name;
  for (let i = 1; ; i++) {
    const suffix = `_${i}`;
    const candidate = name.slice(0, maxLength - suffix.length) + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** A base's table prefix, so bases sharing the default source never collide: `nc_ab12__`. */
export function newBasePrefix(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let s = '';
  for (const b of randomBytes(4)) s += alphabet[b % alphabet.length];
  return `nc_${s}__`;
}

/** Checks a physical table name against the engine's limit (with the prefix it will get). */
export function checkTableNameLength(dialect: Dialect, physical: string, prefixLength: number): void {
  const max = MAX_IDENTIFIER[dialect];
  if (physical.length > max) {
    throw badRequest(`Table name exceeds ${max - prefixLength} characters`);
  }
}

export function checkColumnNameLength(dialect: Dialect, name: string): void {
  const max = MAX_IDENTIFIER[dialect];
  if (name.length > max) throw badRequest(`Column name exceeds ${max} characters`);
}
