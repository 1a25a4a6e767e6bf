/**
 * From the first rows of a file to the fields of the table an import creates, under the import options:
 * `firstRowAsHeaders` (spreadsheets: whether row one names the columns), `autoSelectFieldTypes` (use the detected
 * types; otherwise every field is text), `shouldImportData` (insert the rows, or only create the table) and
 * `normalizeNested` (JSON: flatten nested objects into `parent_child` columns).
 */
import type { UIType } from '../fields/ui-types.js';
import { cleanHeaders } from './headers.js';
import {
  detectColumnType,
  detectSheetColumnType,
  type DetectedType,
  type SheetCell,
} from './detect-types.js';

export interface ImportOptions {
  firstRowAsHeaders: boolean;
  autoSelectFieldTypes: boolean;
  shouldImportData: boolean;
  normalizeNested: boolean;
}

export const DEFAULT_IMPORT_OPTIONS: ImportOptions = {
  firstRowAsHeaders: true,
  autoSelectFieldTypes: true,
  shouldImportData: true,
  normalizeNested: false,
};

export interface PlannedColumn extends DetectedType {
  /** Position of the column in the file's rows. */
  index: number;
  title: string;
}

/** Fields for rows of cells (the first row holding headers when `firstRowAsHeaders`). */
export function planColumns(rows: readonly (readonly unknown[])[], options: ImportOptions): PlannedColumn[] {
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  const headerRow = options.firstRowAsHeaders ? (rows[0] ?? []) : [];
  const data = options.firstRowAsHeaders ? rows.slice(1) : rows;
  const titles = cleanHeaders(
    Array.from({ length: width }, (_, i) => {
      const h = headerRow[i];
      return isSheetCell(h) ? h.value : h;
    }),
  );
  return titles.map((title, index) => {
    const cells = data.map((r) => r[index]);
    const detected = cells.some(isSheetCell)
      ? detectSheetColumnType(cells.map((c) => (isSheetCell(c) ? c : { value: c })))
      : detectColumnType(cells);
    return {
      index,
      title,
      ...(options.autoSelectFieldTypes ? detected : { uidt: 'SingleLineText' as UIType }),
    };
  });
}

function isSheetCell(c: unknown): c is SheetCell {
  return typeof c === 'object' && c !== null && 'value' in c && !(c instanceof Date);
}

/** JSON import accepts an array of objects or one object; anything else is refused with a reason. */
export function jsonRecords(parsed: unknown): Record<string, unknown>[] {
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) throw new Error('The JSON file holds no records');
  for (const [i, r] of list.entries()) {
    if (typeof r !== 'object' || r === null || Array.isArray(r)) {
      throw new Error(`Record ${i + 1} of the JSON file is not an object`);
    }
  }
  return list as Record<string, unknown>[];
}

/** Nested objects become `parent_child` keys (arrays stay values); without `normalize`, records are unchanged. */
export function flattenRecord(record: Record<string, unknown>, normalize: boolean): Record<string, unknown> {
  if (!normalize) return record;
  const out: Record<string, unknown> = {};
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}_${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date))
        walk(v as Record<string, unknown>, key);
      else out[key] = v;
    }
  };
  walk(record, '');
  return out;
}

/** Records as rows of cells under their keys, in first-seen key order (the header row first). */
export function recordsToRows(records: readonly Record<string, unknown>[]): unknown[][] {
  const keys = new Set<string>();
  for (const r of records) for (const k of Object.keys(r)) keys.add(k);
  return [[...keys], ...records.map((r) => [...keys].map((k) => r[k]))];
}
