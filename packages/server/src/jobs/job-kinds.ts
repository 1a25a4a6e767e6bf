/**
 * The registry of job kinds: each kind is a name and the handler that runs it. Queues look handlers up here
 * when they pick a job, so a kind registered in every process can run in any of them.
 */
import type { JobHandler } from './job-queue.js';

export interface JobKindOptions<Input> {
  /**
   * What the job works on, in words people can be shown (e.g. the title of the table being copied). A job's
   * input is never shown as such: a kind may carry things that must not leave the server.
   */
  title?(input: Input): string;
  /**
   * The id of what the job fills, when that is not the base the job is filed under (a base copy: the job
   * belongs to the base copied, the progress shows on the copy), so a client that reloads can show it again.
   */
  target?(input: Input): string;
}

export class JobKinds {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly titles = new Map<string, (input: unknown) => string>();
  private readonly targets = new Map<string, (input: unknown) => string>();

  /** @example kinds.register('duplicate-table', async (run) => { ...; return { table_id } }) */
  register<Input, Result>(
    kind: string,
    handler: JobHandler<Input, Result>,
    options: JobKindOptions<Input> = {},
  ): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind "${kind}" is registered twice`);
    this.handlers.set(kind, handler as JobHandler);
    if (options.title) this.titles.set(kind, options.title as (input: unknown) => string);
    if (options.target) this.targets.set(kind, options.target as (input: unknown) => string);
  }

  /** The id of what a job of this kind fills (see `JobKindOptions.target`), or null. */
  targetOf(kind: string, input: unknown): string | null {
    try {
      return this.targets.get(kind)?.(input) ?? null;
    } catch {
      return null;
    }
  }

  /** The shown title of a job of this kind, or null when the kind has none (or the input does not fit). */
  titleOf(kind: string, input: unknown): string | null {
    try {
      return this.titles.get(kind)?.(input) ?? null;
    } catch {
      return null;
    }
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
