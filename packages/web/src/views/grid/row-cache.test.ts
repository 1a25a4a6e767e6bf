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

describe('RowCache.insertAt', () => {
  /** A cache of `total` rows, chunks of 10, with the given chunks loaded and the count known. */
  async function loaded(total: number, chunks: number[]) {
    const t = tableSource(total);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 10, prefetchChunks: 0, maxChunks: 100 });
    cache.loadCount();
    t.answerCount();
    for (const c of chunks) {
      cache.ensure(c * 10, c * 10 + 1);
      await t.flush();
    }
    return { t, cache };
  }
  const titles = (cache: RowCache, from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => cache.get(from + i, 0));

  it('puts the row at its index and shifts later rows across chunk borders, counting it', async () => {
    const { t, cache } = await loaded(25, [0, 1, 2]);
    t.calls.length = 0;
    cache.insertAt(3, 'new', { Title: 'new' });
    expect(titles(cache, 0, 5)).toEqual(['row 0', 'row 1', 'row 2', 'new', 'row 3']);
    expect(cache.rowId(3)).toBe('new');
    expect(cache.get(10, 0)).toBe('row 9'); // chunk 0's last row moved into chunk 1
    expect(cache.rowId(10)).toBe(10);
    expect(cache.get(20, 0)).toBe('row 19');
    expect(cache.get(25, 0)).toBe('row 24'); // the short last chunk grew
    expect(cache.rowCount).toBe(26);
    expect(cache.indexOfId('new')).toBe(3);
    expect(cache.indexOfId(25)).toBe(25);
    expect(t.calls).toHaveLength(0); // shown without a refetch
  });

  it('inserts at the very top and at a chunk start', async () => {
    const { cache } = await loaded(20, [0, 1]);
    cache.insertAt(0, 'a', { Title: 'a' });
    cache.insertAt(11, 'b', { Title: 'b' });
    expect(titles(cache, 0, 3)).toEqual(['a', 'row 0', 'row 1']);
    expect(titles(cache, 9, 13)).toEqual(['row 8', 'row 9', 'b', 'row 10']);
    expect(cache.get(21, 0)).toBe('row 19');
    expect(cache.rowCount).toBe(22);
  });

  it('appends after a full last chunk in a chunk of its own, and into a short one', async () => {
    const { cache } = await loaded(20, [0, 1]);
    cache.insertAt(20, 'end', { Title: 'end' });
    expect(cache.get(20, 0)).toBe('end');
    expect(cache.rowCount).toBe(21);
    cache.insertAt(21, 'end2', { Title: 'end2' });
    expect(titles(cache, 19, 22)).toEqual(['row 19', 'end', 'end2']);
    expect(cache.rowCount).toBe(22);
  });

  it('drops chunks after a gap in what is loaded, and fetches them again when seen', async () => {
    const { t, cache } = await loaded(40, [0, 2, 3]);
    cache.insertAt(5, 'new', { Title: 'new' });
    expect(cache.get(5, 0)).toBe('new');
    expect(cache.get(10, 0)).toBe(MISSING); // chunk 1 was never loaded
    expect(cache.get(20, 0)).toBe(MISSING); // its first row would be chunk 1's last: unknown, so dropped
    expect(cache.get(30, 0)).toBe(MISSING);
    t.calls.length = 0;
    cache.ensure(20, 25);
    expect(t.calls.map((c) => c.offset)).toEqual([20]);
  });

  it('asks again for chunks whose answer may predate the insert, showing shifted rows meanwhile', async () => {
    const { t, cache } = await loaded(30, [0, 1]);
    cache.reload(); // chunks 0 and 1 are being refetched
    const inFlight = t.calls.at(-1)!;
    cache.insertAt(2, 'new', { Title: 'new' });
    expect(inFlight.signal.aborted).toBe(true);
    expect(titles(cache, 1, 4)).toEqual(['row 1', 'new', 'row 2']);
    expect(cache.get(10, 0)).toBe('row 9');
    t.calls.length = 0;
    cache.ensure(0, 15);
    expect(t.calls.map((c) => [c.offset, c.limit])).toEqual([[0, 20]]);
  });

  it('leaves a row that a refetch already shows where it is', async () => {
    const { cache } = await loaded(20, [0, 1]);
    expect(cache.insertAt(0, 5, { Title: 'again' })).toBe(false);
    expect(cache.get(4, 0)).toBe('row 4');
    expect(cache.rowCount).toBe(20);
  });

  it('counts the row when the count arrives after the insert by asking for it again', async () => {
    const t = tableSource(20);
    const cache = new RowCache(t.source, ['Title'], { chunkSize: 10, prefetchChunks: 0 });
    cache.loadCount();
    cache.ensure(0, 5);
    await t.flush();
    cache.insertAt(1, 'new', { Title: 'new' });
    expect(t.countCalls()).toBe(2);
    t.answerCount(21);
    await t.flush();
    expect(cache.rowCount).toBe(21);
  });
});
