/**
 * Real processes (`node dist/main.js`) on PostgreSQL and Redis, as an operator runs them: a job whose process is
 * killed with SIGKILL mid-job is taken up by another process and finishes, with nothing half-written; and a
 * rolling restart (stop A, start A, stop B, start B) behind a round-robin load balancer, under a steady stream of
 * writes, loses no acknowledged write and answers no 5xx other than 503 with Retry-After. See docs/scaling.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createScratchDatabase, signUpUser } from './harness.js';
import { REDIS_URL } from './scale-fixtures.js';
import {
  MAIN,
  readyOrExit,
  startProcess,
  startRoundRobinProxy,
  type Proc,
} from './scale-process-fixtures.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Each test starts two to four processes; on a busy machine one start can take tens of seconds. */
const SLOW = 300_000;

describe('processes killed and restarted on PostgreSQL with Redis', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let data: Knex;
  const prefix = `rbrestart${randomBytes(4).toString('hex')}`;
  const running: Proc[] = [];
  let env: Record<string, string>;
  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build:ts\` first`);
    scratch = await createScratchDatabase('pg');
    data = knexFactory({ client: 'pg', connection: scratch.url, pool: { min: 0, max: 2 } });
    env = {
      DATABASE_URL: scratch.url,
      NC_AUTH_JWT_SECRET: 'restart-secret-' + prefix,
      REDIS_URL,
      RB_REDIS_PREFIX: prefix,
      NC_AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // A dead process's hold on its job lapses after 1.5 s; the others look for such jobs every 300 ms.
      RB_JOBS_LOCK_MS: '1500',
      RB_JOBS_STALLED_INTERVAL_MS: '300',
    };
  });
  afterAll(async () => {
    for (const p of running)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(running.map((p) => p.exited));
    await data?.destroy();
    await scratch?.drop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  /** The first account (the super admin, who may create bases); its token is valid on every process. */
  let first: { token: string } | undefined;
  const ownerVia = async (api: ApiClient) => (first ??= await signUpUser(api));
  const start = async (port?: number) => {
    const p = await startProcess(env, port);
    running.push(p);
    expect(await readyOrExit(p), p.output()).toBe('ready');
    return p;
  };

  it(
    'finishes on another process a job whose process was killed with SIGKILL mid-job',
    async () => {
      const a = await start();
      const api = new ApiClient(a.url);
      const owner = await ownerVia(api);
      const base = await api.post('/api/v1/db/meta/projects', { title: 'Stock' }, { token: owner.token });
      expect(base.status, JSON.stringify(base.body)).toBe(200);
      const table = await api.post(
        `/api/v1/db/meta/projects/${base.body.id}/tables`,
        { title: 'Parts' },
        { token: owner.token },
      );
      expect(table.status, JSON.stringify(table.body)).toBe(200);
      // Enough rows that copying them takes a while: the process is killed while it copies.
      const rows = 400_000;
      await data.raw(`insert into ?? (title) select 'part ' || g from generate_series(1, ?) g`, [
        table.body.table_name,
        rows,
      ]);
      const dup = await api.post(
        `/api/v1/db/meta/duplicate/${base.body.id}/table/${table.body.id}`,
        {},
        { token: owner.token },
      );
      expect(dup.status, JSON.stringify(dup.body)).toBe(200);
      const jobId = dup.body.id as string;
      const status = async (client: ApiClient) =>
        (await client.post('/jobs/status', { id: jobId }, { token: owner.token })).body?.status;
      await expect.poll(() => status(api), { timeout: 60_000, interval: 20 }).toBe('active');
      a.child.kill('SIGKILL');
      await a.exited;

      // The killed copy never committed: once PostgreSQL has ended the dead connection's work, no copy exists.
      await expect
        .poll(
          async () =>
            (
              await data.raw(
                `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'insert into%' and state <> 'idle'`,
              )
            ).rows[0].n,
          { timeout: 30_000, interval: 100 },
        )
        .toBe(0);
      const copiesBefore = await data('rb_models').where('title', 'like', 'Parts copy%').count({ n: '*' });
      expect(Number(copiesBefore[0]!.n)).toBe(0);

      // Another process takes the job up once the dead one's hold has lapsed, and finishes it.
      const b = await start();
      const apiB = new ApiClient(b.url);
      await expect.poll(() => status(apiB), { timeout: 120_000, interval: 100 }).toBe('completed');
      const done = await apiB.post('/jobs/status', { id: jobId }, { token: owner.token });
      expect(done.body).toMatchObject({ status: 'completed', title: 'Parts copy' });
      const copies = await data('rb_models')
        .where('title', 'like', 'Parts copy%')
        .select('title', 'table_name');
      expect(copies.map((c) => c.title)).toEqual(['Parts copy']);
      const copied = await data(copies[0]!.table_name).count({ n: '*' });
      expect(Number(copied[0]!.n)).toBe(rows);
      b.child.kill('SIGTERM');
      expect(await b.exited).toBe(0);
    },
    SLOW,
  );

  it(
    'loses no acknowledged write through a rolling restart behind a round-robin proxy',
    async () => {
      const a = await start();
      const b = await start();
      const proxy = await startRoundRobinProxy([a.port, b.port]);
      try {
        const api = new ApiClient(proxy.url);
        const owner = await ownerVia(api);
        const base = await api.post('/api/v1/db/meta/projects', { title: 'Log' }, { token: owner.token });
        expect(base.status, JSON.stringify(base.body)).toBe(200);
        const table = await api.post(
          `/api/v1/db/meta/projects/${base.body.id}/tables`,
          { title: 'Entries' },
          { token: owner.token },
        );
        expect(table.status, JSON.stringify(table.body)).toBe(200);
        const records = `/api/v2/tables/${table.body.id}/records`;

        const acked = new Map<string, number>();
        const unavailable: number[] = [];
        const wrong: string[] = [];
        let writing = true;
        const writer = async (w: number) => {
          for (let i = 0; writing; i++) {
            const title = `w${w}-${i}`;
            for (;;) {
              const res = await api.post(records, { Title: title }, { token: owner.token }).catch((err) => {
                wrong.push(`${title}: ${(err as Error).message}`);
                return undefined;
              });
              if (res?.status === 200) {
                acked.set(title, res.body.Id);
                break;
              }
              if (res?.status === 503 && Number(res.headers.get('retry-after')) > 0) {
                unavailable.push(res.status);
                await sleep(50);
                continue;
              }
              if (res) wrong.push(`${title}: ${res.status} ${JSON.stringify(res.body)}`);
              break;
            }
            await sleep(5);
          }
        };
        const writers = [0, 1, 2].map(writer);
        const restart = async (p: Proc) => {
          const before = acked.size;
          p.child.kill('SIGTERM');
          expect(await p.exited, p.output()).toBe(0);
          await start(p.port);
          // Writes went on meanwhile and go on with the restarted process back in the rotation.
          expect(acked.size).toBeGreaterThan(before);
          const after = acked.size;
          await expect.poll(() => acked.size, { timeout: 60_000 }).toBeGreaterThan(after + 10);
        };
        await sleep(500);
        await restart(a);
        await restart(b);
        writing = false;
        await Promise.all(writers);

        expect(wrong).toEqual([]);
        expect(acked.size).toBeGreaterThan(50);
        const stored = await data(table.body.table_name).select('id', 'title');
        const byTitle = new Map(stored.map((r) => [r.title as string, Number(r.id)]));
        const lost = [...acked].filter(([title, id]) => byTitle.get(title) !== id);
        expect(lost).toEqual([]);
        // Nothing was written twice: a 503 changed nothing, so sending it again made exactly one row.
        expect(stored.length).toBe(acked.size);
      } finally {
        await proxy.close();
      }
    },
    SLOW,
  );
});
