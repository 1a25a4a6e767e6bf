/**
 * The in-process job queue of the embedded mode. Every job is a row in the meta store before it is scheduled,
 * so nothing is lost when the process stops: on the next start, jobs left `active` are marked failed with a
 * message saying why, and jobs still `waiting` are picked up again.
 */
import type { Logger } from 'pino';
import { newId } from '../meta/ids.js';
import type { JobsRepo } from '../meta/repos/jobs.js';
import { closeEvent, errorMessage, INTERRUPTED_MESSAGE, progressEvent, statusEvent } from './job-events.js';
import type { JobKinds } from './job-kinds.js';
import {
  JobCancelledError,
  type EnqueueRequest,
  type JobEvent,
  type JobEventListener,
  type JobProgress,
  type JobQueue,
  type JobRecord,
  type JobStatus,
  type JobStatusObserver,
} from './job-queue.js';
import { StatusObservers } from './status-observers.js';
import { MemoryEventLog } from './memory-event-log.js';

export interface LocalQueueOptions {
  /** Jobs run side by side; two keeps one long duplicate from holding up everything else. */
  concurrency?: number;
  onStatus?: JobStatusObserver;
  log?: Logger;
}

/** How long a finished job stays listed and readable (BullMQ's queue keeps them as long). */
export const KEEP_FINISHED_MS = 7 * 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;

export class LocalJobQueue implements JobQueue {
  private readonly pending: string[] = [];
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private readonly events = new MemoryEventLog();
  /**
   * The records of the jobs this process enqueued or runs, as stored, so running and finishing them need not
   * read them back (docs/jobs.md "The queue"): a webhook batch job was read twice, its input parsed each time.
   */
  private readonly known = new Map<string, JobRecord>();
  private readonly concurrency: number;
  private started = false;
  private sweeper: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly repo: JobsRepo,
    private readonly kinds: JobKinds,
    private readonly opts: LocalQueueOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? 2;
    this.statusObservers = new StatusObservers(opts.onStatus, opts.log);
  }

  async enqueue(req: EnqueueRequest): Promise<JobRecord> {
    if (!this.kinds.has(req.kind)) throw new Error(`No handler for job kind "${req.kind}"`);
    const job = await this.repo.insert({ id: newId('job'), ...req });
    this.known.set(job.id, job);
    this.events.append(job.id, statusEvent(job.id, 'waiting'));
    this.statusObservers.emit(job);
    this.pending.push(job.id);
    this.pump();
    return job;
  }

  get(id: string): Promise<JobRecord | undefined> {
    return this.repo.byId(id);
  }

  listByBase(baseId: string, filter?: { kind?: string; status?: JobStatus }): Promise<JobRecord[]> {
    return this.repo.listByBase(baseId, filter);
  }

  async eventsAfter(id: string, afterMid: number): Promise<JobEvent[]> {
    return this.events.after(id, afterMid);
  }

  subscribe(id: string, listener: JobEventListener): () => void {
    return this.events.subscribe(id, listener);
  }

  async cancel(id: string): Promise<void> {
    const at = this.pending.indexOf(id);
    if (at >= 0) {
      this.pending.splice(at, 1);
      await this.finish(id, 'failed', { error: new JobCancelledError().message }, ['waiting']);
      return;
    }
    this.running.get(id)?.abort.abort();
    // A waiting job this process does not hold (left by another process) is failed where it is stored.
    const job = await this.repo.byId(id);
    if (job?.status === 'waiting')
      await this.finish(id, 'failed', { error: new JobCancelledError().message }, ['waiting']);
  }

  private readonly statusObservers: StatusObservers;

  onStatusChange(observer: JobStatusObserver): () => void {
    return this.statusObservers.add(observer);
  }

  async start(): Promise<void> {
    if (this.started) return;
    for (const job of await this.repo.listByStatus(['active'])) {
      await this.finish(job.id, 'failed', { error: INTERRUPTED_MESSAGE }, ['active']);
      this.opts.log?.warn({ job: job.id, kind: job.job }, 'job interrupted by a restart, marked failed');
    }
    for (const job of await this.repo.listByStatus(['waiting'])) {
      if (!this.pending.includes(job.id)) this.pending.push(job.id);
    }
    this.started = true;
    this.pump();
    await this.forgetOldJobs();
    this.sweeper = setInterval(() => void this.forgetOldJobs(), SWEEP_EVERY_MS);
    this.sweeper.unref?.();
  }

  /** Finished jobs are kept for a week, as on BullMQ (docs/jobs.md). */
  private async forgetOldJobs(): Promise<void> {
    try {
      await this.repo.deleteFinishedBefore(Date.now() - KEEP_FINISHED_MS);
    } catch (err) {
      this.opts.log?.error({ err }, 'deleting finished jobs older than a week failed');
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    for (const id of this.pending) this.known.delete(id);
    this.pending.length = 0;
    for (const r of this.running.values()) r.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private pump(): void {
    while (this.started && !this.closing && this.running.size < this.concurrency && this.pending.length) {
      const id = this.pending.shift()!;
      const abort = new AbortController();
      const done = this.run(id, abort.signal).finally(() => {
        this.running.delete(id);
        this.pump();
      });
      this.running.set(id, { abort, done });
    }
  }

  private async run(id: string, signal: AbortSignal): Promise<void> {
    // The status guard makes sure only one runner takes a job, even if two processes share the store.
    const activeAt = Date.now();
    if (!(await this.repo.setStatus(id, 'active', {}, ['waiting'], activeAt))) {
      this.known.delete(id);
      return;
    }
    const stored = this.known.get(id);
    const job = stored
      ? { ...stored, status: 'active' as const, updated_at: activeAt }
      : (await this.repo.byId(id))!;
    this.known.set(id, job);
    this.events.append(id, statusEvent(id, 'active'));
    this.statusObservers.emit(job);
    const throwIfCancelled = () => {
      if (signal.aborted) throw new JobCancelledError();
    };
    // Progress is stored in the order it was reported (a pool could otherwise land an older write last), and
    // all of it before the final status.
    let progressStored: Promise<void> = Promise.resolve();
    try {
      throwIfCancelled();
      const result = await this.kinds.handler(job.job)({
        id,
        input: job.data,
        baseId: job.base_id,
        userId: job.fk_user_id,
        signal,
        throwIfCancelled,
        progress: async (p) => {
          throwIfCancelled();
          this.events.append(id, progressEvent(id, p));
          job.progress = JSON.parse(JSON.stringify(p)) as JobProgress;
          // Not awaited: a handler inside a meta transaction on SQLite holds the only connection, so the
          // write has to wait for it; listeners already have the message from the log.
          progressStored = progressStored
            .then(() => this.repo.setProgress(id, p))
            .catch((err: unknown) => this.opts.log?.warn({ err, job: id }, 'could not store job progress'));
        },
      });
      await progressStored;
      // A handler that returned has finished its work, even if a cancel arrived meanwhile.
      await this.finish(id, 'completed', { result: result ?? null }, ['active']);
    } catch (err) {
      await progressStored;
      // Aborted by close() is a stop of the server, not someone's cancel: say so, as a restart would.
      const message = !signal.aborted
        ? errorMessage(err)
        : this.closing
          ? INTERRUPTED_MESSAGE
          : new JobCancelledError().message;
      if (!signal.aborted) this.opts.log?.error({ err, job: id, kind: job.job }, 'job failed');
      await this.finish(id, 'failed', { error: message }, ['active']);
    }
  }

  /** Stores the final state (unless the job already left `from`) and sends the close message. */
  private async finish(
    id: string,
    status: 'completed' | 'failed',
    outcome: { result?: unknown; error?: string },
    from: JobStatus[],
  ): Promise<void> {
    const at = Date.now();
    const before = this.known.get(id);
    this.known.delete(id);
    if (!(await this.repo.setStatus(id, status, outcome, from, at))) return;
    // The record as a read would give it: the result through its JSON, as stored.
    const job: JobRecord = before
      ? {
          ...before,
          status,
          ...(outcome.result !== undefined ? { result: JSON.parse(JSON.stringify(outcome.result)) } : {}),
          ...(outcome.error !== undefined ? { error: outcome.error } : {}),
          updated_at: at,
        }
      : (await this.repo.byId(id))!;
    this.events.append(id, closeEvent(job));
    this.statusObservers.emit(job);
  }
}
