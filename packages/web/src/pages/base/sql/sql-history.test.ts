import { describe, expect, it } from 'vitest';
import { HISTORY_SIZE, readHistory, remember } from './sql-history';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('SQL history', () => {
  it('keeps the newest first, once, per user and base, up to the limit', () => {
    const s = memoryStorage();
    remember(s, 'u1', 'p1', 'SELECT 1');
    remember(s, 'u1', 'p1', 'SELECT 2');
    expect(remember(s, 'u1', 'p1', ' SELECT 1 ')).toEqual(['SELECT 1', 'SELECT 2']);
    expect(readHistory(s, 'u2', 'p1')).toEqual([]);
    expect(readHistory(s, 'u1', 'p2')).toEqual([]);
    for (let i = 0; i < HISTORY_SIZE + 5; i++) remember(s, 'u1', 'p1', `SELECT ${i + 10}`);
    expect(readHistory(s, 'u1', 'p1')).toHaveLength(HISTORY_SIZE);
  });

  it('reads a damaged entry as empty', () => {
    const s = memoryStorage();
    s.setItem('rb.sqlHistory.u1.p1', '{not json');
    expect(readHistory(s, 'u1', 'p1')).toEqual([]);
  });
});
