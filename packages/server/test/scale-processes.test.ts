/**
 * Real server processes (`node dist/main.js`, built by `npm run build:ts`) on one PostgreSQL database: the
 * one-database rule (a second process without Redis refuses to start, two processes with Redis run side by
 * side), health and readiness reporting the database and Redis, and SIGTERM draining to a clean exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './harness.js';
import { REDIS_URL } from './scale-fixtures.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

interface Proc {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startProcess(env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-proc-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Resolves 'ready' once readiness answers 200, or the exit code if the process ends first. */
async function readyOrExit(p: Proc, ms = 20_000): Promise<'ready' | number | null> {
  const deadline = Date.now() + ms;
  let code: number | null | undefined;
  void p.exited.then((c) => (code = c));
  while (Date.now() < deadline) {
    if (code !== undefined) return code;
    try {
      if ((await fetch(`${p.url}/api/v1/health/ready`)).status === 200) return 'ready';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready after ${ms} ms:\n${p.output()}`);
}

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
  });

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
  });
});
