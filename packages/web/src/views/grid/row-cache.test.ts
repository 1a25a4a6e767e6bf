import { describe, expect, it } from 'vitest';
import { MISSING, RowCache, type RowSource } from './row-cache';

/** An in-memory table of `total` rows that records every request and answers when told to. */
function tableSource(total: number) {
  const calls: { offset: number; limit: number; signal: AbortSignal }[] = [];
  const pending: (() => void)[] = [];
  let countCalls = 0;
  let resolveCount: (n: number) => void = () => {};
  const source: RowSource = {
    fetchRows(offset, limit, signal) {
      calls.push({ offset, limit, signal });
      return new Promise((resolve) => {
        pending.push(() => {
          const rows = [];
          for (let i = offset; i < Math.min(total, offset + limit); i++)
            rows.push({ Id: i + 1, Title: `row ${i}` });
          resolve(rows);
        });
      });
    },
    fetchCount() {
      countCalls++;
      return new Promise((resolve) => (resolveCount = resolve));
    },
  };
  const flush = async () => {
    while (pending.length) pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { source, calls, flush, countCalls: () => countCalls, answerCount: (n = total) => resolveCount(n) };
}

describe('RowCache', () => {
  it('fetches the visible window in one request per chunk and shows rows before the count arrives', async () => {
    const t = tableSource(1000);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 100, prefetchChunks: 0 });
    cache.loadCount();
    cache.ensure(0, 30);
    expect(t.calls.map((c) => [c.offset, c.limit])).toEqual([[0, 100]]);
    expect(cache.get(5, 0)).toBe(MISSING);
    await t.flush();
    expect(cache.get(5, 0)).toBe('row 5');
    expect(cache.rowId(5)).toBe(6);
    expect(cache.countKnown).toBe(false);
    expect(cache.rowCount).toBe(200); // loaded rows plus one chunk of room to scroll
    t.answerCount();
    await t.flush();
    expect(cache.rowCount).toBe(1000);
  });

  it('prefetches ahead in the scroll direction', async () => {
    const t = tableSource(100_000);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 100, prefetchChunks: 3 });
    cache.ensure(1000, 1030, 1);
    expect(t.calls.map((c) => c.offset / 100)).toEqual([10]); // the viewport alone while it is missing
    await t.flush();
    cache.ensure(1000, 1030, 1);
    const chunks = t.calls.map((c) => c.offset / 100);
    expect(chunks).toEqual(expect.arrayContaining([11, 12, 13, 9]));
    expect(chunks).not.toContain(7);
    t.calls.length = 0;
    cache.ensure(5000, 5030, -1);
    await t.flush();
    cache.ensure(5000, 5030, -1);
    const up = t.calls.map((c) => c.offset / 100);
    expect(up).toEqual(expect.arrayContaining([50, 49, 48, 47, 51]));
    expect(up).not.toContain(53);
  });

  it('loads a viewport that straddles two chunks in one request', async () => {
    const t = tableSource(100_000);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 100 });
    cache.ensure(1090, 1120, 0);
    expect(t.calls.map((c) => [c.offset, c.limit])).toEqual([[1000, 200]]);
    await t.flush();
    expect(cache.get(1090, 0)).toBe('row 1090');
    expect(cache.get(1150, 0)).toBe('row 1150');
  });

  it('cancels far loads and evicts far chunks to stay within its memory bound', async () => {
    const t = tableSource(1_000_000);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 100, maxChunks: 10, prefetchChunks: 2 });
    cache.ensure(0, 30, 1);
    const first = t.calls[0]!;
    cache.ensure(900_000, 900_030, 0); // a jump before the first answer came back
    expect(first.signal.aborted).toBe(true);
    await t.flush();
    for (let row = 0; row < 200_000; row += 3000) {
      cache.ensure(row, row + 30, 1);
      await t.flush();
      expect(cache.chunkCount).toBeLessThanOrEqual(10);
    }
    expect(cache.get(198_000, 0)).toBe('row 198000');
    expect(cache.get(0, 0)).toBe(MISSING);
  });

  it('stores rows as arrays of values per column', async () => {
    const t = tableSource(50);
    const cache = new RowCache(t.source, ['Title', 'Missing'], { chunkSize: 100 });
    cache.ensure(0, 10);
    await t.flush();
    expect(cache.get(49, 1)).toBe(null);
    expect(cache.record(3)).toEqual({ Id: 4, Title: 'row 3', Missing: null });
    expect(cache.rowCount).toBe(50); // the short chunk shows where the table ends
    expect(cache.indexOfId(42)).toBe(41);
  });

  it('keeps rows and the row total on screen while a reload refetches them', async () => {
    const t = tableSource(10_000);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 100, prefetchChunks: 0 });
    cache.loadCount();
    cache.ensure(5000, 5020);
    t.answerCount();
    await t.flush();
    cache.set(5001, 0, 'edited');
    t.calls.length = 0;
    cache.reload();
    expect(cache.get(5001, 0)).toBe('edited'); // stale but shown: no flash of placeholders
    expect(cache.rowCount).toBe(10_000); // scroll range survives
    expect(t.calls.map((c) => c.offset)).toEqual([5000]);
    expect(t.countCalls()).toBe(2);
    await t.flush();
    expect(cache.get(5001, 0)).toBe('row 5001');
  });

  it('writes cells in place and reports failures', async () => {
    const errors: unknown[] = [];
    const cache = new RowCache(
      {
        fetchRows: () => Promise.reject(new Error('boom')),
        fetchCount: () => Promise.resolve(0),
      },
      ['Title'],
      { prefetchChunks: 0 },
    );
    cache.onError((e) => errors.push(e));
    expect(cache.set(0, 0, 'x')).toBe(false);
    cache.ensure(0, 10);
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toHaveLength(1);
    expect(cache.chunkCount).toBe(0); // a failed chunk is retried on the next ensure
  });
});
