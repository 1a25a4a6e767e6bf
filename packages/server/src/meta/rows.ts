/** Normalising what the three meta databases return: booleans as 0/1 or true/false, bigints as strings. */

export const toBool = (v: unknown): boolean => v === true || v === 1 || v === '1' || v === 't';
export const toNum = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
export const toNumOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function parseJson<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined || v === '') return fallback;
  if (typeof v !== 'string') return v as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}
