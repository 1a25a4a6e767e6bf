/**
 * A row's history: `GET /api/v1/db/meta/audits?fk_model_id&row_id` answers the row's audit entries, newest
 * first, `{ list, pageInfo }`. Anyone who may read the base's rows may read their history.
 */
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import { auditQuery } from '../audit/audit-query.js';
import type { AppContext } from '../context.js';
import { authorizeBaseAccess } from '../http/authorize.js';
import { parseWith } from '../http/validate.js';
import { listAudits } from '../services/bases-info.js';

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/db/meta/audits', async (req) => {
    const q = parseWith(
      auditQuery.required({ fk_model_id: true }).extend({ row_id: auditQuery.shape.row_id.unwrap() }),
      req.query,
    );
    const table = await ctx.db('rb_models').where({ id: q.fk_model_id }).first('base_id');
    if (!table) throw notFound(`fk_model_id: table '${q.fk_model_id}' not found`);
    await authorizeBaseAccess(ctx, req, table.base_id);
    return listAudits(ctx, table.base_id, q.limit, q.offset, q);
  });
}
