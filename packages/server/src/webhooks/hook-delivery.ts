/**
 * Delivering webhooks: a job of kind `webhook-delivery` holds the deliveries of a burst of writes, so the
 * write's request never waits on the network. URL hooks' deliveries are handed to the delivery thread
 * (`delivery-thread.ts`), which builds their payloads from the write and sends them; the other kinds are built
 * and sent here. Each attempt is logged (status and answer, or the error); a failed attempt is retried
 * `retries` times, `retry_interval` ms apart. A 2xx answer is a success.
 */
import type { AppContext } from '../context.js';
import type { JobRun } from '../jobs/job-queue.js';
import { HooksRepo, type Hook, type HookLogEntry } from './hooks-repo.js';
import type { HookPayload, RowsEvent } from './hook-payload.js';
import type { HookOperation } from './hook-schemas.js';
import type { DeliveryOrder } from './delivery-order.js';
import type { DeliveryThread } from './delivery-thread.js';
import { sendByKind, type AttemptResult } from './hook-kinds.js';
import { payloadOfDelivery, shouldLog, type AttemptReport, type UrlDelivery } from './url-delivery.js';

export type { AttemptResult };

export const WEBHOOK_JOB = 'webhook-delivery';

export interface DeliveryInput {
  hookId: string;
  operation: string;
  payload: HookPayload;
  triggeredBy: string | null;
  /** The delivery's place in its hook's line (docs/webhooks.md "Order"). */
  ticket?: string;
}

/** How long log rows wait to be written together, and how many one insert holds at most. */
const LOG_BATCH_MS = 25;
const LOG_BATCH_MAX = 100;

/**
 * The log rows of one job's attempts, written together: rows collect for a few milliseconds (or until a
 * hundred) and go in one insert, so a job of many deliveries costs a few statements, not one per attempt.
 * `settle()` writes what is left and reports a failed write.
 */
export class LogBuffer {
  private entries: HookLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly writes: Promise<void>[] = [];
  private failure: unknown;

  constructor(private readonly repo: HooksRepo) {}

  add(entry: HookLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length >= LOG_BATCH_MAX) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), LOG_BATCH_MS);
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.entries.length) return;
    const batch = this.entries;
    this.entries = [];
    this.writes.push(this.repo.addLogs(batch).catch((err: unknown) => void (this.failure ??= err)));
  }

  async settle(): Promise<void> {
    this.flush();
    await Promise.all(this.writes);
    if (this.failure) throw this.failure;
  }
}

/** One attempt, logged as NC_AUTOMATION_LOG_LEVEL says. */
export async function attemptDelivery(
  ctx: AppContext,
  hook: Pick<Hook, 'id' | 'base_id' | 'notification' | 'timeout' | 'event'>,
  input: DeliveryInput,
  meta: { attempt: number; testCall: boolean; logs?: LogBuffer },
): Promise<AttemptResult> {
  // A test of a hook not saved yet has nowhere to keep its log.
  const started = Date.now();
  const result = await sendByKind(ctx, hook, input.payload);
  if (!hook.id || !shouldLog(ctx.config.automationLogLevel, result)) return result;
  const entry = logEntryOf(
    hook,
    input,
    { attempt: meta.attempt, result, executionTime: Date.now() - started, payload: input.payload },
    meta.testCall,
  );
  if (meta.logs) meta.logs.add(entry);
  else await new HooksRepo(ctx.db).addLog(entry);
  return result;
}

/** The log row of one attempt. */
function logEntryOf(
  hook: Pick<Hook, 'id' | 'base_id' | 'notification' | 'event'>,
  input: Pick<DeliveryInput, 'operation' | 'triggeredBy'>,
  a: AttemptReport & { payload: HookPayload },
  testCall = false,
): HookLogEntry {
  return {
    baseId: hook.base_id,
    hookId: hook.id,
    type: hook.notification.type,
    event: hook.event,
    operation: input.operation,
    testCall,
    payload: a.payload,
    notification: hook.notification,
    errorCode: a.result.errorCode,
    errorMessage: a.result.errorMessage,
    executionTime: a.executionTime,
    response: a.result.response,
    triggeredBy: input.triggeredBy,
    attempt: a.attempt,
  };
}

/** A committed write and the hooks it triggers; the payloads are built when the job runs. */
export interface WriteDeliveries {
  /** The write as the change feed told it. */
  event: RowsEvent;
  operation: HookOperation;
  table: { title: string; pkTitle: string };
  /** Each triggered hook: its place in the hook's line and, when its conditions keep only some rows, theirs. */
  hooks: { hookId: string; ticket?: string; rows?: number[] }[];
}

/**
 * The deliveries of a burst of writes: every hook each write triggered, in one job (fewer queue writes);
 * `deliveries` are ready-made ones (a manual trigger).
 */
export interface DeliveriesInput {
  deliveries?: DeliveryInput[];
  writes?: WriteDeliveries[];
}

/** One delivery of a job: a ready-made payload, or the write its payload is built from. */
type Planned = Omit<DeliveryInput, 'payload'> & {
  payload?: HookPayload;
  write?: Omit<WriteDeliveries, 'hooks'> & { rows?: number[] };
};

/** The deliveries of a job: one per triggered hook of each write, in the order written. */
function plannedOf(input: DeliveriesInput): Planned[] {
  const out: Planned[] = [...(input.deliveries ?? [])];
  for (const { hooks, ...write } of input.writes ?? []) {
    for (const h of hooks) {
      out.push({
        hookId: h.hookId,
        operation: write.operation,
        triggeredBy: null,
        ticket: h.ticket,
        write: h.rows ? { ...write, rows: h.rows } : write,
      });
    }
  }
  return out;
}

/** The hooks a job's deliveries go to. */
function hookIdsOf(input: DeliveriesInput): string[] {
  return [
    ...(input.deliveries ?? []).map((d) => d.hookId),
    ...(input.writes ?? []).flatMap((w) => w.hooks.map((h) => h.hookId)),
  ];
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/** Everything a job's deliveries share. */
interface JobScope {
  ctx: AppContext;
  run: JobRun<DeliveriesInput>;
  hooks: Map<string, Hook>;
  logs: LogBuffer;
  order: DeliveryOrder;
  thread: DeliveryThread;
  /** Stop the job's deliveries on the thread (the job was cancelled). */
  cancels: Set<() => void>;
}

/** A delivery of an Email, chat or messaging hook: built and sent here, in its hook's turn. */
async function deliverHere(s: JobScope, d: Planned, hook: Hook): Promise<number> {
  return s.order.inTurn(d.ticket, async () => {
    const input: DeliveryInput = { ...d, payload: payloadOfDelivery({ ...d, hook }) };
    let last: AttemptResult | undefined;
    for (let attempt = 1; attempt <= hook.retries + 1; attempt++) {
      s.run.throwIfCancelled();
      last = await attemptDelivery(s.ctx, hook, input, { attempt, testCall: false, logs: s.logs });
      if (last.ok) return attempt;
      if (attempt <= hook.retries) await pause(hook.retry_interval, s.run.signal);
    }
    throw new Error(`${hook.title}: ${last?.errorMessage ?? 'the webhook could not be delivered'}`);
  });
}

/**
 * A delivery of a URL hook: handed to the delivery thread in its hook's turn. The thread keeps each hook's
 * deliveries in the order handed over, so the turn passes on once this one is handed over, not sent.
 */
async function deliverOnThread(
  s: JobScope,
  d: Planned,
  hook: Hook & { notification: UrlDelivery['hook']['notification'] },
): Promise<number> {
  const level = s.ctx.config.automationLogLevel;
  const handed = await s.order.inTurn(d.ticket, async () => {
    s.run.throwIfCancelled();
    const delivery: UrlDelivery = {
      hook: {
        id: hook.id,
        notification: hook.notification,
        timeout: hook.timeout,
        retries: hook.retries,
        retry_interval: hook.retry_interval,
        version: hook.version,
      },
      ...(d.payload ? { payload: d.payload } : { write: d.write }),
      allowLocal: s.ctx.config.allowLocalHooks,
      logLevel: level,
    };
    return {
      sending: s.thread.deliver(delivery, (a) => {
        if (a.payload && shouldLog(level, a.result))
          s.logs.add(logEntryOf(hook, d, { ...a, payload: a.payload }));
      }),
    };
  });
  s.cancels.add(handed.sending.cancel);
  if (s.run.signal.aborted) handed.sending.cancel();
  const outcome = await handed.sending.done;
  s.cancels.delete(handed.sending.cancel);
  if (outcome.ok) return outcome.attempts;
  if (outcome.cancelled) {
    s.run.throwIfCancelled();
    throw new Error(`${hook.title}: stopped with the server before it was delivered`);
  }
  throw new Error(`${hook.title}: ${outcome.errorMessage ?? 'the webhook could not be delivered'}`);
}

/**
 * Delivers to every hook side by side, each with its own retries and after the hook's earlier deliveries;
 * the job fails if any delivery failed.
 */
export async function runDelivery(
  ctx: AppContext,
  run: JobRun<DeliveriesInput>,
  order: DeliveryOrder,
  thread: DeliveryThread,
): Promise<{ attempts: number[] }> {
  const repo = new HooksRepo(ctx.db);
  const hooks = await repo.byIds(hookIdsOf(run.input));
  const scope: JobScope = { ctx, run, hooks, logs: new LogBuffer(repo), order, thread, cancels: new Set() };
  const cancel = () => scope.cancels.forEach((c) => c());
  run.signal.addEventListener('abort', cancel, { once: true });
  const results = await Promise.allSettled(
    plannedOf(run.input).map((d) => {
      const hook = hooks.get(d.hookId);
      // A hook removed or switched off after the write no longer sends (its turn passes on at once).
      if (!hook || !hook.active) return order.inTurn(d.ticket, async () => 0);
      const n = hook.notification;
      return n.type === 'URL'
        ? deliverOnThread(scope, d, { ...hook, notification: n })
        : deliverHere(scope, d, hook);
    }),
  );
  run.signal.removeEventListener('abort', cancel);
  await scope.logs.settle();
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) throw new Error(failed.map((f) => (f.reason as Error).message).join('; '));
  return { attempts: results.map((r) => (r as PromiseFulfilledResult<number>).value) };
}
