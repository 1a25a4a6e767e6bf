/**
 * Exporting a view's rows as the grid shows them (visible fields in view order, computed ones included; view
 * filters and sorts; cells formatted as the grid formats them) as CSV or Excel. Shares only export when the
 * share allows CSV download (meta.allowCSVDownload).
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { badRequest, forbidden } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { csvLine } from '../../data/export/csv.js';
import { xlsxWorkbook } from '../../data/export/xlsx.js';
import {
  exportCsvLine,
  exportFields,
  exportQueryFields,
  exportXlsxCell,
} from '../../data/export/export-fields.js';
import type { Row } from '../../data/row-query.js';
import { sharedFields } from '../shares/shared-view-access.js';
import { allViewRows } from './view-data.js';
import type { ViewQueryParams, ViewScope } from './view-scope.js';

export const EXPORT_FORMATS = ['csv', 'excel'] as const;
/** An export past this many rows is cut, so one request cannot hold the server for long. */
const MAX_EXPORT_ROWS = 100_000;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
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
    throw badRequest(`Export format must be csv or excel, not '${format}'`);
  }
  if (scope.isPublic && scope.view.meta?.allowCSVDownload !== true) {
    throw forbidden('Downloading is not allowed for this shared view');
  }
  const fields = exportFields(scope.model, await shownColumns(ctx, scope));
  const header = fields.map((f) => f.title);
  const rows: Row[] = [];
  for await (const batch of allViewRows(ctx, scope, q, 1000, exportQueryFields(fields))) {
    for (const r of batch) {
      if (rows.length >= MAX_EXPORT_ROWS) break;
      rows.push(r);
    }
  }
  const base = scope.view.title.replace(/[^\w .-]+/g, '_') || 'export';
  if (format === 'csv') {
    const text = '\ufeff' + csvLine(header) + rows.map((r) => exportCsvLine(fields, r)).join('');
    return {
      fileName: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(text, 'utf8'),
    };
  }
  return {
    fileName: `${base}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: xlsxWorkbook(
      scope.view.title,
      header,
      rows.map((r) => fields.map((f) => exportXlsxCell(f, r))),
    ),
  };
}
