/**
 * Contracts of the jobs endpoints: the long-poll listen call, the status call, NocoDB's per-base list and the
 * cancel call. Shared by the server (validation) and the web app (its job listener). See docs/jobs.md.
 */
import { z } from 'zod';

const jobId = z.string({ error: 'id is required' }).min(1, 'id is required').max(64);

export const JOB_STATUSES = ['waiting', 'active', 'delayed', 'paused', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Whether a job of this status has not ended yet (a client keeps following it). */
export const isUnfinished = (status: JobStatus): boolean => status !== 'completed' && status !== 'failed';

export const listenJobBody = z.looseObject({
  _mid: z.coerce.number().int().min(0).optional(),
  data: z.looseObject({ id: jobId }, { error: 'data.id is required' }),
});
export type ListenJobBody = z.infer<typeof listenJobBody>;

export const jobStatusBody = z.looseObject({ id: jobId });

export const cancelJobBody = z.looseObject({ id: jobId });

/** NocoDB's list takes conditions in the body: the job kind and/or the status. */
export const listJobsBody = z.looseObject({
  job: z.string().max(64).optional(),
  status: z.enum(JOB_STATUSES).optional(),
});

/** One message of `POST /jobs/listen`: `update` (progress or a status change), `close` (final), `refresh`. */
export interface JobEventReply {
  _mid: number;
  status: 'update' | 'close' | 'refresh';
  data?: {
    id: string;
    status: JobStatus;
    data?: { message?: string; percent?: number; result?: unknown; error?: { message: string } };
  };
}

/** What the status and list calls show of a job. */
export interface JobReply {
  id: string;
  job: string;
  /** What the job works on, when its kind says (e.g. the title of the table copy). */
  title: string | null;
  /** What the job fills when it is not the job's base (a base copy's id), so a reloaded page can show it again. */
  target_id: string | null;
  status: JobStatus;
  base_id: string | null;
  fk_user_id: string | null;
  result: unknown;
  error: string | null;
  progress: { message: string; percent?: number } | null;
  created_at: number;
  updated_at: number;
}
