/**
 * The signed-in user's notifications: `GET /api/v1/notifications` (paged, `is_read` filter, with the unread
 * count), `PATCH` and `DELETE /api/v1/notifications/{id}`, `POST /api/v1/notifications/mark-all-read`, and the
 * long poll `GET /api/v1/notifications/poll`.
 */
import { notFound } from '@rowbase/core/errors';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import { notificationsOf } from '../notifications/notifications.js';
import { waitForNotification } from '../notifications/notification-waiters.js';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  is_read: flag.optional(),
});
const patchBody = z.object({ is_read: z.boolean() });
/** How long a poll waits for a notification before answering `refresh` (ms). */
const pollQuery = z.object({ timeout: z.coerce.number().int().min(100).max(60_000).default(30_000) });

export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const repo = notificationsOf(ctx);
  app.get('/api/v1/notifications', async (req) => {
    const q = parseWith(listQuery, req.query);
    return repo.list(requireUser(req).user.id, { limit: q.limit, offset: q.offset, isRead: q.is_read });
  });
  // NocoDB's long poll: answers `{ status: 'success', data }` with the user's next notification, or
  // `{ status: 'refresh' }` when none came within the timeout (docs/notifications.md).
  app.get('/api/v1/notifications/poll', async (req, reply) => {
    const { timeout } = parseWith(pollQuery, req.query);
    const userId = requireUser(req).user.id;
    void reply.header('cache-control', 'no-cache, must-revalidate');
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const done = (answer: unknown) => {
        clearTimeout(timer);
        stop();
        reply.raw.off('close', gone);
        resolve(answer);
      };
      const stop = waitForNotification(ctx.db, userId, (data) => done({ status: 'success', data }));
      const gone = () => done({ status: 'refresh' });
      timer = setTimeout(() => done({ status: 'refresh' }), timeout);
      reply.raw.on('close', gone);
    });
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
