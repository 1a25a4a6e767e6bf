/**
 * The in-process job queue and the jobs API over real HTTP on each meta database: progress through listen,
 * status, the per-base list, cancellation, permissions, what a restart does to interrupted jobs, and duplicate
 * base / table as jobs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContext, type AppContext } from '../src/context.js';
import type { JobRecord, JobRun } from '../src/jobs/job-queue.js';
import { openMetaDb } from '../src/meta/db.js';
import { signUpUser, startTestServer, testDatabases, type TestServer } from './harness.js';
import { addBaseUser, userIdOf } from './auth-fixtures.js';
import { followJob, jobResult } from './jobs-fixtures.js';
import { addColumn, createBase, createTable, signedInOwner, type Owner } from './meta-factories.js';

/** A job kind whose steps the test releases one by one, so each state can be observed. */
class Gate {
  private waiting: (() => void)[] = [];
  private opened = 0;
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.opened++;
  }
  pass(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(new Error('aborted'));
    if (this.opened > 0) {
      this.opened--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.waiting.push(resolve);
      const drop = () => {
        this.waiting = this.waiting.filter((w) => w !== resolve);
        reject(new Error('aborted'));
      };
      signal.addEventListener('abort', drop, { once: true });
    });
  }
}

function registerTestKinds(ctx: AppContext, gate: Gate): void {
  ctx.jobKinds.register('test-steps', async (run: JobRun<{ steps: number }>) => {
    for (let i = 1; i <= run.input.steps; i++) {
      await gate.pass(run.signal);
      await run.progress({ message: `step ${i}`, percent: Math.round((i / run.input.steps) * 100) });
    }
    return { steps: run.input.steps };
  });
  ctx.jobKinds.register('test-fails', async () => {
    throw new Error('the disk is full');
  });
}

describe.each(testDatabases())('jobs on %s', (kind) => {
  let server: TestServer;
  let owner: Owner;
  let baseId: string;
  const gate = new Gate();
  const enqueue = (steps: number, kindName = 'test-steps') =>
    server.ctx.jobs.enqueue({ kind: kindName, input: { steps }, baseId, userId: null });

  beforeAll(async () => {
    server = await startTestServer(kind, { RB_JOBS_LISTEN_WAIT_MS: '300' });
    registerTestKinds(server.ctx, gate);
    owner = await signedInOwner(server);
    baseId = (await createBase(server, owner)).id;
  });
  afterAll(async () => server?.close());

  const listen = (id: string, mid: number, token = owner.token) =>
    server.api.post('/jobs/listen', { _mid: mid, data: { id } }, { token });

  it('reports waiting, active, each progress step and the result through listen, status and the list', async () => {
    const changes: [string, string][] = [];
    const records: JobRecord[] = [];
    const off = server.ctx.jobs.onStatusChange((j) => {
      changes.push([j.id, j.status]);
      records.push(j);
    });
    const job = await enqueue(2);
    // Nothing released yet: the log holds waiting then active (read on until the job is active, however the
    // two events are batched).
    const log: any[] = [];
    while (!log.some((m) => m.data.status === 'active')) {
      const reply = await listen(job.id, log.at(-1)?._mid ?? 0);
      expect(reply.status).toBe(200);
      if (reply.body.status !== 'refresh')
        log.push(...(Array.isArray(reply.body) ? reply.body : [reply.body]));
    }
    expect(log.map((m: any) => [m._mid, m.status, m.data.status])).toEqual([
      [1, 'update', 'waiting'],
      [2, 'update', 'active'],
    ]);
    // Nothing new within the wait: refresh, keeping the caller's _mid.
    const idle = await listen(job.id, 2);
    expect(idle.body).toEqual({ _mid: 2, status: 'refresh' });
    // A listener waiting on the job is answered as soon as the step is reported.
    const waiting = listen(job.id, 2);
    setTimeout(() => gate.release(), 50);
    const step = (await waiting).body;
    expect(step).toMatchObject({
      _mid: 3,
      status: 'update',
      data: { id: job.id, status: 'active', data: { message: 'step 1', percent: 50 } },
    });
    const midway = await server.api.post('/jobs/status', { id: job.id }, { token: owner.token });
    expect(midway.body).toMatchObject({ id: job.id, job: 'test-steps', status: 'active' });
    gate.release();
    const { messages, close } = await followJob(server, job.id, owner.token, 3);
    expect(messages.map((m) => m._mid)).toEqual([4, 5]);
    expect(close.data).toEqual({ id: job.id, status: 'completed', data: { result: { steps: 2 } } });
    // After the end, listening again answers with how it ended instead of waiting.
    expect((await listen(job.id, 5)).body).toMatchObject({ status: 'close', data: { status: 'completed' } });
    const done = await server.api.post('/jobs/status', { id: job.id }, { token: owner.token });
    expect(done.body).toMatchObject({
      status: 'completed',
      result: { steps: 2 },
      error: null,
      progress: { message: 'step 2', percent: 100 },
    });
    // The records observers hear are the stored ones: status, input, result and last progress.
    const final = records.filter((r) => r.id === job.id).at(-1);
    expect(final).toEqual(await server.ctx.jobs.get(job.id));
    expect(final).toMatchObject({ status: 'completed', data: { steps: 2 }, result: { steps: 2 } });
    expect(final!.progress).toEqual({ message: 'step 2', percent: 100 });
    const listed = await server.api.post(`/api/v2/jobs/${baseId}`, {}, { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.find((j: any) => j.id === job.id)).toMatchObject({
      job: 'test-steps',
      status: 'completed',
    });
    const onlyFailed = await server.api.post(
      `/api/v2/jobs/${baseId}`,
      { status: 'failed' },
      { token: owner.token },
    );
    expect(onlyFailed.body.some((j: any) => j.id === job.id)).toBe(false);
    // What the server stored.
    const row = await server.ctx.db('rb_jobs').where({ id: job.id }).first();
    expect(row.status).toBe('completed');
    // The status hook (for the change feed) heard every change of this job, in order.
    off();
    expect(changes.filter(([id]) => id === job.id).map(([, st]) => st)).toEqual([
      'waiting',
      'active',
      'completed',
    ]);
  });

  it('sends the close with its own _mid to a listener that comes after the job was stored as finished', async () => {
    // The record is stored as finished just before the close message is sent; a listen call in between
    // must wait for the close rather than make one up with the _mid it was sent.
    const repo = (server.ctx.jobs as unknown as { repo: { setStatus: (...a: any[]) => Promise<boolean> } })
      .repo;
    const setStatus = repo.setStatus.bind(repo);
    let between: ReturnType<typeof listen> | undefined;
    repo.setStatus = async (...args: any[]) => {
      const stored = await setStatus(...args);
      if (args[1] === 'completed') {
        between = listen(args[0], 2);
        await new Promise((r) => setTimeout(r, 150));
      }
      return stored;
    };
    try {
      const job = await enqueue(0);
      const { close } = await followJob(server, job.id, owner.token);
      expect(close).toMatchObject({ _mid: 3, status: 'close' });
      expect((await between!).body).toEqual(close);
    } finally {
      repo.setStatus = setStatus;
    }
  });

  it('fails a job whose handler throws, with its message', async () => {
    const job = await enqueue(0, 'test-fails');
    const { close } = await followJob(server, job.id, owner.token);
    expect(close.data).toEqual({
      id: job.id,
      status: 'failed',
      data: { error: { message: 'the disk is full' } },
    });
  });

  it('cancels a running job and a waiting one', async () => {
    const running = await enqueue(1);
    const running2 = await enqueue(1);
    const waiting = await enqueue(1); // two run side by side; the third waits
    expect((await server.ctx.jobs.get(waiting.id))!.status).toBe('waiting');
    await server.ctx.jobs.cancel(waiting.id);
    // The owner (first user, a super admin) may stop any job; the queue stops it at its next check.
    const stop = await server.api.post('/jobs/cancel', { id: running.id }, { token: owner.token });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    for (const id of [running.id, waiting.id]) {
      const { close } = await followJob(server, id, owner.token);
      expect(close.data).toMatchObject({
        status: 'failed',
        data: { error: { message: 'The job was cancelled' } },
      });
    }
    gate.release();
    expect((await followJob(server, running2.id, owner.token)).close.data!.status).toBe('completed');
  });

  it('lets the user who started a duplicate cancel it through the API', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Cancelled' });
    const dup = await server.api.post(
      `/api/v1/db/meta/duplicate/${baseId}/table/${t.id}`,
      {},
      { token: owner.token },
    );
    const cancel = await server.api.post('/jobs/cancel', { id: dup.body.id }, { token: owner.token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // Either it was stopped in time or it had already finished; never half-done.
    const { close } = await followJob(server, dup.body.id, owner.token);
    const titles = (await server.ctx.tables.list(baseId)).map((x) => x.title);
    if (close.data!.status === 'failed') expect(titles).not.toContain('Cancelled copy');
    else expect(titles).toContain('Cancelled copy');
  });

  it('shows a base’s jobs only to people with access to the base, and refuses bad input', async () => {
    const job = await enqueue(0);
    await followJob(server, job.id, owner.token);
    const stranger = await signUpUser(server.api);
    expect((await listen(job.id, 0, stranger.token)).status).toBe(403);
    // A member of the base sees the job but may not cancel what someone else started.
    const member = await signUpUser(server.api);
    await addBaseUser(server, baseId, await userIdOf(server, member.token), 'editor');
    const running = await enqueue(1);
    const seen = await server.api.post('/jobs/status', { id: running.id }, { token: member.token });
    expect(seen.status).toBe(200);
    const refused = await server.api.post('/jobs/cancel', { id: running.id }, { token: member.token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Only the user who started a job can cancel it');
    gate.release();
    expect((await followJob(server, running.id, owner.token)).close.data!.status).toBe('completed');
    expect((await server.api.post('/jobs/status', { id: job.id }, { token: stranger.token })).status).toBe(
      403,
    );
    expect((await server.api.post(`/api/v2/jobs/${baseId}`, {}, { token: stranger.token })).status).toBe(403);
    expect((await server.api.post('/jobs/status', { id: job.id })).status).toBe(401);
    expect((await server.api.post('/jobs/status', { id: 'jbnope' }, { token: owner.token })).status).toBe(
      404,
    );
    const bad = await server.api.post('/jobs/listen', { _mid: 0 }, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('data');
    const badStatus = await server.api.post(
      `/api/v2/jobs/${baseId}`,
      { status: 'done' },
      { token: owner.token },
    );
    expect(badStatus.status).toBe(400);
  });

  it('duplicates a base through a job, with progress per table, links and rows', async () => {
    const base = await createBase(server, owner, 'Library');
    const a = await createTable(server, owner, base.id, { title: 'Authors' });
    const b = await createTable(server, owner, base.id, { title: 'Books' });
    await addColumn(server, owner, a.id, {
      title: 'Books',
      uidt: 'Links',
      parentId: a.id,
      childId: b.id,
      type: 'hm',
    });
    await server.ctx.db(a.table_name).insert({ title: 'Ann' });
    await server.ctx.db(b.table_name).insert({ title: 'B1', Authors_id: 1 });
    const dup = await server.api.post(`/api/v1/db/meta/duplicate/${base.id}`, {}, { token: owner.token });
    expect(dup.status, JSON.stringify(dup.body)).toBe(200);
    expect(dup.body).toMatchObject({ id: expect.stringMatching(/^jb/), base_id: expect.any(String) });
    const { messages, close } = await followJob(server, dup.body.id, owner.token);
    expect(messages.map((m) => m.data?.data?.message).filter(Boolean)).toEqual([
      'Copying table Authors (1 of 2)',
      'Copying table Books (2 of 2)',
      'Base copied',
    ]);
    expect(close.data).toMatchObject({
      status: 'completed',
      data: { result: { base_id: dup.body.base_id } },
    });
    const copied = await server.ctx.tables.list(dup.body.base_id);
    expect(copied.map((t) => t.title)).toEqual(['Authors', 'Books']);
    expect(await server.ctx.db(copied[1]!.table_name).select('title', 'Authors_id')).toEqual([
      { title: 'B1', Authors_id: 1 },
    ]);
    const listed = await server.api.post(
      `/api/v2/jobs/${base.id}`,
      { job: 'duplicate-base' },
      { token: owner.token },
    );
    expect(listed.body.map((j: any) => j.id)).toEqual([dup.body.id]);
    // The list names what the job worked on, never its raw input.
    // ... and the copy it fills, where a reloaded page shows the progress.
    expect(listed.body[0]).toMatchObject({
      job: 'duplicate-base',
      title: 'Library copy',
      target_id: dup.body.base_id,
    });
    expect(listed.body[0]).not.toHaveProperty('data');
  });

  it('duplicates a table through a job (v2 path) without its rows when asked', async () => {
    const t = await createTable(server, owner, baseId, { title: 'Stock' });
    await server.ctx.db(t.table_name).insert([{ title: 'x' }, { title: 'y' }]);
    const dup = await server.api.post(
      `/api/v2/meta/duplicate/${baseId}/table/${t.id}`,
      { options: { excludeData: true } },
      { token: owner.token },
    );
    expect(dup.body).toEqual({ id: expect.stringMatching(/^jb/), name: 'Stock copy' });
    const result = await jobResult(server, dup.body.id, owner.token);
    const copy = await server.api.get(`/api/v1/db/meta/tables/${result.table_id}`, { token: owner.token });
    expect(copy.body.title).toBe('Stock copy');
    expect(copy.body.columns.map((c: any) => c.title)).toEqual(t.columns.map((c: any) => c.title));
    const counted = await server.ctx.db(copy.body.table_name).count({ n: '*' });
    const n = counted[0]?.n;
    expect(Number(n)).toBe(0);
  });

  it('marks jobs a stopped process left running failed on the next start, and runs the waiting ones', async () => {
    // Two jobs hold both runners of this process; a third waits. Then a second process starts over the same
    // meta store, as after a crash: it must settle all three.
    const active1 = await enqueue(1);
    const active2 = await enqueue(1);
    const waiting = await enqueue(0);
    await expect.poll(async () => (await server.ctx.jobs.get(active2.id))!.status).toBe('active');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rowbase-restart-'));
    const config = loadConfig({ ...configEnv(server), DATA_DIR: dataDir });
    const db = openMetaDb(config.db);
    const ctx2 = createContext(config, db);
    registerTestKinds(ctx2, new Gate());
    const app2 = await buildApp(ctx2);
    try {
      for (const id of [active1.id, active2.id]) {
        const job = await ctx2.jobs.get(id);
        expect(job).toMatchObject({ status: 'failed', error: expect.stringContaining('The server stopped') });
      }
      await expect.poll(async () => (await ctx2.jobs.get(waiting.id))!.status).toBe('completed');
      // A job running when a server is stopped the ordinary way ends the same way, not as "cancelled".
      const cut = await ctx2.jobs.enqueue({ kind: 'test-steps', input: { steps: 1 }, baseId, userId: null });
      await expect.poll(async () => (await ctx2.jobs.get(cut.id))!.status).toBe('active');
      await app2.close();
      expect(await server.ctx.jobs.get(cut.id)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining('The server stopped'),
      });
    } finally {
      await app2.close();
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // The first process does not overwrite what the second decided when its runners give up.
    gate.release();
    gate.release();
    await new Promise((r) => setTimeout(r, 100));
    expect((await server.ctx.jobs.get(active1.id))!.status).toBe('failed');
  });
});

/** The environment the test server was configured from, enough to open a second app over the same store. */
function configEnv(server: TestServer): Record<string, string> {
  const c = server.ctx.config;
  return {
    DATABASE_URL: c.db.connection,
    NC_AUTH_JWT_SECRET: c.jwtSecret,
    LOG_LEVEL: 'silent',
  };
}
