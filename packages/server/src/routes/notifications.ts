/**
 * The signed-in user's notifications: `GET /api/v1/notifications` (paged, `is_read` filter, with the unread
 * count), `PATCH` and `DELETE /api/v1/notifications/{id}`, `POST /api/v1/notifications/mark-all-read`.
 */
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import { NotificationsRepo } from '../notifications/notifications.js';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  is_read: flag.optional(),
});
const patchBody = z.object({ is_read: z.boolean() });

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = new NotificationsRepo(ctx.db);
  app.get('/api/v1/notifications', async (req) => {
    const q = parseWith(listQuery, req.query);
    return repo.list(requireUser(req).user.id, { limit: q.limit, offset: q.offset, isRead: q.is_read });
  });
  app.patch('/api/v1/notifications/:id', async (req) => {
    const body = parseWith(patchBody, req.body);
    const ok = await repo.update(requireUser(req).user.id, (req.params as { id: string }).id, body);
    if (!ok) throw notFound('Notification not found');
    return true;
  });
  app.delete('/api/v1/notifications/:id', async (req) => {
    const ok = await repo.update(requireUser(req).user.id, (req.params as { id: string }).id, {
      is_deleted: true,
    });
    if (!ok) throw notFound('Notification not found');
    return true;
  });
  app.post('/api/v1/notifications/mark-all-read', async (req) => {
    await repo.markAllRead(requireUser(req).user.id);
    return true;
  });
}
