import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it, vi } from 'vitest';
import { GridController } from './grid-controller';

vi.stubGlobal('requestAnimationFrame', () => 0);
vi.stubGlobal('cancelAnimationFrame', () => undefined);

describe('grid controller', () => {
  // React may build a controller during a render it then throws away; a request from there would update the
  // loading store and restart that render, over and over.
  it('fetches nothing until it is started', async () => {
    const fetchCount = vi.fn(async () => 3);
    const fetchRows = vi.fn(async () => []);
    const g = new GridController({
      source: { fetchRows, fetchCount, update: vi.fn(), insert: vi.fn(), remove: vi.fn() },
      columns: [{ id: 'Title', title: 'Title', uidt: 'SingleLineText' } as unknown as ColumnMeta],
      widths: [200],
      frozen: 0,
      rowHeight: 32,
      callbacks: {
        onError: vi.fn(),
        onEdit: vi.fn(),
        onHeaderMenu: vi.fn(),
        onColumnsChange: vi.fn(),
        onExpand: vi.fn(),
      },
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchCount).not.toHaveBeenCalled();
    expect(fetchRows).not.toHaveBeenCalled();
    g.start();
    await vi.waitFor(() => expect(g.cache.rowCount).toBe(3));
    g.start(); // a second attach (remount) does not ask again
    expect(fetchCount).toHaveBeenCalledTimes(1);
    g.dispose();
  });
});
