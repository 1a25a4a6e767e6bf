/** The messages both queues put in a job's log, built in one place so they read the same everywhere. */
import type { JobEvent, JobProgress, JobRecord, JobStatus } from './job-queue.js';

export type NewEvent = Omit<JobEvent, '_mid'>;

/** The job moved to a state that is not final (waiting, active). */
export const statusEvent = (id: string, status: JobStatus): NewEvent => ({
  status: 'update',
  data: { id, status },
});

/** The handler reported progress; the job is active. */
export const progressEvent = (id: string, p: JobProgress): NewEvent => ({
  status: 'update',
  data: {
    id,
    status: 'active',
    data: { message: p.message, ...(p.percent === undefined ? {} : { percent: p.percent }) },
  },
});

/** The final message: completed with the handler's result, or failed with the reason. */
export function closeEvent(job: Pick<JobRecord, 'id' | 'status' | 'result' | 'error'>): NewEvent {
  return {
    status: 'close',
    data: {
      id: job.id,
      status: job.status,
      data:
        job.status === 'failed'
          ? { error: { message: job.error ?? 'The job failed' } }
          : { result: job.result ?? null },
    },
  };
}

/** A readable message from anything a handler threw. */
export const errorMessage = (err: unknown): string =>
  err instanceof Error ? err.message : typeof err === 'string' ? err : 'The job failed';

/** The reason given to jobs a stopped process left running. */
export const INTERRUPTED_MESSAGE =
  'The server stopped while this job was running; it did not finish. Start it again.';
