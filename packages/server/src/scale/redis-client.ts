/** Redis connections; ioredis is loaded with the first one, so a server without REDIS_URL never loads it. */
import type * as Ioredis from 'ioredis';
import { packageOnFirstUse } from '../package-on-first-use.js';

const ioredis = packageOnFirstUse<typeof Ioredis>('ioredis');

export function newRedis(url: string, options: Ioredis.RedisOptions = {}): Ioredis.Redis {
  return new (ioredis().Redis)(url, options);
}
