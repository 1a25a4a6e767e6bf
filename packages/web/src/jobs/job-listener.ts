/**
 * Follows one job through the server's long-poll listen call, by these rules (docs/jobs.md):
 * - each call sends the id of the last message seen (`_mid`);
 * - a list of messages: each `update` is passed on, a `close` ends the listening, otherwise poll again from
 *   the last id;
 * - one message: `close` ends, `update` is passed on and polling continues, `refresh` just polls again;
 * - a failed call is retried after 1 second;
 * - polling stops while there is no token and starts again, from the last id, when a new token appears.
 * The engine takes its transport and token source as arguments, so it is tested without a browser.
 */
import type { JobEventReply } from '@rowbase/core/api/jobs';

export const JOB_RETRY_MS = 1000;

export type JobEventData = NonNullable<JobEventReply['data']>;

export interface JobListenerDeps {
  listen(
    body: { _mid: number; data: { id: string } },
    signal: AbortSignal,
  ): Promise<JobEventReply | JobEventReply[]>;
  getToken(): string | null;
  /** Calls back whenever the token may have changed; returns the unsubscribe function. */
  subscribeToken(onChange: () => void): () => void;
  retryMs?: number;
}

export interface JobSubscriber {
  /** Progress or a status change. */
  onUpdate?(data: JobEventData): void;
  /** The job ended: `data.status` is completed (with `data.data.result`) or failed (with `data.data.error`). */
  onClose?(data: JobEventData): void;
}

export interface JobListening {
  /** Stops for good (the component went away). */
  stop(): void;
}

export function listenToJob(jobId: string, subscriber: JobSubscriber, deps: JobListenerDeps): JobListening {
  let mid = 0;
  let finished = false;
  let running: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let token = deps.getToken();

  const halt = () => {
    clearTimeout(retry);
    running?.abort();
    running = null;
  };

  /** Handles one reply; returns true when the job ended. */
  const handle = (reply: JobEventReply | JobEventReply[]): boolean => {
    for (const event of Array.isArray(reply) ? reply : [reply]) {
      if (event._mid) mid = event._mid;
      if (event.status === 'close') {
        if (event.data) subscriber.onClose?.(event.data);
        return true;
      }
      if (event.status === 'update' && event.data) subscriber.onUpdate?.(event.data);
    }
    return false;
  };

  const poll = async (): Promise<void> => {
    if (finished || !deps.getToken() || running) return;
    const controller = new AbortController();
    running = controller;
    try {
      const reply = await deps.listen({ _mid: mid, data: { id: jobId } }, controller.signal);
      if (controller.signal.aborted) return;
      running = null;
      if (handle(reply)) {
        finish();
        return;
      }
      void poll();
    } catch {
      if (controller.signal.aborted) return;
      running = null;
      retry = setTimeout(() => void poll(), deps.retryMs ?? JOB_RETRY_MS);
    }
  };

  const unsubscribe = deps.subscribeToken(() => {
    const next = deps.getToken();
    if (next === token) return;
    token = next;
    halt();
    if (next) void poll();
  });

  const finish = () => {
    finished = true;
    halt();
    unsubscribe();
  };

  void poll();
  return { stop: finish };
}
