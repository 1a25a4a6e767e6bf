/**
 * Exporting a view's rows (visible fields, view filters and sorts) as CSV or Excel. Shares only export
 * when the share allows CSV download (meta.allowCSVDownload).
 */
import { badRequest, forbidden } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { csvLine } from '../../data/export/csv.js';
import { xlsxWorkbook } from '../../data/export/xlsx.js';
import { allViewRows } from './view-data.js';
import { viewPageQuery, type ViewQueryParams, type ViewScope } from './view-scope.js';

export const EXPORT_FORMATS = ['csv', 'excel'] as const;
/** An export past this many rows is cut, so one request cannot hold the server for long. */
const MAX_EXPORT_ROWS = 100_000;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export async function exportView(
  ctx: AppContext,
  scope: ViewScope,
  format: string,
  q: ViewQueryParams,
): Promise<ExportFile> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw badRequest(`Export format must be csv or excel, not '${format}'`);
  }
  if (scope.isPublic && scope.view.meta?.allowCSVDownload !== true) {
    throw forbidden('Downloading is not allowed for this shared view');
  }
  const fieldIds = viewPageQuery(scope, q).fields ?? [];
  const fields = fieldIds.map((id) => scope.model.field(id)!).filter(Boolean);
  const header = fields.map((f) => f.title);
  const rows: unknown[][] = [];
  for await (const batch of allViewRows(ctx, scope, q)) {
    for (const r of batch) {
      if (rows.length >= MAX_EXPORT_ROWS) break;
      rows.push(fields.map((f) => r[f.title]));
    }
  }
  const base = scope.view.title.replace(/[^\w .-]+/g, '_') || 'export';
  if (format === 'csv') {
    const text = '\ufeff' + csvLine(header) + rows.map((r) => csvLine(r)).join('');
    return {
      fileName: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
  return {
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: xlsxWorkbook(scope.view.title, header, rows),
  };
}
