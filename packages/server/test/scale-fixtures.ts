/**
 * Several Rowbase "processes" on one PostgreSQL meta database and one Redis: each has its own context (caches,
 * change feed, sockets, queue) and HTTP server, exactly as separate app processes would; only the database and
 * Redis are shared. Each cluster uses its own Redis key prefix and removes its keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/context.js';
import { openMetaDb } from '../src/meta/db.js';
import { migrateToLatest } from '../src/meta/migrate.js';
import { ApiClient, createScratchDatabase, type TestServer } from './harness.js';

export const REDIS_URL = process.env.RB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface Cluster {
  nodes: TestServer[];
  prefix: string;
  dbUrl: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts `n` app instances on one scratch PostgreSQL database, with `REDIS_URL` unless `redis` is false. */
export async function startCluster(
  n: number,
  opts: { redis?: boolean; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const scratch = await createScratchDatabase('pg');
  const prefix = `rbscale${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    DATABASE_URL: scratch.url,
    NC_AUTH_JWT_SECRET: 'scale-secret-' + randomBytes(8).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    NC_AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(opts.redis === false ? {} : { REDIS_URL, RB_REDIS_PREFIX: prefix }),
    ...opts.env,
  };
  const nodes: TestServer[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < n; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-scale-'));
    dirs.push(dataDir);
    const config = loadConfig({ ...env, DATA_DIR: dataDir });
    const db = openMetaDb(config.db);
    await migrateToLatest(db);
    const ctx = createContext(config, db);
    const app = await buildApp(ctx);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    nodes.push({
      kind: 'pg',
      url,
      app,
      ctx,
      api: new ApiClient(url),
      close: async () => {
        await app.close();
        await db.destroy();
      },
    });
  }
  return {
    nodes,
    prefix,
    dbUrl: scratch.url,
    env,
    close: async () => {
      for (const node of nodes) await node.close();
      await scratch.drop();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}
