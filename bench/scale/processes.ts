/**
 * For the scale-out benchmark: a scratch PostgreSQL database and real Rowbase processes (`node
 * packages/server/dist/main.js`, built by `npm run build:ts`) on it, all with the same Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import { cpuOf } from './cpu-split.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/server/dist/main.js');
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Scratch {
  url: string;
  /** The database's name, and a connection to the server as its administrator (for pg_stat_activity). */
  name: string;
  admin: Knex;
  drop(): Promise<void>;
}

export async function scratchDatabase(): Promise<Scratch> {
  const name = `rb_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`create database "${name}"`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    admin,
    drop: async () => {
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    },
  };
}

export interface AppProcess {
  url: string;
  /** CPU time (user + system) the process has used, in milliseconds, from /proc (Linux). */
  cpuMs(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts one app process and waits until its readiness check answers 200. */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-bench-'));
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app process exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the app process did not become ready within 60 s');
    const ok = await fetch(`${url}/api/v1/health/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    cpuMs: () => cpuOf(child.pid!) ?? 0,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
