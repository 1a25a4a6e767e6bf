/**
 * Picks a field type for each column of an imported file from its values. The rules, in order:
 * long text (a line break or over 255 characters), e-mail, URL, checkbox (one yes/no vocabulary), numbers
 * (Decimal when any is fractional; Currency for spreadsheet cells all formatted with "$"), dates without a
 * time part (in the format most of them use), then single or multi select when few distinct options repeat,
 * else single line text. See docs/imports.md.
 */
import type { UIType } from '../fields/ui-types.js';
import { checkboxVocabulary } from './checkbox-vocabularies.js';
import { IMPORT_DEFAULT_DATE_FORMAT, mostFrequentDateFormat } from './date-formats.js';

export const MAX_SELECT_OPTIONS = 64;
const LONG_TEXT_LENGTH = 255;

export interface DetectedType {
  uidt: UIType;
  /** Options of a SingleSelect or MultiSelect, in first-seen order. */
  options?: string[];
  /** The options as a column type list: quoted, single quotes doubled. */
  dtxp?: string;
  /** A Date's display format. */
  dateFormat?: string;
  /** Select detection gave up (more than 64 distinct options): the column stays text. */
  selectDisabled?: boolean;
}

/** A spreadsheet cell: its value and, for numbers, the text the spreadsheet shows. */
export interface SheetCell {
  value: unknown;
  formatted?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_RE = /^(https?:\/\/|www\.)[^\s]+\.[^\s]+$/i;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

function textOf(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export function isNumericText(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && NUMBER.test(v.trim());
}

/** The type of one column from its values (empty cells are ignored; an all-empty column is text). */
export function detectColumnType(values: readonly unknown[]): DetectedType {
  const present = values.filter((v) => !isEmpty(v));
  if (present.length === 0) return { uidt: 'SingleLineText' };
  const texts = present.map(textOf);
  if (texts.some((t) => /[\r\n]/.test(t) || t.length > LONG_TEXT_LENGTH)) return { uidt: 'LongText' };
  if (texts.some((t) => EMAIL.test(t.trim()))) return { uidt: 'Email' };
  if (texts.some((t) => URL_RE.test(t.trim()))) return { uidt: 'URL' };
  if (present.every((v) => typeof v === 'boolean') || checkboxVocabulary(texts)) return { uidt: 'Checkbox' };
  if (present.every(isNumericText)) {
    return { uidt: present.every((v) => Number.isInteger(Number(v))) ? 'Number' : 'Decimal' };
  }
  if (present.every((v) => v instanceof Date)) {
    const midnight = (present as Date[]).every(
      (d) => d.getUTCHours() + d.getUTCMinutes() + d.getUTCSeconds() === 0,
    );
    if (midnight) return { uidt: 'Date', dateFormat: IMPORT_DEFAULT_DATE_FORMAT };
  }
  const dateFormat = mostFrequentDateFormat(texts);
  if (dateFormat) return { uidt: 'Date', dateFormat };
  return detectSelect(texts);
}

/**
 * Text values split on commas. More than 64 distinct options: plain text with select disabled. A select only
 * when the distinct options are at most half the number of values; multi when any value holds several.
 */
export function detectSelect(texts: readonly string[]): DetectedType {
  const options: string[] = [];
  const seen = new Set<string>();
  let multi = false;
  for (const t of texts) {
    const parts = t
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (parts.length > 1) multi = true;
    for (const p of parts) {
      if (seen.has(p)) continue;
      seen.add(p);
      options.push(p);
      if (options.length > MAX_SELECT_OPTIONS) return { uidt: 'SingleLineText', selectDisabled: true };
    }
  }
  if (options.length === 0 || options.length > texts.length / 2) return { uidt: 'SingleLineText' };
  return {
    uidt: multi ? 'MultiSelect' : 'SingleSelect',
    options,
    dtxp: options.map((o) => `'${o.replace(/'/g, "''")}'`).join(','),
  };
}

/**
 * A spreadsheet column: numbers whose shown text all starts with "$" are Currency; a column mixing numbers with
 * non-numeric text is text. Anything else follows the rules for plain values.
 */
export function detectSheetColumnType(cells: readonly SheetCell[]): DetectedType {
  const present = cells.filter((c) => !isEmpty(c.value));
  const numbers = present.filter((c) => typeof c.value === 'number');
  if (numbers.length > 0) {
    if (numbers.length < present.length && !present.every((c) => isNumericText(c.value))) {
      return { uidt: 'SingleLineText' };
    }
    if (present.every((c) => typeof c.value === 'number' && (c.formatted ?? '').trim().startsWith('$'))) {
      return { uidt: 'Currency' };
    }
  }
  return detectColumnType(present.map((c) => c.value));
}
