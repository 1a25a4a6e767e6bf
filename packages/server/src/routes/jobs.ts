/**
 * The jobs API: `POST /jobs/listen` (long poll on a job's messages after `_mid`), `POST /jobs/status`,
 * `POST /jobs/cancel` and NocoDB's per-base list `POST /api/v2/jobs/{baseId}`. A job is visible to whoever
 * may enter its base. See docs/jobs.md for the message rules.
 */
import {
  cancelJobBody,
  jobStatusBody,
  listenJobBody,
  listJobsBody,
  type JobReply,
} from '@rowbase/core/api/jobs';
import { forbidden, notFound } from '@rowbase/core/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { requireBaseAccess } from '../http/base-access.js';
import { requireUser } from '../http/principal.js';
import { parseWith } from '../http/validate.js';
import { closeEvent } from '../jobs/job-events.js';
import { isFinished, type JobEvent, type JobRecord } from '../jobs/job-queue.js';

/** A job as the API shows it: its input stays on the server; the kind may name what it works on. */
export function presentJob(ctx: AppContext, job: JobRecord): JobReply {
  const { data: input, ...shown } = job;
  return {
    ...shown,
    title: ctx.jobKinds.titleOf(job.job, input),
    target_id: ctx.jobKinds.targetOf(job.job, input),
  };
}

/** The job, once the caller may see it: 401 without a user, 404 for an unknown job, 403 without base access. */
export async function visibleJob(ctx: AppContext, req: FastifyRequest, id: string): Promise<JobRecord> {
  const principal = requireUser(req);
  const job = await ctx.jobs.get(id);
  if (!job) throw notFound(`Job '${id}' not found`);
  if (job.base_id) await requireBaseAccess(ctx, req, job.base_id);
  else if (job.fk_user_id !== principal.user.id && !principal.roles.super) throw forbidden();
  return job;
}

/** Whether the job's log holds messages but not yet its close: the close is being sent. */
async function closeOnItsWay(ctx: AppContext, jobId: string): Promise<boolean> {
  const log = await ctx.jobs.eventsAfter(jobId, 0);
  return log.length > 0 && log[log.length - 1]!.status !== 'close';
}

/**
 * Waits until the job's log has a message after `afterMid`, or the wait runs out (`refresh`), or the caller
 * hangs up. Subscribes before reading so a message appended in between is not missed.
 */
async function nextEvents(
  ctx: AppContext,
  job: JobRecord,
  afterMid: number,
  reply: FastifyReply,
): Promise<JobEvent | JobEvent[]> {
  let wake: () => void = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  const unsubscribe = ctx.jobs.subscribe(job.id, () => wake());
  const timer = setTimeout(() => wake(), ctx.config.jobsListenWaitMs);
  reply.raw.once('close', () => wake());
  try {
    let events = await ctx.jobs.eventsAfter(job.id, afterMid);
    if (!events.length) {
      // A finished job whose messages are gone (a restart, or long ago), or were all seen, still answers with
      // how it ended. Its record is stored as finished just before its close message is sent: a log without
      // the close yet is waited on, so the close keeps its own `_mid`.
      if (isFinished(job.status) && !(await closeOnItsWay(ctx, job.id)))
        return { _mid: afterMid, ...closeEvent(job) };
      await woken;
      events = await ctx.jobs.eventsAfter(job.id, afterMid);
      if (!events.length && isFinished(job.status)) return { _mid: afterMid, ...closeEvent(job) };
    }
    if (!events.length) return { _mid: afterMid, status: 'refresh' };
    return events.length === 1 ? events[0]! : events;
  } finally {
    clearTimeout(timer);
    unsubscribe();
  }
}

export function jobRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/jobs/listen', async (req, reply) => {
    const body = parseWith(listenJobBody, req.body);
    const job = await visibleJob(ctx, req, body.data.id);
    reply.header('Cache-Control', 'no-cache, must-revalidate');
    return nextEvents(ctx, job, body._mid ?? 0, reply);
  });

  app.post('/jobs/status', async (req) => {
    const { id } = parseWith(jobStatusBody, req.body);
    return presentJob(ctx, await visibleJob(ctx, req, id));
  });

  // Only the person who started a job (or a super admin) may stop it.
  app.post('/jobs/cancel', async (req) => {
    const { id } = parseWith(cancelJobBody, req.body);
    const job = await visibleJob(ctx, req, id);
    const principal = requireUser(req);
    if (job.fk_user_id !== principal.user.id && !principal.roles.super)
      throw forbidden('Only the user who started a job can cancel it');
    if (!isFinished(job.status)) await ctx.jobs.cancel(id);
    return presentJob(ctx, (await ctx.jobs.get(id)) ?? job);
  });

  app.post<{ Params: { baseId: string } }>('/api/v2/jobs/:baseId', async (req) => {
    await requireBaseAccess(ctx, req, req.params.baseId);
    const filter = parseWith(listJobsBody, req.body);
    const jobs = await ctx.jobs.listByBase(req.params.baseId, { kind: filter.job, status: filter.status });
    return jobs.map((j) => presentJob(ctx, j));
  });
}
