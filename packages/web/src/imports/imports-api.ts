/**
 * The import calls (docs/imports.md): preview a file's detected fields, start the import job (a new table, or
 * rows appended to an existing one), cancel, skipped rows.
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
}

export interface ImportResult {
  table_id: string;
  title: string;
  rows_imported: number;
  rows_skipped: number;
  /** Imports into an existing table: rows added and rows updated through the match field. */
  rows_inserted?: number;
  rows_updated?: number;
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

function form(file: File, options: unknown): FormData {
  const body = new FormData();
  body.append('options', JSON.stringify(options));
  body.append('file', file, file.name);
  return body;
}

export const importsApi = {
  preview: (baseId: string, file: File) =>
    request<ImportPreview>('POST', `/api/v1/db/meta/projects/${baseId}/import/preview`, {
      body: form(file, {}),
    }),
  start: (baseId: string, file: File, options: { title: string; columns: ColumnChoice[] }) =>
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
