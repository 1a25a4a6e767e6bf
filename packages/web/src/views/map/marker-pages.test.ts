import { describe, expect, it } from 'vitest';
import { laneStarts, readAllPages } from './marker-pages';

describe('marker pages', () => {
  it('splits the pages after the first into runs of consecutive pages', () => {
    expect(laneStarts(100, 4)).toEqual([1, 25, 50, 75]);
    expect(laneStarts(3, 4)).toEqual([1, 2]);
    expect(laneStarts(1, 4)).toEqual([]);
  });

  it('reads every row exactly once, each lane page after page', async () => {
    const rows = Array.from({ length: 10_500 }, (_, i) => i);
    const asked: number[] = [];
    const got: number[] = [];
    await readAllPages({
      fetch: async (offset, limit) => {
        asked.push(offset);
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        return { list: rows.slice(offset, offset + limit), total: rows.length };
      },
      onPage: (list) => got.push(...list),
      stopped: () => false,
      size: 1000,
      lanes: 4,
    });
    expect(got.sort((a, b) => a - b)).toEqual(rows);
    expect(asked.sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i * 1000));
  });

  it('reads on until a short page when the server gives no total, and stops when asked', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => i);
    const got: number[] = [];
    await readAllPages({
      fetch: async (offset, limit) => ({ list: rows.slice(offset, offset + limit) }),
      onPage: (list) => got.push(...list),
      stopped: () => false,
      size: 1000,
      lanes: 4,
    });
    expect(got).toEqual(rows);
    let pages = 0;
    await readAllPages({
      fetch: async (offset, limit) => ({ list: rows.slice(offset, offset + limit), total: rows.length }),
      onPage: () => (pages += 1),
      stopped: () => pages >= 1,
      size: 1000,
      lanes: 4,
    });
    expect(pages).toBe(1);
  });
});
