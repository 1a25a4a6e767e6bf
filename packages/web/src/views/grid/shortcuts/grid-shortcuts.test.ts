import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it, vi } from 'vitest';
import { GridController } from '../grid-controller';
import { GridInput } from '../grid-input';
import { GRID_SHORTCUTS, keyLabel, opensShortcutHelp } from './grid-shortcuts';

vi.stubGlobal('requestAnimationFrame', () => 0);
vi.stubGlobal('cancelAnimationFrame', () => undefined);

const column = (title: string, uidt: string): ColumnMeta =>
  ({ id: title, title, uidt }) as unknown as ColumnMeta;

async function editableGrid() {
  const rows = [
    { Id: 1, Title: 'apple', Done: false },
    { Id: 2, Title: 'cherry', Done: true },
  ];
  const g = new GridController({
    source: {
      fetchRows: async (offset, limit) => rows.slice(offset, offset + limit),
      fetchCount: async () => rows.length,
      update: async () => undefined,
      insert: async () => [],
      remove: async () => undefined,
    },
    columns: [column('Title', 'SingleLineText'), column('Done', 'Checkbox')],
    widths: [200, 100],
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
  g.start();
  await vi.waitFor(() => expect(g.cache.countKnown).toBe(true));
  return { g, input: new GridInput(g) };
}

const KEY_NAMES: Record<string, string> = {
  '↑': 'ArrowUp',
  '↓': 'ArrowDown',
  '←': 'ArrowLeft',
  '→': 'ArrowRight',
  Esc: 'Escape',
  Space: ' ',
  'A…Z': 'a',
};

/** The keyboard event of a listed combination: modifiers become flags, display names become `key` values. */
function eventOf(combo: string[]) {
  const main = combo.find((k) => k !== 'Mod' && k !== 'Shift')!;
  return {
    key: KEY_NAMES[main] ?? main,
    shiftKey: combo.includes('Shift'),
    ctrlKey: combo.includes('Mod'),
    metaKey: false,
    altKey: false,
  };
}

describe('the shortcut help', () => {
  it('lists only keys the grid answers', async () => {
    const { g, input } = await editableGrid();
    // Keys handled elsewhere: the open editor (Esc to cancel), the clipboard events, and the help itself.
    const elsewhere = new Set(['cancelEdit', 'copy', 'paste', 'openHelp']);
    for (const group of GRID_SHORTCUTS)
      for (const s of group.shortcuts) {
        if (elsewhere.has(s.does)) continue;
        for (const combo of s.keys) {
          const col = s.does === 'toggleCheckbox' ? 1 : 0;
          g.select({ anchor: { row: 0, col }, active: { row: 0, col } });
          expect(input.keyDown(eventOf(combo)), `${s.does}: ${combo.join('+')}`).toBe(true);
        }
      }
  });

  it('opens on ? outside a text box and on Ctrl or Cmd + /', () => {
    const k = (key: string, mod: Partial<{ ctrlKey: boolean; metaKey: boolean }> = {}) => ({
      key,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      ...mod,
    });
    expect(opensShortcutHelp(k('?'), false)).toBe(true);
    expect(opensShortcutHelp(k('?'), true)).toBe(false);
    expect(opensShortcutHelp(k('/', { ctrlKey: true }), true)).toBe(true);
    expect(opensShortcutHelp(k('/', { metaKey: true }), false)).toBe(true);
    expect(opensShortcutHelp(k('/'), false)).toBe(false);
  });

  it('writes the modifier as this machine does', () => {
    expect(keyLabel('Mod', true)).toBe('⌘');
    expect(keyLabel('Mod', false)).toBe('Ctrl');
  });
});
