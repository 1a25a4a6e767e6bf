/**
 * Exporting a view's rows as the grid shows them (visible fields in view order, computed ones included; view
 * filters and sorts; cells formatted as the grid formats them) as CSV or Excel, or as JSON with the values the
 * records API gives, streamed a batch at a time so a
 * million-row view exports with flat memory. Shares only export when the share allows CSV download
 * (meta.allowCSVDownload). See docs/imports.md (Exports).
 */
import type { Readable } from 'node:stream';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { badRequest, forbidden } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { exportBody, type ExportFormat } from '../../data/export/export-body.js';
import { exportFields, exportQueryFields } from '../../data/export/export-fields.js';
import { sharedFields } from '../shares/shared-view-access.js';
import { viewExportQuery } from './view-data.js';
import type { ViewQueryParams, ViewScope } from './view-scope.js';

export const EXPORT_FORMATS = ['csv', 'excel', 'json'] as const;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

/**
 * The columns the grid shows, in its order (the display-value field first): the view's visible fields, the
 * primary key only while the view shows system fields.
 */
async function shownColumns(ctx: AppContext, scope: ViewScope): Promise<ColumnMeta[]> {
  const shown = (await sharedFields(ctx, scope.view)).filter(
    (s) => !(s.column.pk && scope.model.field(s.column.id)?.kind === 'id') || scope.view.show_system_fields,
  );
  shown.sort((a, b) =>
    a.column.pv === b.column.pv ? a.viewColumn.order - b.viewColumn.order : a.column.pv ? -1 : 1,
  );
  return shown.map((s) => s.column);
}

export async function exportView(
  ctx: AppContext,
  scope: ViewScope,
  format: string,
  q: ViewQueryParams,
): Promise<ExportFile> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw badRequest(`Export format must be csv, excel or json, not '${format}'`);
  }
  if (scope.isPublic && scope.view.meta?.allowCSVDownload !== true) {
    throw forbidden('Downloading is not allowed for this shared view');
  }
  const columns = await shownColumns(ctx, scope);
  const base = scope.view.title.replace(/[^\w .-]+/g, '_') || 'export';
  // JSON holds the values as the records API returns them, under the shown fields' titles; codes (a QR code,
  // a barcode) have no value of their own there and are left out.
  const fields = exportFields(scope.model, columns).filter(
    (f) => format !== 'json' || f.source.title === f.title,
  );
  const { reader, query } = viewExportQuery(ctx, scope, q, exportQueryFields(fields));
  // The query is checked before the response starts, so a bad filter is still a clean 400.
  const body = await exportBody(format as ExportFormat, reader, query, fields, scope.model, scope.view.title);
  if (format === 'json')
    return { fileName: `${base}.json`, contentType: 'application/json; charset=utf-8', body };
  if (format === 'csv') return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body };
  return {
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
