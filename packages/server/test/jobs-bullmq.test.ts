/**
 * The BullMQ job queue on the real Redis (127.0.0.1:6379, or RB_TEST_REDIS_URL): several queue instances stand
 * for several server processes; then the jobs API of a server started with REDIS_URL. Each test run uses its own key prefix and removes its keys afterwards.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BullJobQueue, type BullQueueOptions } from '../src/jobs/bull-queue.js';
import { JobKinds } from '../src/jobs/job-kinds.js';
import type { JobEvent, JobRun } from '../src/jobs/job-queue.js';
import { signUpUser, startTestServer, type TestServer } from './harness.js';
import { followJob } from './jobs-fixtures.js';
import { createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

const REDIS_URL = process.env.RB_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `rbtest${randomBytes(4).toString('hex')}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A "process": its own registry and queue instance over the shared Redis. */
function processWith(
  register: (kinds: JobKinds) => void,
  opts: Partial<BullQueueOptions> = {},
): BullJobQueue {
  const kinds = new JobKinds();
  register(kinds);
  // One queue per test: BullMQ's stalled-check pause is per queue, and tests use different intervals.
  return new BullJobQueue(kinds, {
    url: REDIS_URL,
    prefix,
    queueName: expect.getState().currentTestName,
    ...opts,
  });
}

/** Collects a job's messages as they are published. */
function recorder(queue: BullJobQueue, id: string): { events: JobEvent[]; stop: () => void } {
  const events: JobEvent[] = [];
  const stop = queue.subscribe(id, (e) => events.push(e));
  return { events, stop };
}

describe('jobs on BullMQ (Redis)', () => {
  const open: BullJobQueue[] = [];
  const track = (q: BullJobQueue) => {
    open.push(q);
    return q;
  };
  afterEach(async () => {
    for (const q of open.splice(0)) await q.close(true);
  });
  afterAll(async () => {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('runs a job enqueued by one process on the worker of another, with progress and the result', async () => {
    const enqueuer = track(processWith((k) => k.register('sum', async () => 0), { work: false }));
    const worker = track(
      processWith((k) =>
        k.register('sum', async (run: JobRun<{ values: number[] }>) => {
          await run.progress({ message: 'adding', percent: 50 });
          return { total: run.input.values.reduce((a, b) => a + b, 0) };
        }),
      ),
    );
    await enqueuer.start();
    const job = await enqueuer.enqueue({
      kind: 'sum',
      input: { values: [1, 2, 3] },
      baseId: 'p1',
      userId: 'u1',
    });
    const seen = recorder(enqueuer, job.id);
    await worker.start();
    await expect
      .poll(async () => (await enqueuer.get(job.id))?.status, { timeout: 10_000 })
      .toBe('completed');
    const done = (await enqueuer.get(job.id))!;
    expect(done).toMatchObject({
      job: 'sum',
      base_id: 'p1',
      fk_user_id: 'u1',
      result: { total: 6 },
      progress: { message: 'adding', percent: 50 },
    });
    await expect.poll(() => seen.events.at(-1)?.status).toBe('close');
    seen.stop();
    // Every process reads the same numbered log.
    const log = await enqueuer.eventsAfter(job.id, 0);
    expect(log.map((e) => [e._mid, e.status, e.data?.status, e.data?.data?.message])).toEqual([
      [1, 'update', 'waiting', undefined],
      [2, 'update', 'active', undefined],
      [3, 'update', 'active', 'adding'],
      [4, 'close', 'completed', undefined],
    ]);
    expect(log[3]!.data!.data).toEqual({ result: { total: 6 } });
    expect((await worker.eventsAfter(job.id, 2)).map((e) => e._mid)).toEqual([3, 4]);
    expect((await enqueuer.listByBase('p1')).map((j) => j.id)).toContain(job.id);
    expect(await enqueuer.listByBase('p1', { kind: 'other' })).toEqual([]);
  });

  it('fails a job whose handler throws, and cancels a running job from another process', async () => {
    const enqueuer = track(processWith((k) => k.register('slow', async () => 0), { work: false }));
    const worker = track(
      processWith((k) => {
        k.register('boom', async () => {
          throw new Error('no space left');
        });
        k.register('slow', async (run) => {
          for (let i = 0; i < 200; i++) {
            run.throwIfCancelled();
            await sleep(50);
          }
          return 'finished';
        });
      }),
    );
    // The enqueuer knows only `slow`; `boom` comes from the worker's own queue.
    await Promise.all([enqueuer.start(), worker.start()]);
    const boom = await worker.enqueue({ kind: 'boom', input: null, baseId: null, userId: null });
    await expect.poll(async () => (await enqueuer.get(boom.id))?.status, { timeout: 10_000 }).toBe('failed');
    expect((await enqueuer.get(boom.id))!.error).toBe('no space left');

    const slow = await enqueuer.enqueue({ kind: 'slow', input: null, baseId: null, userId: null });
    await expect.poll(async () => (await enqueuer.get(slow.id))?.status, { timeout: 10_000 }).toBe('active');
    await enqueuer.cancel(slow.id);
    await expect.poll(async () => (await enqueuer.get(slow.id))?.status, { timeout: 10_000 }).toBe('failed');
    expect((await enqueuer.get(slow.id))!.error).toBe('The job was cancelled');
    await expect
      .poll(async () => (await enqueuer.eventsAfter(slow.id, 0)).at(-1)?.data?.data?.error?.message)
      .toBe('The job was cancelled');
  });

  it('takes up again the job of a worker that died mid-job, so it is never lost', async () => {
    const timing = { lockDurationMs: 1000, stalledIntervalMs: 300, maxStalledCount: 1 };
    let startedOnFirst = false;
    const first = track(
      processWith(
        (k) =>
          k.register('copy', async () => {
            startedOnFirst = true;
            await new Promise(() => {}); // hangs: this process is about to die
          }),
        timing,
      ),
    );
    await first.start();
    const job = await first.enqueue({ kind: 'copy', input: { n: 1 }, baseId: null, userId: null });
    await expect.poll(() => startedOnFirst, { timeout: 10_000 }).toBe(true);
    // The process dies: its worker stops without finishing or renewing its hold on the job.
    open.splice(open.indexOf(first), 1);
    await first.close(true);
    const second = track(
      processWith(
        (k) => k.register('copy', async (run: JobRun<{ n: number }>) => ({ copied: run.input.n })),
        timing,
      ),
    );
    await second.start();
    await expect.poll(async () => (await second.get(job.id))?.status, { timeout: 15_000 }).toBe('completed');
    expect((await second.get(job.id))!.result).toEqual({ copied: 1 });
  });

  it('fails, never loses, the job of a dead worker once it may not be taken up again', async () => {
    const timing = { lockDurationMs: 1000, stalledIntervalMs: 300, maxStalledCount: 0 };
    let started = false;
    const first = track(
      processWith(
        (k) =>
          k.register('copy', async () => {
            started = true;
            await new Promise(() => {});
          }),
        timing,
      ),
    );
    await first.start();
    const job = await first.enqueue({ kind: 'copy', input: null, baseId: null, userId: null });
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
    open.splice(open.indexOf(first), 1);
    await first.close(true);
    const second = track(processWith((k) => k.register('copy', async () => 'should not run'), timing));
    await second.start();
    await expect.poll(async () => (await second.get(job.id))?.status, { timeout: 15_000 }).toBe('failed');
    expect((await second.get(job.id))!.error).toMatch(/stalled/);
    await expect.poll(async () => (await second.eventsAfter(job.id, 0)).at(-1)?.status).toBe('close');
  });
});

describe('the jobs API on BullMQ (REDIS_URL set)', () => {
  let server: TestServer;
  let owner: Owner;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      REDIS_URL,
      RB_REDIS_PREFIX: `${prefix}api`,
      RB_JOBS_LISTEN_WAIT_MS: '300',
    });
    owner = await signedInOwner(server);
  });
  afterAll(async () => {
    await server?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}api:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('duplicates a table through a BullMQ job, followed with listen and listed for the base', async () => {
    expect(server.ctx.jobs).toBeInstanceOf(BullJobQueue);
    const base = await createBase(server, owner);
    const t = await createTable(server, owner, base.id, { title: 'Parts' });
    await server.ctx.db(t.table_name).insert([{ title: 'bolt' }, { title: 'nut' }]);
    const dup = await server.api.post(
      `/api/v1/db/meta/duplicate/${base.id}/table/${t.id}`,
      {},
      { token: owner.token },
    );
    expect(dup.body).toEqual({ id: expect.stringMatching(/^jb/), name: 'Parts copy' });
    const { messages, close } = await followJob(server, dup.body.id, owner.token);
    expect(messages[0]).toMatchObject({ _mid: 1, status: 'update', data: { status: 'waiting' } });
    expect(close.data).toMatchObject({ status: 'completed', data: { result: { title: 'Parts copy' } } });
    const copy = close.data!.data.result;
    expect((await server.ctx.db(copy.table_name).orderBy('id').select('title')).map((r) => r.title)).toEqual([
      'bolt',
      'nut',
    ]);
    const status = await server.api.post('/jobs/status', { id: dup.body.id }, { token: owner.token });
    expect(status.body).toMatchObject({
      job: 'duplicate-model',
      title: 'Parts copy',
      status: 'completed',
      base_id: base.id,
    });
    const listed = await server.api.post(`/api/v2/jobs/${base.id}`, {}, { token: owner.token });
    expect(listed.body.map((j: any) => j.id)).toEqual([dup.body.id]);
    const stranger = await signUpUser(server.api);
    expect(
      (await server.api.post('/jobs/status', { id: dup.body.id }, { token: stranger.token })).status,
    ).toBe(403);
  });
});
