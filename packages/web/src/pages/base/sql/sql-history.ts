/**
 * Each user's recent statements per base, kept in this browser's local storage: newest first, no
 * duplicates, at most HISTORY_SIZE.
 */
export const HISTORY_SIZE = 20;

const keyOf = (userId: string, baseId: string) => `rb.sqlHistory.${userId}.${baseId}`;

export function readHistory(storage: Storage, userId: string, baseId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(userId, baseId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** @example remember(localStorage, 'us_1', 'p1', 'SELECT 1') // ['SELECT 1', ...older] */
export function remember(storage: Storage, userId: string, baseId: string, sql: string): string[] {
  const text = sql.trim();
  const next = [text, ...readHistory(storage, userId, baseId).filter((s) => s !== text)].slice(
    0,
    HISTORY_SIZE,
  );
  storage.setItem(keyOf(userId, baseId), JSON.stringify(next));
  return next;
}
