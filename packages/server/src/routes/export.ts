/**
 * `GET /api/v1/db/data/{org}/{base}/{table}/export/{csv|excel|json}`: the rows a list would return (fields,
 * where, sort honoured), as a JSON array of the list's values, or a CSV or xlsx stream (exceljs's streaming writer), each cell as the grid shows it (data/export/
 * export-fields). CSV cells that a spreadsheet would run as a formula are neutralised. The whole export is one file, so `nc-export-offset` is always -1.
 */
import { Readable } from 'node:stream';
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { csvLine } from '../data/export/csv.js';
import {
  exportCsvLine,
  exportFields,
  exportQueryFields,
  exportXlsxCell,
} from '../data/export/export-fields.js';
import { jsonArrayStream } from '../data/export/json.js';
import { xlsxStream } from '../data/export/xlsx-stream.js';
import type { PageQuery, Row } from '../data/row-query.js';
import { pageQueryOf, v1Scope, type RowQueryString, type RowsScope } from './rows-common.js';

const BATCH = 1000;

async function* batches(scope: RowsScope, q: PageQuery): AsyncGenerator<Row[]> {
  let offset = 0;
  for (;;) {
    const rows = await scope.reader.rows({ ...q, limit: BATCH, offset });
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    offset += BATCH;
  }
}

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
    if (type === 'json') {
      // The values the list gives; codes (a QR code, a barcode) have no value of their own and are left out.
      const fields = exportFields(scope.model, columns).filter((f) => f.source.title === f.title);
      const q = { ...asked, fields: exportQueryFields(fields) };
      // Check the query before the response starts, so a bad filter is still a clean 400.
      await scope.reader.rows({ ...q, limit: 1, offset: 0 });
      return sendFile(reply, fileName(scope.model.title, 'json'), 'application/json; charset=utf-8').send(
        jsonArrayStream(
          fields.map((f) => f.title),
          batches(scope, q),
        ),
      );
    }
    const fields = exportFields(scope.model, columns);
    const q = { ...asked, fields: exportQueryFields(fields) };
    const header = fields.map((f) => f.title);
    // Check the query before the response starts, so a bad filter is still a clean 400.
    await scope.reader.rows({ ...q, limit: 1, offset: 0 });
    if (type === 'csv') {
      async function* lines() {
        yield '\ufeff' + csvLine(header);
        for await (const rows of batches(scope, q)) yield rows.map((r) => exportCsvLine(fields, r)).join('');
      }
      return sendFile(reply, fileName(scope.model.title, 'csv'), 'text/csv; charset=utf-8').send(
        Readable.from(lines()),
      );
    }
    async function* cells() {
      for await (const rows of batches(scope, q))
        yield rows.map((r) => fields.map((f) => exportXlsxCell(f, r)));
    }
    return sendFile(
      reply,
      fileName(scope.model.title, 'xlsx'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ).send(xlsxStream(scope.model.title, header, cells()));
  });
}
