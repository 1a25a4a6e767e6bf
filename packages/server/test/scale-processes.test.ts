/**
 * Real server processes (`node dist/main.js`, built by `npm run build:ts`) on one PostgreSQL database: the
 * one-database rule (a second process without Redis refuses to start, two processes with Redis run side by
 * side), health and readiness reporting the database and Redis, and SIGTERM draining to a clean exit.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './harness.js';
import { REDIS_URL } from './scale-fixtures.js';
import { MAIN, readyOrExit, startProcess, type Proc } from './scale-process-fixtures.js';

describe('app processes on one PostgreSQL database', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  const prefix = `rbproc${randomBytes(4).toString('hex')}`;
  const running: Proc[] = [];
  let base: Record<string, string>;
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build:ts\` first`);
    scratch = await createScratchDatabase('pg');
    base = { DATABASE_URL: scratch.url, NC_AUTH_JWT_SECRET: 'proc-secret-' + prefix };
  });
  afterAll(async () => {
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await scratch?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const start = async (env: Record<string, string> = {}) => {
    const p = await startProcess({ ...base, ...env });
    running.push(p);
    return p;
  };
  const withRedis = { REDIS_URL, RB_REDIS_PREFIX: prefix };

  it('refuses a second process without Redis, and one with Redis beside a process without', async () => {
    const a = await start();
    expect(await readyOrExit(a)).toBe('ready');
    const health = await (await fetch(`${a.url}/api/v1/health`)).json();
    expect(health).toMatchObject({ message: 'OK', database: 'ok', redis: 'off' });

    const b = await start();
    expect(await readyOrExit(b)).toBe(1);
    expect(b.output()).toContain('is using this database without Redis');
    const c = await start(withRedis);
    expect(await readyOrExit(c)).toBe(1);
    expect(c.output()).toContain('every one of them has REDIS_URL set');

    // SIGTERM: the process exits cleanly and frees its place for the next one.
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    const again = await start();
    expect(await readyOrExit(again)).toBe('ready');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);

  it('runs two processes with Redis side by side, both reporting Redis in health', async () => {
    const a = await start(withRedis);
    const b = await start(withRedis);
    expect(await readyOrExit(a)).toBe('ready');
    expect(await readyOrExit(b)).toBe('ready');
    for (const p of [a, b]) {
      const res = await fetch(`${p.url}/api/v1/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ database: 'ok', redis: 'ok' });
    }
    // A request in flight when SIGTERM arrives is still answered before the process exits.
    const inFlight = fetch(`${a.url}/api/v1/health`);
    a.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await a.exited).toBe(0);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 300_000);
});
