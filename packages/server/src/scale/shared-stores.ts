/** Stores that must be shared between app processes: in Redis when REDIS_URL is set, in process otherwise. */
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { MemoryRateLimitStore, type RateLimitStore } from '../http/rate-limit.js';
import { newRedis } from './redis-client.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';

/** The rate-limit counters; its Redis connection is closed with the app (`rateLimiter.close`). */
export function rateLimitStoreFor(config: AppConfig): RateLimitStore {
  if (!config.redisUrl) return new MemoryRateLimitStore();
  return new RedisRateLimitStore(sharedRedis(config.redisUrl), config.redisPrefix);
}

function sharedRedis(url: string): Redis {
  const redis = newRedis(url, { lazyConnect: true });
  redis.on('error', () => undefined);
  return redis;
}
