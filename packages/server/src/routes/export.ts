/**
 * `GET /api/v1/db/data/{org}/{base}/{table}/export/{csv|excel|json}`: the rows a list would return (fields,
 * where, sort honoured), as a JSON array of the list's values, or a CSV or xlsx stream (exceljs's streaming writer), each cell as the grid shows it (data/export/
 * export-fields). CSV cells that a spreadsheet would run as a formula are neutralised. The whole export is one file, so `nc-export-offset` is always -1.
 */
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { exportBody } from '../data/export/export-body.js';
import { exportFields } from '../data/export/export-fields.js';
import { pageQueryOf, v1Scope, type RowQueryString } from './rows-common.js';

function fileName(title: string, ext: string): string {
  const safe = title.replace(/[^\w .-]+/g, '_').trim() || 'export';
  return `${safe}.${ext}`;
}

function sendFile(reply: FastifyReply, name: string, type: string): FastifyReply {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('nc-export-offset', '-1')
    .header('access-control-expose-headers', 'nc-export-offset, content-disposition');
}

export function exportRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{
    Params: { orgs: string; baseName: string; tableName: string; type: string };
    Querystring: RowQueryString;
  }>('/api/v1/db/data/:orgs/:baseName/:tableName/export/:type', async (req, reply) => {
    const { type } = req.params;
    if (type !== 'csv' && type !== 'excel' && type !== 'json')
      throw badRequest(`Export format '${type}' is not supported; use csv, excel or json`);
    const scope = await v1Scope(ctx, req, req.params);
    const asked = pageQueryOf(req.query);
    const columns = scope.reader.queryFields(asked.fields).map((f) => f.column);
    // JSON holds the values the list gives; codes (a QR code, a barcode) have no value of their own there.
    const fields = exportFields(scope.model, columns).filter(
      (f) => type !== 'json' || f.source.title === f.title,
    );
    const body = await exportBody(type, scope.reader, asked, fields, scope.model);
    const [ext, contentType] =
      type === 'json'
        ? ['json', 'application/json; charset=utf-8']
        : type === 'csv'
          ? ['csv', 'text/csv; charset=utf-8']
          : ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
    return sendFile(reply, fileName(scope.model.title, ext), contentType).send(body);
  });
}
