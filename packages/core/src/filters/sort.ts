/**
 * The `sort` query parameter: comma-separated fields, `-` before a field for descending.
 * `sort=-Price,Title` sorts by Price descending, then Title ascending. A `+` prefix is ascending too.
 */
import { badRequest } from '../errors.js';

export interface SortSpec {
  field: string;
  direction: 'asc' | 'desc';
}

/**
 * @example parseSort('-Price,Title') // [{ field: 'Price', direction: 'desc' }, { field: 'Title', direction: 'asc' }]
 * Also accepts an array (repeated `sort=` parameters).
 */
export function parseSort(input: string | readonly string[] | undefined | null): SortSpec[] {
  if (input === undefined || input === null) return [];
  const parts = (Array.isArray(input) ? input : [input]).flatMap((s: string) => s.split(','));
  const out: SortSpec[] = [];
  for (const raw of parts) {
    const part = raw.trim();
    if (!part) continue;
    const desc = part.startsWith('-');
    const field = part.replace(/^[-+]/, '').trim();
    if (!field) throw badRequest(`Invalid sort: "${part}" names no field`);
    out.push({ field, direction: desc ? 'desc' : 'asc' });
  }
  return out;
}

/** @example printSort([{ field: 'Price', direction: 'desc' }]) // '-Price' */
export function printSort(specs: readonly SortSpec[]): string {
  return specs.map((s) => (s.direction === 'desc' ? '-' : '') + s.field).join(',');
}

/** The `fields` query parameter: comma-separated titles (or an array). Empty -> undefined (all fields). */
export function parseFields(input: string | readonly string[] | undefined | null): string[] | undefined {
  if (input === undefined || input === null) return undefined;
  const list = (Array.isArray(input) ? input : [input])
    .flatMap((s: string) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}
