import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthRateLimiter, MemoryRateLimitStore } from './rate-limit.js';

describe('AuthRateLimiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a new window after a minute', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const limiter = new AuthRateLimiter(new MemoryRateLimitStore(), { enabled: true, perMinute: 2 });
    const who = { ip: '10.0.0.1', account: 'A@example.com' };
    expect(await limiter.hit('signin', who)).toBe(0);
    expect(await limiter.hit('signin', who)).toBe(0);
    vi.advanceTimersByTime(15_000);
    expect(await limiter.hit('signin', who)).toBe(45);
    expect(await limiter.check('signin', who)).toBe(45);
    vi.advanceTimersByTime(45_001);
    expect(await limiter.check('signin', who)).toBe(0);
    expect(await limiter.hit('signin', who)).toBe(0);
  });

  it('counts actions apart and accounts case-insensitively', async () => {
    const limiter = new AuthRateLimiter(new MemoryRateLimitStore(), { enabled: true, perMinute: 1 });
    expect(await limiter.hit('signin', { ip: '10.0.0.2', account: 'b@example.com' })).toBe(0);
    expect(await limiter.hit('signup', { ip: '10.0.0.3', account: 'b@example.com' })).toBe(0);
    expect(await limiter.hit('signin', { ip: '10.0.0.4', account: 'B@Example.com ' })).toBeGreaterThan(0);
  });

  it('never limits when disabled', async () => {
    const limiter = new AuthRateLimiter(new MemoryRateLimitStore(), { enabled: false, perMinute: 1 });
    for (let i = 0; i < 5; i++) expect(await limiter.hit('signin', { ip: '10.0.0.5' })).toBe(0);
  });
});
