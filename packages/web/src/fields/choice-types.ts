/** Checkbox and single/multi select with coloured tags (option colours from colOptions, else the palette). */
import { optionListOf } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, SelectOption } from '@rowbase/core/api/meta';
import { cellMessage } from './cell-messages';
import { asText, type CellType, fail, ok } from './cell-type';
import { paintCheckbox, paintTags, TAG_COLORS } from './paint';

const TRUE_TEXT = new Set(['true', '1', 'yes', 'y', 'checked', 'x', '✓', 'on']);
const FALSE_TEXT = new Set(['false', '0', 'no', 'n', 'unchecked', '', 'off']);

export const isChecked = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

export const checkbox: CellType = {
  format: (v) => (isChecked(v) ? 'true' : 'false'),
  parse: (t) => {
    const s = t.trim().toLowerCase();
    if (TRUE_TEXT.has(s)) return ok(true);
    if (FALSE_TEXT.has(s)) return ok(false);
    return fail(cellMessage('checkbox'));
  },
  paint: (p, v) => paintCheckbox(p, isChecked(v)),
  editor: null,
  form: 'checkbox',
  toggle: (v) => !isChecked(v),
};

export function selectOptions(column: ColumnMeta): SelectOption[] {
  return optionListOf(column);
}

/** Colour of an option by title: its own colour, else a palette colour by position. */
export function optionColor(column: ColumnMeta, title: string): string {
  const options = selectOptions(column);
  const i = options.findIndex((o) => o.title === title);
  if (i >= 0 && options[i]!.color) return options[i]!.color!;
  return TAG_COLORS[(i >= 0 ? i : hash(title)) % TAG_COLORS.length]!;
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/** MultiSelect values are stored as 'a,b' (NocoDB's shape); arrays are accepted too. */
export function selectedTitles(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== 'string' || v === '') return [];
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function checkOptions(column: ColumnMeta, titles: string[]): string | undefined {
  const options = selectOptions(column);
  if (!options.length) return undefined;
  const unknown = titles.find((t) => !options.some((o) => o.title === t));
  return unknown === undefined
    ? undefined
    : cellMessage('unknownOption', { option: unknown, field: column.title });
}

export const singleSelect: CellType = {
  format: asText,
  parse: (t, c) => {
    const title = t.trim();
    if (!title) return ok(null);
    const message = checkOptions(c, [title]);
    return message ? fail(message) : ok(title);
  },
  paint: (p, v, display, c) => display && paintTags(p, [display], (label) => optionColor(c, label)),
  editor: 'select',
  form: 'select',
  options: ['selectOptions'],
};

export const multiSelect: CellType = {
  format: (v) => selectedTitles(v).join(', '),
  parse: (t, c) => {
    const titles = selectedTitles(t);
    if (!titles.length) return ok(null);
    const message = checkOptions(c, titles);
    return message ? fail(message) : ok(titles.join(','));
  },
  paint: (p, v, _d, c) => paintTags(p, selectedTitles(v), (label) => optionColor(c, label)),
  editor: 'multiSelect',
  form: 'multiSelect',
  options: ['selectOptions'],
};
