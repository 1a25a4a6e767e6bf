/** Columns (fields): add, read, change, delete, display value, hash, bulk, duplicate. */
import { bulkColumnsBody, columnBody } from '@rowbase/core/api/columns';
import { badRequest } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requireColumnAccess, requireTableAccess } from '../http/base-access.js';
import { parseWith } from '../http/validate.js';
import {
  addColumn_,
  bulkColumns,
  columnsHash,
  deleteColumn,
  duplicateColumn,
  setPrimaryValue,
  updateColumn,
} from '../services/columns.js';
import { previewFormula } from '../services/formula-preview.js';

type Id = { Params: { id: string } };
const partialColumn = columnBody.partial({ uidt: true });

export function columnRoutes(app: FastifyInstance, ctx: AppContext): void {
  const add = async (req: FastifyRequest<Id>) => {
    await requireTableAccess(ctx, req, req.params.id, 'fieldAdd');
    const columnId = await addColumn_(ctx, req.params.id, parseWith(columnBody, req.body));
    const full = await ctx.meta.getTable(req.params.id);
    return { ...full, column_id: columnId };
  };
  app.post<Id>('/api/v1/db/meta/tables/:id/columns', add);
  // The formula editor's live preview (a draft formula's type and its values on the first rows).
  app.post<Id>('/api/v1/db/meta/tables/:id/formula-preview', async (req) => {
    await requireTableAccess(ctx, req, req.params.id, 'fieldAdd');
    const body = (req.body ?? {}) as { formula_raw?: unknown; column_id?: unknown };
    return previewFormula(
      ctx,
      req.params.id,
      body.formula_raw,
      typeof body.column_id === 'string' ? body.column_id : undefined,
    );
  });
  app.post<Id>('/api/v2/meta/tables/:id/columns', add);

  for (const prefix of ['/api/v1/db/meta/columns', '/api/v2/meta/columns']) {
    app.get<Id>(`${prefix}/:id`, async (req) => (await requireColumnAccess(ctx, req, req.params.id)).column);
    app.patch<Id>(`${prefix}/:id`, async (req) => {
      await requireColumnAccess(ctx, req, req.params.id, 'fieldEdit');
      const tableId = await updateColumn(ctx, req.params.id, parseWith(partialColumn, req.body));
      return ctx.meta.getTable(tableId);
    });
    app.delete<Id>(`${prefix}/:id`, async (req) => {
      await requireColumnAccess(ctx, req, req.params.id, 'fieldEdit');
      const tableId = await deleteColumn(ctx, req.params.id);
      return ctx.meta.getTable(tableId);
    });
  }

  app.post<Id>('/api/v1/db/meta/columns/:id/primary', async (req) => {
    await requireColumnAccess(ctx, req, req.params.id, 'fieldEdit');
    await setPrimaryValue(ctx, req.params.id);
    return true;
  });
  app.get<Id>('/api/v1/db/meta/tables/:id/columns/hash', async (req) => {
    await requireTableAccess(ctx, req, req.params.id);
    return { hash: await columnsHash(ctx, req.params.id) };
  });
  app.post<Id>('/api/v1/db/meta/tables/:id/columns/bulk', async (req) => {
    await requireTableAccess(ctx, req, req.params.id, 'fieldEdit');
    await bulkColumns(ctx, req.params.id, parseWith(bulkColumnsBody, req.body));
    return ctx.meta.getTable(req.params.id);
  });
  app.post<{ Params: { baseId: string; id: string } }>(
    '/api/v1/db/meta/duplicate/:baseId/column/:id',
    async (req) => {
      const { column } = await requireColumnAccess(ctx, req, req.params.id, 'fieldAdd');
      if (column.base_id !== req.params.baseId) throw badRequest('The column is not in this base');
      const id = await duplicateColumn(ctx, req.params.id);
      return ctx.meta.getColumn(id);
    },
  );
}
