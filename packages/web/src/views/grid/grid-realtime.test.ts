import { describe, expect, it } from 'vitest';
import { applyRemoteChange } from './grid-realtime';
import { RowCache } from './row-cache';

describe('remote changes', () => {
  it('patches loaded rows in place and reloads on inserts and deletes', async () => {
    let fetches = 0;
    const cache = new RowCache(
      {
        fetchRows: async (offset, limit) => {
          fetches++;
          return Array.from({ length: Math.min(limit, 5 - offset) }, (_, i) => ({
            Id: offset + i + 1,
            Title: `r${offset + i}`,
          }));
        },
        fetchCount: async () => 5,
      },
      ['Title'],
      { prefetchChunks: 0 },
    );
    cache.ensure(0, 4);
    await new Promise((r) => setTimeout(r, 0));
    applyRemoteChange(cache, {
      op: 'update',
      rows: [
        { Id: 3, Title: 'remote', Unknown: 1 },
        { Id: 99, Title: 'x' },
      ],
    });
    expect(cache.get(2, 0)).toBe('remote');
    expect(fetches).toBe(1);
    applyRemoteChange(cache, { op: 'insert', rows: [{ Id: 6 }] });
    expect(fetches).toBe(2);
    await new Promise((r) => setTimeout(r, 0));
    applyRemoteChange(cache, { op: 'update', rows: [], truncated: true });
    expect(fetches).toBe(3);
  });
});
