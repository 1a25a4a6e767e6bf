/**
 * Paging of row lists: `limit`/`offset` parameters, NocoDB's pageInfo, and primary keys from paths.
 */
import { badRequest } from '@rowbase/core/errors';
import type { PageInfo } from '@rowbase/core/api/meta';
import type { StoredField } from './table-model.js';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 1000;

/** Reads `limit` and `offset` query parameters: default 25, at most 1000, 400 for what is not a number. */
export function parsePaging(query: { limit?: unknown; offset?: unknown }, defaultLimit = DEFAULT_LIMIT) {
  const num = (v: unknown, name: string, fallback: number) => {
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n)) throw badRequest(`Invalid ${name}: "${String(v)}" is not a whole number`);
    return n;
  };
  const limit = num(query.limit, 'limit', defaultLimit);
  const offset = num(query.offset, 'offset', 0);
  return { limit: Math.min(Math.max(limit, 1), MAX_LIMIT), offset: Math.max(offset, 0) };
}

export function pageInfoOf(totalRows: number, limit: number, offset: number): PageInfo {
  const page = Math.floor(offset / limit) + 1;
  return {
    totalRows,
    page,
    pageSize: limit,
    isFirstPage: offset === 0,
    isLastPage: offset + limit >= totalRows,
  };
}

/** A primary key from a path: numbers for integer keys (400 when not a number), text otherwise. */
export function pkValue(pk: StoredField, id: unknown): string | number {
  if (isIntegerKey(pk)) {
    const n = Number(id);
    if (!Number.isInteger(n)) throw badRequest(`Invalid row id "${String(id)}"`);
    return n;
  }
  return String(id);
}

export function isIntegerKey(pk: StoredField): boolean {
  return (pk.kind === 'id' || pk.kind === 'integer') && !/char|text|uuid/i.test(pk.column.dt ?? '');
}

/** A page with fewer rows than asked for, past the start of the rows (or empty at the start): its own count. */
export function isShort(list: readonly unknown[], q: { limit: number; offset: number }): boolean {
  return list.length < q.limit && (list.length > 0 || q.offset === 0);
}
