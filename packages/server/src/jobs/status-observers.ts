/**
 * The observers of a queue's job status changes (`JobQueue.onStatusChange`), shared by the in-process and the
 * Redis queue: the configured one first, then those added later; one that throws is logged and the rest still
 * hear the change.
 */
import type { Logger } from 'pino';
import type { JobRecord, JobStatusObserver } from './job-queue.js';

export class StatusObservers {
  private readonly observers = new Set<JobStatusObserver>();

  constructor(
    private readonly first: JobStatusObserver | undefined,
    private readonly log: Logger | undefined,
  ) {}

  add(observer: JobStatusObserver): () => void {
    this.observers.add(observer);
    return () => {
      this.observers.delete(observer);
    };
  }

  emit(job: JobRecord): void {
    this.first?.(job);
    for (const observer of this.observers) {
      try {
        observer(job);
      } catch (err) {
        this.log?.error({ err, job: job.id }, 'a job status observer failed');
      }
    }
  }
}
