/**
 * What a server loads at start (docs/performance.md, "Modules loaded on first use"): on embedded SQLite without
 * Redis, SSO, S3 or SMTP, none of the packages only those need, so they cost no memory at rest; with REDIS_URL
 * the scaled-out mode's. Runs the built server (`npm run build:ts`) in a child process of its own, since a test
 * process has loaded much more.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./modules-at-rest-child.mjs', import.meta.url));

async function packagesAtStart(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

const ON_FIRST_USE = [
  'bullmq',
  'ioredis',
  '@socket.io/redis-adapter',
  'openid-client',
  're2js',
  '@aws-sdk/client-s3',
  'nodemailer',
  'sharp',
  'pg',
  'mysql2',
];

describe('packages loaded at start', () => {
  it('on embedded SQLite: the server and its database, none of the packages kept for first use', async () => {
    const loaded = await packagesAtStart({ REDIS_URL: '' });
    // Both kinds are seen: CommonJS (fastify, knex, better-sqlite3) and ES modules (zod, jose).
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'knex', 'better-sqlite3', 'zod', 'jose']));
    expect(loaded.filter((p) => ON_FIRST_USE.includes(p))).toEqual([]);
  }, 90_000);

  it('with REDIS_URL: BullMQ, ioredis and the socket.io adapter too', async () => {
    const loaded = await packagesAtStart({
      REDIS_URL: 'redis://127.0.0.1:6379',
      RB_REDIS_PREFIX: 'rb-modules-test',
    });
    expect(loaded).toEqual(expect.arrayContaining(['bullmq', 'ioredis', '@socket.io/redis-adapter']));
  }, 90_000);
});
