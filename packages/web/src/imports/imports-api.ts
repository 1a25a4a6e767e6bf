/**
 * The import calls (docs/imports.md): preview a file's detected fields (any sheet of a workbook), start the import
 * job (a new table, one per chosen sheet, or rows appended to an existing one), cancel, skipped rows.
 */
import { request, requestBlob } from '../api/client';

export interface PreviewColumn {
  index: number;
  title: string;
  uidt: string;
}

export interface ImportPreview {
  columns: PreviewColumn[];
  total: number;
  rows: unknown[][];
  /** A workbook's sheet names, in tab order, and the one previewed. */
  sheets?: string[];
  sheet?: string;
}

export interface ImportResult {
  table_id: string;
  title: string;
  rows_imported: number;
  rows_skipped: number;
  /** Imports into an existing table: rows added and rows updated through the match field. */
  rows_inserted?: number;
  rows_updated?: number;
  /** Every table created (several when several sheets were imported). */
  tables?: { table_id: string; title: string; sheet?: string; rows_imported: number }[];
}

/** An import into an existing table: file column (by position) -> field title; unmapped columns are skipped. */
export interface AppendOptions {
  columns: { index: number; field: string }[];
  match?: string;
  skipBadRows: boolean;
}

export interface ColumnChoice {
  index: number;
  title: string;
  uidt: string;
}

/** A new-table import: one table (optionally from a named sheet), or one table per listed sheet. */
export type NewTableOptions =
  | { title: string; columns: ColumnChoice[]; sheet?: string }
  | { sheets: { name: string; title: string; columns?: ColumnChoice[] }[] };

function form(file: File, options: unknown): FormData {
  const body = new FormData();
  body.append('options', JSON.stringify(options));
  body.append('file', file, file.name);
  return body;
}

export const importsApi = {
  preview: (baseId: string, file: File, sheet?: string) =>
    request<ImportPreview>('POST', `/api/v1/db/meta/projects/${baseId}/import/preview`, {
      body: form(file, sheet ? { sheet } : {}),
    }),
  start: (baseId: string, file: File, options: NewTableOptions) =>
    request<{ id: string; title: string }>('POST', `/api/v1/db/meta/projects/${baseId}/import`, {
      body: form(file, options),
    }),
  append: (tableId: string, file: File, options: AppendOptions) =>
    request<{ id: string; title: string }>('POST', `/api/v1/db/meta/tables/${tableId}/import`, {
      body: form(file, options),
    }),
  cancel: (jobId: string) => request('POST', '/jobs/cancel', { body: { id: jobId } }),
  skippedCsv: (jobId: string) => requestBlob('GET', `/api/v1/db/meta/imports/${jobId}/skipped.csv`),
};
