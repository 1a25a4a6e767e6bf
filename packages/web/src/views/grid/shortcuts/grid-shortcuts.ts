/**
 * The grid's keyboard shortcuts as the help lists them. Kept beside the help and checked against the grid's key
 * handling by a test, so the list cannot promise a key the grid does not answer. `Mod` is Ctrl, or ⌘ on a Mac.
 */

export interface Shortcut {
  /** Key combinations, each a list of keys pressed together. */
  keys: string[][];
  /** What it does: an i18n key under `shortcuts.`, or a full key when it contains a dot. */
  does: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export const GRID_SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'move',
    shortcuts: [
      { keys: [['↑'], ['↓'], ['←'], ['→']], does: 'moveCell' },
      {
        keys: [
          ['Mod', '↑'],
          ['Mod', '↓'],
          ['Mod', '←'],
          ['Mod', '→'],
        ],
        does: 'jumpEdge',
      },
      { keys: [['Home'], ['End'], ['PageUp'], ['PageDown']], does: 'jumpRowOrPage' },
      { keys: [['Tab'], ['Shift', 'Tab']], does: 'nextCell' },
      {
        keys: [
          ['Shift', '↑'],
          ['Shift', '↓'],
          ['Shift', '←'],
          ['Shift', '→'],
        ],
        does: 'extendSelection',
      },
      { keys: [['Esc']], does: 'collapseSelection' },
    ],
  },
  {
    title: 'edit',
    shortcuts: [
      { keys: [['Enter'], ['F2']], does: 'editCell' },
      { keys: [['A…Z', '0…9']], does: 'typeToReplace' },
      { keys: [['Esc']], does: 'cancelEdit' },
      { keys: [['Space']], does: 'toggleCheckbox' },
      { keys: [['Delete'], ['Backspace']], does: 'clearCells' },
      { keys: [['Shift', 'Enter']], does: 'expandRecord' },
    ],
  },
  {
    title: 'clipboard',
    shortcuts: [
      { keys: [['Mod', 'C']], does: 'copy' },
      { keys: [['Mod', 'V']], does: 'paste' },
      { keys: [['Mod', 'Z']], does: 'grid.toolbar.undo' },
      {
        keys: [
          ['Mod', 'Y'],
          ['Mod', 'Shift', 'Z'],
        ],
        does: 'grid.toolbar.redo',
      },
    ],
  },
  {
    title: 'help',
    shortcuts: [{ keys: [['?'], ['Mod', '/']], does: 'openHelp' }],
  },
];

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** How a key is written on this machine: `Mod` becomes ⌘ on a Mac, Ctrl elsewhere. */
export function keyLabel(key: string, mac = isMac()): string {
  return key === 'Mod' ? (mac ? '⌘' : 'Ctrl') : key;
}

/** True for the keys that open the help: `?` outside a text box, or Ctrl/Cmd + `/` anywhere. */
export function opensShortcutHelp(
  e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  typingInTextBox: boolean,
): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key === '/') return true;
  return e.key === '?' && !mod && !e.altKey && !typingInTextBox;
}
