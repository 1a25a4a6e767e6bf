/** Tables v1 and v2: list, create, read, update, delete, reorder, duplicate. */
import {
  createTableBody,
  duplicateTableBody,
  reorderTableBody,
  updateTableBody,
} from '@rowbase/core/api/tables';
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess, requireTableAccess } from '../http/base-access.js';
import { parseWith } from '../http/validate.js';
import { startTableDuplicate } from '../services/tables-duplicate.js';
import { createTable, deleteTable, reorderTable, updateTable } from '../services/tables.js';
import { listReply } from '../http/list-reply.js';
import { withAutoIndexed } from '../services/table-indexes.js';

type BaseParams = { Params: { baseId: string; sourceId?: string } };
type Id = { Params: { id: string } };

export function tableRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (req: FastifyRequest<BaseParams>) => {
    await requireBaseAccess(ctx, req, req.params.baseId);
    const q = req.query as { includeM2M?: string };
    const { baseId, sourceId } = req.params;
    const includeM2M = q.includeM2M === 'true';
    const tables = await ctx.metaReads.tables(baseId, `${sourceId ?? ''}\u0000${includeM2M}`, () =>
      ctx.tables.list(baseId, { sourceId, includeM2M }),
    );
    return listReply(tables);
  };
  const create = async (req: FastifyRequest<BaseParams>) => {
    const { base } = await requireBaseAccess(ctx, req, req.params.baseId, 'tableCreate');
    const table = await createTable(ctx, base, parseWith(createTableBody, req.body), req.params.sourceId);
    return table;
  };
  app.get('/api/v1/db/meta/projects/:baseId/tables', list);
  app.post('/api/v1/db/meta/projects/:baseId/tables', create);
  app.get('/api/v1/db/meta/projects/:baseId/:sourceId/tables', list);
  app.post('/api/v1/db/meta/projects/:baseId/:sourceId/tables', create);
  app.get('/api/v2/meta/bases/:baseId/tables', list);
  app.post('/api/v2/meta/bases/:baseId/tables', create);
  app.get('/api/v2/meta/bases/:baseId/:sourceId/tables', list);
  app.post('/api/v2/meta/bases/:baseId/:sourceId/tables', create);

  for (const prefix of ['/api/v1/db/meta/tables', '/api/v2/meta/tables']) {
    app.get<Id>(`${prefix}/:id`, async (req) => {
      // The kept answer names the base: no read of the meta store (a missing table is a 404 as before).
      const table = await ctx.metaReads.table(req.params.id, () => ctx.meta.getTable(req.params.id));
      await requireBaseAccess(ctx, req, table.base_id);
      return withAutoIndexed(ctx, table);
    });
    app.patch<Id>(`${prefix}/:id`, async (req) => {
      const { table } = await requireTableAccess(ctx, req, req.params.id, 'tableRename');
      const updated = await updateTable(ctx, table, parseWith(updateTableBody, req.body));
      return { msg: 'The table has been updated successfully', ...updated };
    });
    app.delete<Id>(`${prefix}/:id`, async (req) => {
      const { table } = await requireTableAccess(ctx, req, req.params.id, 'tableDelete');
      if (table.mm) throw badRequest('A junction table is deleted with its many-to-many link');
      await deleteTable(ctx, table);
      return true;
    });
  }

  app.post<Id>('/api/v1/db/meta/tables/:id/reorder', async (req) => {
    const { table } = await requireTableAccess(ctx, req, req.params.id, 'tableSort');
    await reorderTable(ctx, table, parseWith(reorderTableBody, req.body).order);
    return { msg: 'The table has been reordered successfully' };
  });

  const duplicatePaths = ['/api/v1/db/meta/duplicate', '/api/v2/meta/duplicate'];
  for (const prefix of duplicatePaths)
    app.post<{ Params: { baseId: string; id: string } }>(`${prefix}/:baseId/table/:id`, async (req) => {
      const { table, principal } = await requireTableAccess(ctx, req, req.params.id, 'tableDuplicate');
      if (table.base_id !== req.params.baseId) throw badRequest('The table is not in this base');
      const body = parseWith(duplicateTableBody, req.body);
      const { jobId, title } = await startTableDuplicate(ctx, principal, table, {
        title: body.title,
        excludeData: body.options?.excludeData,
      });
      // NocoDB answers with the job id and the copy's title; the copy itself is the job's result.
      return { id: jobId, name: title };
    });
}
