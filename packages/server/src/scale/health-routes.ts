/**
 * Health and readiness for load balancers. `/api/v1/health` reports the database and, when configured,
 * Redis (200 when both answer, 503 otherwise); `/api/v1/health/ready` says whether this process should get
 * traffic: not while it drains on SIGTERM, nor while the database or Redis does not answer.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { newRedis } from './redis-client.js';

type Check = 'ok' | 'down' | 'off';

const draining = new WeakSet<FastifyInstance>();

/** Marks the app as leaving: readiness answers 503 from now on (main.ts calls this on SIGTERM). */
export function markDraining(app: FastifyInstance): void {
  draining.add(app);
}

export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const redisUrl = ctx.config.redisUrl;
  const redis = redisUrl
    ? newRedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', () => undefined);
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
  // While draining, every answer closes its connection: a kept-alive connection would hold the close open.
  app.addHook('onSend', async (_req, reply) => {
    if (draining.has(app)) reply.header('connection', 'close');
  });
  // A request that still reaches a draining process (on a kept-alive connection) is turned away before it
  // changes anything, with Retry-After, so the client sends it again and the load balancer picks another process.
  app.addHook('onRequest', async (req, reply) => {
    if (!draining.has(app) || req.url.startsWith('/api/v1/health')) return;
    const message = 'This server is shutting down; send the request again';
    return reply.code(503).header('retry-after', '1').send({ msg: message, message });
  });

  const checks = async (): Promise<{ database: Check; redis: Check }> => {
    const [database, cache] = await Promise.all([
      within(ctx.db.raw('select 1')),
      redis ? within(pingRedis(redis)) : Promise.resolve<Check>('off'),
    ]);
    return { database, redis: cache };
  };

  app.get('/api/v1/health', async (_req, reply) => {
    const c = await checks();
    const healthy = c.database === 'ok' && c.redis !== 'down';
    if (!healthy) reply.code(503);
    return {
      message: healthy ? 'OK' : 'Unavailable',
      timestamp: Date.now(),
      uptime: Math.round(process.uptime()),
      ...c,
    };
  });

  app.get('/api/v1/health/ready', async (_req, reply) => {
    if (draining.has(app)) return notReady(reply, 'draining');
    const c = await checks();
    if (c.database !== 'ok') return notReady(reply, 'database');
    if (c.redis === 'down') return notReady(reply, 'redis');
    return { ready: true, ...c };
  });
}

function notReady(reply: FastifyReply, reason: string) {
  reply.code(503).header('retry-after', '5');
  return { ready: false, reason };
}

async function pingRedis(redis: Redis): Promise<unknown> {
  if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
  return redis.ping();
}

/** 'ok' when the check answers within two seconds, 'down' otherwise. */
async function within(check: Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), 2000);
  });
  try {
    await Promise.race([check, timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
