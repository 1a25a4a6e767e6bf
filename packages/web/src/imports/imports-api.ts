/** The import calls (docs/imports.md): preview a file's detected fields, start the import job, cancel, skipped rows. */
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
  cancel: (jobId: string) => request('POST', '/jobs/cancel', { body: { id: jobId } }),
  skippedCsv: (jobId: string) => requestBlob('GET', `/api/v1/db/meta/imports/${jobId}/skipped.csv`),
};

/** Rows done and total from the job's progress message ("Imported N of T rows"). */
export function rowsOfProgress(message: string | undefined): { done: number; total: number } | undefined {
  const m = /(\d+) of (\d+)/.exec(message ?? '');
  return m ? { done: Number(m[1]), total: Number(m[2]) } : undefined;
}

/** Rate (rows/s) and seconds left from rows done since the start. */
export function rateOf(
  done: number,
  total: number,
  elapsedMs: number,
): { rate: number; secondsLeft: number } {
  const rate = elapsedMs > 0 ? (done / elapsedMs) * 1000 : 0;
  return { rate: Math.round(rate), secondsLeft: rate > 0 ? Math.ceil((total - done) / rate) : 0 };
}
