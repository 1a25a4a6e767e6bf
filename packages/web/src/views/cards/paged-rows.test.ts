import { describe, expect, it } from 'vitest';
import { PagedRows } from './paged-rows';

function source(total: number) {
  const asked: number[] = [];
  const fetch = async (offset: number, limit: number) => {
    asked.push(offset);
    const list = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    return { list, total };
  };
  return { asked, fetch };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('PagedRows', () => {
  it('reads only the pages covering the range on screen, once each', async () => {
    const s = source(100_000);
    const rows = new PagedRows(s.fetch, 50);
    rows.ensure(5_000, 5_120);
    rows.ensure(5_000, 5_120);
    await settle();
    expect(s.asked).toEqual([5_000, 5_050, 5_100]);
    expect(rows.row(5_061)).toBe(5_061);
    expect(rows.row(0)).toBeUndefined();
    expect(rows.total).toBe(100_000);
  });

  it('forgets everything on reset and ignores answers to the reads before it', async () => {
    const s = source(1_000);
    const rows = new PagedRows(s.fetch, 10);
    rows.ensure(0, 10);
    rows.reset();
    await settle();
    expect(rows.row(0)).toBeUndefined();
    rows.ensure(0, 10);
    await settle();
    expect(rows.row(3)).toBe(3);
  });

  it('keeps a bounded number of pages, dropping the farthest', async () => {
    const s = source(10_000);
    const rows = new PagedRows(s.fetch, 10, 3);
    for (const p of [0, 1, 2, 50]) {
      rows.ensure(p * 10, p * 10 + 10);
      await settle();
    }
    expect(rows.loadedPages).toBe(3);
    expect(rows.row(0)).toBeUndefined();
    expect(rows.row(505)).toBe(505);
  });
});
