/**
 * The pieces that let several app processes share one database: with REDIS_URL set, the change feed is
 * fanned out over Redis and socket.io rooms span processes through the Redis adapter. Without Redis nothing
 * starts here (the single-process rule is enforced at start-up, see process-registry.ts). docs/scaling.md.
 */
import type { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { newRedis } from './redis-client.js';

export type RealtimeAdapter = ReturnType<typeof createAdapter>;

export interface ScaleOut {
  /** The socket.io adapter to use (Redis), or undefined for the in-process one. */
  realtimeAdapter: RealtimeAdapter | undefined;
  close(): Promise<void>;
}

/**
 * Starts the fan-out and the adapter; call before the routes are registered, so every reply waits for the
 * changes it made to reach Redis. Everything is closed with the app.
 */
export async function startScaleOut(app: FastifyInstance, ctx: AppContext): Promise<ScaleOut> {
  const url = ctx.config.redisUrl;
  if (!url) {
    app.addHook('onClose', async () => ctx.rateLimiter.close());
    return { realtimeAdapter: undefined, close: async () => undefined };
  }
  const prefix = ctx.config.redisPrefix;
  // Loaded only with Redis, not at every start (docs/performance.md, "Server memory at rest").
  const { startRedisChangeFanout } = await import('./redis-change-fanout.js');
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const fanout = await startRedisChangeFanout(ctx.changes, { url, prefix, log: ctx.log });
  app.addHook('onSend', async () => fanout.flushed());
  const pub = newRedis(url);
  const sub = newRedis(url);
  pub.on('error', (err) => ctx.log.warn({ err }, 'realtime adapter: redis error'));
  sub.on('error', (err) => ctx.log.warn({ err }, 'realtime adapter: redis error'));
  const close = async () => {
    await fanout.close();
    await ctx.rateLimiter.close();
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
  app.addHook('onClose', close);
  return { realtimeAdapter: createAdapter(pub, sub, { key: `${prefix}:socket.io` }), close };
}
