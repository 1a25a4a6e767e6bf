/**
 * Rate-limit windows in Redis, so a limit holds across every app process: one key per window, counted with
 * INCR and expiring with the window (the first hit of a window opens it with its length).
 */
import type { Redis } from 'ioredis';
import type { RateLimitStore, WindowState } from '../http/rate-limit.js';

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowState> {
    const k = this.key(key);
    const res = await this.redis.multi().set(k, 0, 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
    const count = Number(res?.[1]?.[1] ?? 1);
    const ttl = Number(res?.[2]?.[1] ?? windowMs);
    return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
  }

  async peek(key: string): Promise<WindowState | undefined> {
    const k = this.key(key);
    const res = await this.redis.multi().get(k).pttl(k).exec();
    const count = res?.[0]?.[1];
    const ttl = Number(res?.[1]?.[1] ?? -2);
    if (count === null || count === undefined || ttl <= 0) return undefined;
    return { count: Number(count), resetAt: Date.now() + ttl };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }

  private key(key: string): string {
    return `${this.prefix}:ratelimit:${key}`;
  }
}
