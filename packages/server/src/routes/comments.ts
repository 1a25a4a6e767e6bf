/**
 * Row comments in both path families: NocoDB 0.301's `/api/v1/db/meta/comments` and `/comment/{id}`, and the
 * older audit-shaped `/api/v1/db/meta/audits/comments` and `/audits/{id}/comment`. Same store, two shapes
 * (see `@rowbase/core/api/comments`); the rules are described in docs/comments.md.
 */
import {
  auditCommentOf,
  countCommentsQuery,
  createAuditCommentBody,
  createCommentBody,
  listCommentsQuery,
  updateAuditCommentBody,
  updateCommentBody,
} from '@rowbase/core/api/comments';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { parseWith } from '../http/validate.js';
import {
  authorizeTable,
  commentsRepo,
  createComment,
  deleteComment,
  updateComment,
} from '../services/comments.js';

type IdParams = { id: string };

export function commentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const list = async (query: unknown, req: Parameters<typeof authorizeTable>[1]) => {
    const q = parseWith(listCommentsQuery, query);
    await authorizeTable(ctx, req, q.fk_model_id, 'commentList');
    return commentsRepo(ctx).listForRow(q.fk_model_id, q.row_id);
  };
  const count = async (query: unknown, req: Parameters<typeof authorizeTable>[1]) => {
    // Clients send the list as `ids[]=1&ids[]=2` (axios), `ids=1&ids=2` or `ids=1,2`.
    const raw = (query ?? {}) as Record<string, unknown>;
    const q = parseWith(countCommentsQuery, { ...raw, ids: raw.ids ?? raw['ids[]'] });
    await authorizeTable(ctx, req, q.fk_model_id, 'commentCount');
    return commentsRepo(ctx).countForRows(q.fk_model_id, q.ids);
  };

  app.get('/api/v1/db/meta/comments', async (req) => ({ list: await list(req.query, req) }));
  app.get('/api/v1/db/meta/comments/count', async (req) => count(req.query, req));
  app.post('/api/v1/db/meta/comments', async (req) =>
    createComment(ctx, req, parseWith(createCommentBody, req.body)),
  );
  app.patch('/api/v1/db/meta/comment/:id', async (req) =>
    updateComment(ctx, req, (req.params as IdParams).id, parseWith(updateCommentBody, req.body)),
  );
  app.delete('/api/v1/db/meta/comment/:id', async (req) => {
    await deleteComment(ctx, req, (req.params as IdParams).id);
    return true;
  });

  app.get('/api/v1/db/meta/audits/comments', async (req) => (await list(req.query, req)).map(auditCommentOf));
  app.get('/api/v1/db/meta/audits/comments/count', async (req) => count(req.query, req));
  app.post('/api/v1/db/meta/audits/comments', async (req) => {
    const body = parseWith(createAuditCommentBody, req.body);
    const created = await createComment(ctx, req, { ...body, comment: body.description });
    return auditCommentOf(created);
  });
  app.patch('/api/v1/db/meta/audits/:id/comment', async (req) => {
    const body = parseWith(updateAuditCommentBody, req.body);
    const updated = await updateComment(ctx, req, (req.params as IdParams).id, {
      comment: body.description,
    });
    return auditCommentOf(updated);
  });
}
