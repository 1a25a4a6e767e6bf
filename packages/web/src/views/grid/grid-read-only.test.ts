import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it, vi } from 'vitest';
import { GridController } from './grid-controller';
import { GridInput } from './grid-input';

// The controller paints on animation frames; there is no canvas here, so frames never run.
vi.stubGlobal('requestAnimationFrame', () => 0);
vi.stubGlobal('cancelAnimationFrame', () => undefined);

const column = (title: string, uidt: string): ColumnMeta =>
  ({ id: title, title, uidt }) as unknown as ColumnMeta;

/** A read-only grid over two rows; every write and editor request is recorded. */
async function readOnlyGrid() {
  const rows = [
    { Id: 1, Title: 'apple', Done: false },
    { Id: 2, Title: 'cherry', Done: true },
  ];
  const writes: string[] = [];
  const onEdit = vi.fn();
  const onHeaderMenu = vi.fn();
  const g = new GridController({
    source: {
      fetchRows: async (offset, limit) => rows.slice(offset, offset + limit),
      fetchCount: async () => rows.length,
      update: async () => void writes.push('update'),
      insert: async () => (writes.push('insert'), []),
      remove: async () => void writes.push('remove'),
    },
    columns: [column('Title', 'SingleLineText'), column('Done', 'Checkbox')],
    widths: [200, 100],
    frozen: 0,
    rowHeight: 32,
    readOnly: true,
    callbacks: { onError: vi.fn(), onEdit, onHeaderMenu, onColumnsChange: vi.fn(), onExpand: vi.fn() },
  });
  g.start();
  await vi.waitFor(() => expect(g.cache.countKnown).toBe(true));
  return { g, input: new GridInput(g), writes, onEdit, onHeaderMenu };
}

const key = (k: string) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false });

describe('read-only grid', () => {
  it('opens no editor and writes nothing from keys', async () => {
    const { g, input, writes, onEdit } = await readOnlyGrid();
    for (const k of ['Enter', 'F2', 'x', 'Delete', 'Backspace', ' ']) input.keyDown(key(k));
    g.select({ anchor: { row: 0, col: 1 }, active: { row: 0, col: 1 } });
    input.keyDown(key(' '));
    expect(onEdit).not.toHaveBeenCalled();
    expect(await g.commitValues([{ row: 0, col: 0, value: 'pear' }])).toBeUndefined();
    expect(writes).toEqual([]);
    // Moving around still works.
    expect(input.keyDown(key('ArrowDown'))).toBe(true);
    expect(g.selection.active.row).toBe(1);
    g.dispose();
  });
});
