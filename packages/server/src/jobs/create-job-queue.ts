/** Picks the job queue for this process: BullMQ when REDIS_URL is set, the in-process queue otherwise. */
import type { Logger } from 'pino';
import type { AppConfig } from '../config.js';
import type { MetaDb } from '../meta/db.js';
import { JobsRepo } from '../meta/repos/jobs.js';
import { BullJobQueue } from './bull-queue.js';
import type { JobKinds } from './job-kinds.js';
import type { JobQueue, JobStatusObserver } from './job-queue.js';
import { LocalJobQueue } from './local-queue.js';

export function createJobQueue(
  config: AppConfig,
  db: MetaDb,
  kinds: JobKinds,
  deps: { log: Logger; onStatus?: JobStatusObserver },
): JobQueue {
  if (config.redisUrl)
    return new BullJobQueue(kinds, {
      url: config.redisUrl,
      prefix: config.redisPrefix,
      lockDurationMs: config.jobsLockMs,
      stalledIntervalMs: config.jobsStalledIntervalMs,
      ...deps,
    });
  return new LocalJobQueue(new JobsRepo(db), kinds, deps);
}
