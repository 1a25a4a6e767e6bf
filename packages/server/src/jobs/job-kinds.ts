/**
 * The registry of job kinds: each kind is a name and the handler that runs it. Queues look handlers up here
 * when they pick a job, so a kind registered in every process can run in any of them.
 */
import type { JobHandler } from './job-queue.js';

export class JobKinds {
  private readonly handlers = new Map<string, JobHandler>();

  /** @example kinds.register('duplicate-table', async (run) => { ...; return { table_id } }) */
  register<Input, Result>(kind: string, handler: JobHandler<Input, Result>): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind "${kind}" is registered twice`);
    this.handlers.set(kind, handler as JobHandler);
  }

  has(kind: string): boolean {
    return this.handlers.has(kind);
  }

  handler(kind: string): JobHandler {
    const h = this.handlers.get(kind);
    if (!h) throw new Error(`No handler for job kind "${kind}"`);
    return h;
  }

  names(): string[] {
    return [...this.handlers.keys()];
  }
}
