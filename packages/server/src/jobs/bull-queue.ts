/**
 * The job queue of the scaled-out mode: BullMQ on Redis. BullMQ owns the jobs (state, progress, result, retries,
 * stalled-job recovery), so a job enqueued by one process is run by whichever process has a free worker, and a
 * worker that dies mid-job has its job taken up again (or failed) by the others once its lock expires.
 *
 * Beside BullMQ's keys this queue keeps, under the same prefix: each job's message log (a Redis list, so every
 * process numbers messages the same way), the set of job ids per base, and cancel marks. Messages and cancel
 * requests are fanned out over one pub/sub channel. See docs/jobs.md.
 */
import type * as Bullmq from 'bullmq';
import type { Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { newId } from '../meta/ids.js';
import { packageOnFirstUse } from '../package-on-first-use.js';
import { newRedis } from '../scale/redis-client.js';
import { closeEvent, errorMessage, progressEvent, statusEvent, type NewEvent } from './job-events.js';
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

/** Loaded with the first queue: a server without REDIS_URL never loads BullMQ. */
const bullmq = packageOnFirstUse<typeof Bullmq>('bullmq');

export interface BullQueueOptions {
  url: string;
  /** Key prefix; tests pass their own so runs never meet. */
  prefix?: string;
  queueName?: string;
  concurrency?: number;
  /** How long a worker's hold on a job lasts without renewal; a dead worker's job is taken up after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How often a job may be taken up again after its worker vanished before it is failed. */
  maxStalledCount?: number;
  /** Whether this process runs jobs (false: it only enqueues and reads). */
  work?: boolean;
  onStatus?: JobStatusObserver;
  log?: Logger;
}

interface Payload {
  kind: string;
  input: unknown;
  baseId: string | null;
  userId: string | null;
}

type Wire = { type: 'event'; id: string; event: JobEvent } | { type: 'cancel'; id: string };

const WEEK_SECONDS = 7 * 24 * 3600;

function statusOf(state: string): JobStatus {
  switch (state) {
    case 'active':
    case 'delayed':
    case 'completed':
    case 'failed':
      return state;
    default:
      return 'waiting';
  }
}

export class BullJobQueue implements JobQueue {
  private readonly prefix: string;
  private readonly name: string;
  private readonly redis: Redis;
  private readonly subscriber: Redis;
  private readonly queue: Queue<Payload>;
  private readonly connections: Redis[] = [];
  private worker: Worker<Payload> | undefined;
  private queueEvents: QueueEvents | undefined;
  private readonly listeners = new Map<string, Set<JobEventListener>>();
  private started = false;

  constructor(
    private readonly kinds: JobKinds,
    private readonly opts: BullQueueOptions,
  ) {
    this.prefix = opts.prefix ?? 'rowbase';
    this.statusObservers = new StatusObservers(opts.onStatus, opts.log);
    this.name = opts.queueName ?? 'jobs';
    this.redis = this.connect();
    this.subscriber = this.connect();
    this.queue = new (bullmq().Queue)<Payload>(this.name, {
      connection: this.connect(),
      prefix: this.prefix,
    });
  }

  private connect(): Redis {
    // BullMQ's blocking calls must never give up, hence no per-request retry limit.
    const c = newRedis(this.opts.url, { maxRetriesPerRequest: null });
    this.connections.push(c);
    return c;
  }

  private key(...parts: string[]): string {
    return [this.prefix, 'rb', this.name, ...parts].join(':');
  }

  async enqueue(req: EnqueueRequest): Promise<JobRecord> {
    if (!this.kinds.has(req.kind)) throw new Error(`No handler for job kind "${req.kind}"`);
    const id = newId('job');
    // Logged before BullMQ has the job: a free worker may take it at once and log `active` right after.
    await this.append(id, statusEvent(id, 'waiting'));
    if (req.baseId) await this.redis.sadd(this.key('base', req.baseId), id);
    const job = await this.queue.add(
      req.kind,
      { ...req },
      { jobId: id, removeOnComplete: { age: WEEK_SECONDS }, removeOnFail: { age: WEEK_SECONDS } },
    );
    const record = this.toRecord(job, 'waiting');
    this.statusObservers.emit(record);
    return record;
  }

  async get(id: string): Promise<JobRecord | undefined> {
    const job = await this.queue.getJob(id);
    if (!job) return undefined;
    return this.toRecord(job, statusOf(await job.getState()));
  }

  async listByBase(baseId: string, filter: { kind?: string; status?: JobStatus } = {}): Promise<JobRecord[]> {
    const setKey = this.key('base', baseId);
    const out: JobRecord[] = [];
    for (const id of await this.redis.smembers(setKey)) {
      const job = await this.get(id);
      // BullMQ removes finished jobs after a week; forget their ids too.
      if (!job) await this.redis.srem(setKey, id);
      else if ((!filter.kind || job.job === filter.kind) && (!filter.status || job.status === filter.status))
        out.push(job);
    }
    return out.sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id));
  }

  async eventsAfter(id: string, afterMid: number): Promise<JobEvent[]> {
    const raw = await this.redis.lrange(this.key('events', id), afterMid, -1);
    return raw.map((r, i) => ({ _mid: afterMid + i + 1, ...(JSON.parse(r) as NewEvent) }));
  }

  subscribe(id: string, listener: JobEventListener): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  async cancel(id: string): Promise<void> {
    await this.redis.set(this.key('cancel', id), '1', 'EX', WEEK_SECONDS);
    await this.redis.publish(this.key('channel'), JSON.stringify({ type: 'cancel', id } satisfies Wire));
  }

  private readonly statusObservers: StatusObservers;

  onStatusChange(observer: JobStatusObserver): () => void {
    return this.statusObservers.add(observer);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.subscriber.on('message', (_channel: string, message: string) => this.onWire(message));
    await this.subscriber.subscribe(this.key('channel'));
    this.queueEvents = new (bullmq().QueueEvents)(this.name, {
      connection: this.connect(),
      prefix: this.prefix,
    });
    this.queueEvents.on('completed', ({ jobId }) => void this.onFinished(jobId));
    this.queueEvents.on('failed', ({ jobId }) => void this.onFinished(jobId));
    await this.queueEvents.waitUntilReady();
    if (this.opts.work === false) return;
    this.worker = new (bullmq().Worker)<Payload>(
      this.name,
      (job, _token, signal) => this.process(job, signal),
      {
        connection: this.connect(),
        prefix: this.prefix,
        concurrency: this.opts.concurrency ?? 2,
        lockDuration: this.opts.lockDurationMs ?? 30_000,
        stalledInterval: this.opts.stalledIntervalMs ?? 30_000,
        maxStalledCount: this.opts.maxStalledCount ?? 1,
      },
    );
    this.worker.on('error', (err) => this.opts.log?.error({ err }, 'job worker error'));
    await this.worker.waitUntilReady();
  }

  /** Stops this process's worker; `force` drops running jobs as a crash would (their locks then expire). */
  async close(force = false): Promise<void> {
    await this.worker?.close(force);
    await this.queueEvents?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private async process(job: Job<Payload>, signal: AbortSignal | undefined): Promise<unknown> {
    const id = job.id!;
    const cancelled = () => signal?.aborted === true;
    if (await this.redis.exists(this.key('cancel', id)))
      throw new (bullmq().UnrecoverableError)(new JobCancelledError().message);
    await this.append(id, statusEvent(id, 'active'));
    this.statusObservers.emit(this.toRecord(job, 'active'));
    const throwIfCancelled = () => {
      if (cancelled()) throw new JobCancelledError();
    };
    try {
      const result = await this.kinds.handler(job.data.kind)({
        id,
        input: job.data.input,
        baseId: job.data.baseId,
        userId: job.data.userId,
        signal: signal ?? new AbortController().signal,
        throwIfCancelled,
        progress: async (p: JobProgress) => {
          throwIfCancelled();
          await job.updateProgress({ ...p });
          await this.append(id, progressEvent(id, p));
        },
      });
      // A handler that returned has finished its work, even if a cancel arrived meanwhile.
      return result ?? null;
    } catch (err) {
      // A cancelled job must not be retried: BullMQ fails an UnrecoverableError at once.
      if (cancelled() || err instanceof JobCancelledError)
        throw new (bullmq().UnrecoverableError)(new JobCancelledError().message);
      this.opts.log?.error({ err, job: id, kind: job.data.kind }, 'job failed');
      throw err instanceof Error ? err : new Error(errorMessage(err));
    }
  }

  /** Every process hears BullMQ's completed/failed events; the first to claim the job writes its close message. */
  private async onFinished(id: string): Promise<void> {
    try {
      const job = await this.get(id);
      if (!job || (job.status !== 'completed' && job.status !== 'failed')) return;
      const claimed = await this.redis.set(this.key('closed', id), '1', 'EX', WEEK_SECONDS, 'NX');
      if (claimed !== 'OK') return;
      await this.append(id, closeEvent(job));
      this.statusObservers.emit(job);
    } catch (err) {
      this.opts.log?.error({ err, job: id }, 'could not record the end of a job');
    }
  }

  private async append(id: string, event: NewEvent): Promise<void> {
    const key = this.key('events', id);
    const mid = await this.redis.rpush(key, JSON.stringify(event));
    await this.redis.expire(key, WEEK_SECONDS);
    const wire: Wire = { type: 'event', id, event: { _mid: mid, ...event } };
    await this.redis.publish(this.key('channel'), JSON.stringify(wire));
  }

  private onWire(message: string): void {
    const wire = JSON.parse(message) as Wire;
    if (wire.type === 'cancel') {
      this.worker?.cancelJob(wire.id, new JobCancelledError().message);
      return;
    }
    for (const listener of this.listeners.get(wire.id) ?? []) listener(wire.event);
  }

  private toRecord(job: Job<Payload>, status: JobStatus): JobRecord {
    const progress = job.progress;
    return {
      id: job.id!,
      job: job.data.kind,
      status,
      base_id: job.data.baseId,
      fk_user_id: job.data.userId,
      data: job.data.input,
      result: status === 'completed' ? (job.returnvalue ?? null) : null,
      error: status === 'failed' ? (job.failedReason ?? 'The job failed') : null,
      progress: progress && typeof progress === 'object' ? (progress as unknown as JobProgress) : null,
      created_at: job.timestamp,
      updated_at: job.finishedOn ?? job.processedOn ?? job.timestamp,
    };
  }
}
