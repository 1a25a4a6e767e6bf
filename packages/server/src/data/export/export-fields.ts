/**
 * What an export writes: the fields a view shows, in its order — computed ones (formula, lookup, rollup,
 * links) and codes (a QR code or barcode writes the value it encodes) included — each cell as the grid shows
 * it (core's cellText). CSV text that a spreadsheet would run is escaped, except numbers and values of types
 * whose check keeps formulas out (a phone number's leading `+` is data). See docs/exports-filters-formulas.md.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { isCodeType } from '@rowbase/core/fields/code-options';
import { encodedFieldOf } from '@rowbase/core/fields/col-options';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { isComputedField } from '../computed/column-sql.js';
import type { FieldModel, TableModel } from '../table-model.js';
import { csvLinesWriter, type CsvColumn } from './csv-cells.js';
import { sheetCellsWriter, type SheetColumn } from './sheet-xml.js';

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

/** Where each export column's value is in a row whose values have these titles. */
function positions(fields: readonly ExportField[], titles: readonly string[]): number[] {
  return fields.map((f) => {
    const at = titles.indexOf(f.source.title);
    if (at < 0) throw new Error(`Export column '${f.title}' was not read`);
    return at;
  });
}

/** The CSV columns of these export columns, over rows whose values have these titles. */
export function csvColumns(fields: readonly ExportField[], titles: readonly string[]): CsvColumn[] {
  const at = positions(fields, titles);
  return fields.map((f, i) => ({ at: at[i]!, column: f.source.column, formulaSafe: f.source.def?.formulaSafe === true }));
}

/** The CSV text of batches of rows (arrays of values with these titles), one CRLF-terminated line a row. */
export function csvRowsWriter(
  fields: readonly ExportField[],
  titles: readonly string[],
): (rows: readonly (readonly unknown[])[]) => string {
  return csvLinesWriter(csvColumns(fields, titles));
}

/** The xlsx cells of batches of rows (arrays of values with these titles), in the export's column order. */
export function xlsxRowsWriter(
  fields: readonly ExportField[],
  titles: readonly string[],
): (rows: readonly (readonly unknown[])[]) => unknown[][] {
  return sheetCellsWriter(sheetColumns(fields, titles));
}

/** The sheet columns of these export columns, over rows whose values have these titles. */
export function sheetColumns(fields: readonly ExportField[], titles: readonly string[]): SheetColumn[] {
  const at = positions(fields, titles);
  return fields.map((f, i) => ({ at: at[i]!, column: f.source.column }));
}
