/**
 * The in-process queue keeps a finished job for a week, as BullMQ does (docs/jobs.md): a queue starting up
 * deletes the completed and failed jobs older than that and keeps newer ones and unfinished ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobKinds } from '../src/jobs/job-kinds.js';
import { KEEP_FINISHED_MS, LocalJobQueue } from '../src/jobs/local-queue.js';
import { JobsRepo } from '../src/meta/repos/jobs.js';
import { startTestServer, testDatabases, type TestServer } from './harness.js';

describe.each(testDatabases())('finished jobs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  it('are deleted a week after they finished; newer and unfinished ones stay', async () => {
    const now = Date.now();
    const old = now - KEEP_FINISHED_MS - 60_000;
    const row = (id: string, status: string, at: number) => ({
      id,
      kind: 'retention-test',
      status,
      base_id: null,
      fk_user_id: null,
      input: null,
      created_at: at,
      updated_at: at,
    });
    await server.ctx
      .db('rb_jobs')
      .insert([
        row('ret-old-done', 'completed', old),
        row('ret-old-failed', 'failed', old),
        row('ret-new-done', 'completed', now - KEEP_FINISHED_MS + 3600_000),
        row('ret-old-paused', 'paused', old),
      ]);
    const queue = new LocalJobQueue(new JobsRepo(server.ctx.db), new JobKinds());
    await queue.start();
    await queue.close();
    const left = await server.ctx.db('rb_jobs').where('id', 'like', 'ret-%').orderBy('id').pluck('id');
    expect(left).toEqual(['ret-new-done', 'ret-old-paused']);
  });
});
