/**
 * The job queue every slow piece of work goes through (duplicates today; imports, exports and webhook
 * deliveries later). Two implementations share this interface: `LocalJobQueue` (in process, jobs persisted
 * in the meta store) and `BullJobQueue` (BullMQ on Redis, when REDIS_URL is set). See docs/jobs.md.
 */

import type { JobEventReply, JobStatus } from '@rowbase/core/api/jobs';

export type { JobStatus } from '@rowbase/core/api/jobs';

export const isFinished = (s: JobStatus): boolean => s === 'completed' || s === 'failed';

/** What the API shows of a job (the `POST /api/v2/jobs/{baseId}` list and `POST /jobs/status`). */
export interface JobRecord {
  id: string;
  /** The job kind, e.g. `duplicate-base`. */
  job: string;
  status: JobStatus;
  base_id: string | null;
  fk_user_id: string | null;
  /** The input the job was enqueued with. */
  data: unknown;
  /** The handler's return value once completed. */
  result: unknown;
  /** Why it failed. */
  error: string | null;
  /** The last progress the handler reported. */
  progress: JobProgress | null;
  created_at: number;
  updated_at: number;
}

/** A progress report: a message for people and, when known, a percentage. */
export interface JobProgress {
  message: string;
  percent?: number;
}

/**
 * One message of a job's log, as `POST /jobs/listen` returns it. `_mid` numbers a job's messages from 1 so a
 * listener can ask for what came after the last one it saw. `update` carries a status change or progress,
 * `close` the final status (completed with the result, failed with the error), `refresh` tells the listener
 * nothing happened within the wait and it should simply ask again.
 */
export type JobEvent = JobEventReply;

/** Thrown inside a handler (by `throwIfCancelled`) once the job was cancelled; the job fails with this message. */
export class JobCancelledError extends Error {
  override name = 'JobCancelledError';
  constructor() {
    super('The job was cancelled');
  }
}

/** What a handler gets besides its input. */
export interface JobRun<Input = unknown> {
  id: string;
  input: Input;
  baseId: string | null;
  userId: string | null;
  /** Aborted when someone cancels the job; long loops check it between steps. */
  signal: AbortSignal;
  /** Throws `JobCancelledError` once the job is cancelled. */
  throwIfCancelled(): void;
  progress(p: JobProgress): Promise<void>;
}

export type JobHandler<Input = unknown, Result = unknown> = (run: JobRun<Input>) => Promise<Result>;

export interface EnqueueRequest {
  kind: string;
  input: unknown;
  baseId: string | null;
  userId: string | null;
}

/** Listens to one job's event log; called with each new message. */
export type JobEventListener = (event: JobEvent) => void;

export interface JobQueue {
  /** Records the job as waiting and schedules it; returns its record. */
  enqueue(req: EnqueueRequest): Promise<JobRecord>;
  get(id: string): Promise<JobRecord | undefined>;
  /** The jobs of a base, newest first; `kind` narrows to one job kind. */
  listByBase(baseId: string, filter?: { kind?: string; status?: JobStatus }): Promise<JobRecord[]>;
  /** The messages after `afterMid` (all of them for 0). */
  eventsAfter(id: string, afterMid: number): Promise<JobEvent[]>;
  /** Calls `listener` for every message appended from now on; returns the unsubscribe function. */
  subscribe(id: string, listener: JobEventListener): () => void;
  /** Asks the job to stop: a waiting job fails at once, a running one when its handler sees the signal. */
  cancel(id: string): Promise<void>;
  /** Starts working (and settles what a previous process left behind). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for running ones to settle. */
  close(): Promise<void>;
  /**
   * Calls `observer` with the job's record whenever a job this process handles changes status (waiting,
   * active, completed, failed); the hook for the change feed. Returns the unsubscribe function.
   */
  onStatusChange(observer: JobStatusObserver): () => void;
}

/** Hook for whoever wants to hear about job status changes (the change feed, once it exists). */
export type JobStatusObserver = (job: JobRecord) => void;
