/**
 * The SQL page's API. It reaches a source's raw tables, so it takes the right to connect sources:
 * base owners and creators (and super admins), never editors or below.
 */
import { createSqlViewBody, runSqlBody } from '@rowbase/core/api/sql';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess } from '../http/base-access.js';
import { parseWith } from '../http/validate.js';
import { runSql, sqlSchema } from '../services/sql/sql-page.js';
import { createSqlView } from '../services/sql/sql-view.js';

type BaseP = { Params: { baseId: string }; Querystring: { sourceId?: string } };

export function sqlRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<BaseP>('/api/v2/meta/bases/:baseId/sql', async (req) => {
    const { base } = await requireBaseAccess(ctx, req, req.params.baseId, 'sourceCreate');
    return runSql(ctx, base, parseWith(runSqlBody, req.body));
  });
  app.get<BaseP>('/api/v2/meta/bases/:baseId/sql/schema', async (req) => {
    const { base } = await requireBaseAccess(ctx, req, req.params.baseId, 'sourceCreate');
    return sqlSchema(ctx, base, req.query.sourceId || undefined);
  });
  app.post<{ Params: { baseId: string; sourceId: string } }>(
    '/api/v1/db/meta/projects/:baseId/bases/:sourceId/sqlView',
    async (req) => {
      const { base } = await requireBaseAccess(ctx, req, req.params.baseId, 'sourceCreate');
      return createSqlView(ctx, base, req.params.sourceId, parseWith(createSqlViewBody, req.body));
    },
  );
}
