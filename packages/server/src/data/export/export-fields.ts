/**
 * What an export writes: the fields a view shows, in its order — computed ones (formula, lookup, rollup,
 * links) and codes (a QR code or barcode writes the value it encodes) included — each cell as the grid shows
 * it (core's cellText). CSV text that a spreadsheet would run is escaped, except numbers and values of types
 * whose check keeps formulas out (a phone number's leading `+` is data). See docs/exports-filters-formulas.md.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { isCodeType } from '@rowbase/core/fields/code-options';
import { encodedFieldOf } from '@rowbase/core/fields/col-options';
import { cellText } from '@rowbase/core/fields/display/cell-text';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { isComputedField } from '../computed/column-sql.js';
import type { Row } from '../row-query.js';
import type { FieldModel, TableModel } from '../table-model.js';
import { neutralise, quoted } from './csv.js';

export interface ExportField {
  /** The header. */
  title: string;
  /** The field whose value the column holds (for a code, the field it encodes). */
  source: FieldModel;
}

function sourceOf(model: TableModel, f: FieldModel): FieldModel | undefined {
  if (isCodeType(f.column.uidt)) {
    const id = encodedFieldOf(f.column);
    const source = id ? model.field(id) : undefined;
    return source && source !== f ? sourceOf(model, source) : undefined;
  }
  if (f.name !== null) return f;
  return model.computed && isComputedField(f.column) ? f : undefined;
}

/** The export columns for the shown columns, in their order; what has no value to write (buttons) is left out. */
export function exportFields(model: TableModel, shown: readonly ColumnMeta[]): ExportField[] {
  const out: ExportField[] = [];
  for (const column of shown) {
    const f = model.field(column.id);
    if (!f || isRowOrderColumn(column)) continue;
    const source = sourceOf(model, f);
    if (source) out.push({ title: f.title, source });
  }
  return out;
}

/** The fields a row query must return for these export columns. */
export function exportQueryFields(fields: readonly ExportField[]): string[] {
  return [...new Set(fields.map((f) => f.source.column.id))];
}

/** A cell as the grid shows it. */
export function exportText(f: ExportField, row: Row): string {
  return cellText(row[f.source.title], f.source.column);
}

/** A CSV cell: the display text, escaped when a spreadsheet could run it. */
export function exportCsvCell(f: ExportField, row: Row): string {
  const raw = row[f.source.title];
  const text = exportText(f, row);
  const data = typeof raw === 'number' || typeof raw === 'bigint' || f.source.def?.formulaSafe === true;
  return quoted(data ? text : neutralise(text));
}

/**
 * An xlsx cell: numbers and booleans stay typed where the grid shows them plainly (a duration or a currency
 * is written as the grid shows it); the rest as display text.
 */
export function exportXlsxCell(f: ExportField, row: Row): unknown {
  const raw = row[f.source.title];
  const text = exportText(f, row);
  if (typeof raw === 'number' && text === String(raw)) return raw;
  if (typeof raw === 'boolean') return raw;
  return text;
}

export function exportCsvLine(fields: readonly ExportField[], row: Row): string {
  return fields.map((f) => exportCsvCell(f, row)).join(',') + '\r\n';
}
