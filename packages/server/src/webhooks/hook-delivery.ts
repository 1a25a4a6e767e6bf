/**
 * Delivering webhooks: a job of kind `webhook-delivery` holds the deliveries of a burst of writes, so the
 * write's request never waits on the network. The job builds each hook's payload from the write (the request
 * only noted which hooks the write triggers). Each attempt is logged (status and answer, or the error); a
 * failed attempt is retried `retries` times, `retry_interval` ms apart. A 2xx answer is a success.
 */
import type { AppContext } from '../context.js';
import type { JobRun } from '../jobs/job-queue.js';
import { HooksRepo, type Hook, type HookLogEntry } from './hooks-repo.js';
import { payloadOf, type HookPayload, type RowsEvent } from './hook-payload.js';
import type { HookOperation } from './hook-schemas.js';
import type { DeliveryOrder } from './delivery-order.js';
import { sendByKind, type AttemptResult } from './hook-kinds.js';

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

/** NC_AUTOMATION_LOG_LEVEL decides which attempts are kept (docs/webhooks.md, "Logs"). */
function shouldLog(level: AppContext['config']['automationLogLevel'], result: AttemptResult): boolean {
  if (level === 'ALL') return true;
  return level === 'ERROR' && !result.ok;
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
  const entry: HookLogEntry = {
    baseId: hook.base_id,
    hookId: hook.id,
    type: hook.notification.type,
    event: hook.event,
    operation: input.operation,
    testCall: meta.testCall,
    payload: input.payload,
    notification: hook.notification,
    errorCode: result.errorCode,
    errorMessage: result.errorMessage,
    executionTime: Date.now() - started,
    response: result.response,
    triggeredBy: input.triggeredBy,
    attempt: meta.attempt,
  };
  if (meta.logs) meta.logs.add(entry);
  else await new HooksRepo(ctx.db).addLog(entry);
  return result;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
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

/** The deliveries of a job, payloads built: one per triggered hook of each write, in the order written. */
export function deliveriesOf(input: DeliveriesInput, hooks: Map<string, Hook>): DeliveryInput[] {
  const out = [...(input.deliveries ?? [])];
  for (const w of input.writes ?? []) {
    for (const h of w.hooks) {
      const hook = hooks.get(h.hookId);
      const version = hook?.version ?? 'v2';
      const keep = h.rows ? new Set(h.rows) : undefined;
      const payload = payloadOf(w.event, { version }, w.table, w.operation, keep && ((i) => keep.has(i)));
      out.push({ hookId: h.hookId, operation: w.operation, payload, triggeredBy: null, ticket: h.ticket });
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

async function deliverOne(
  ctx: AppContext,
  run: JobRun<DeliveriesInput>,
  input: DeliveryInput,
  hooks: Map<string, Hook>,
  logs: LogBuffer,
): Promise<number> {
  const hook = hooks.get(input.hookId);
  // A hook removed or switched off after the write no longer sends.
  if (!hook || !hook.active) return 0;
  let last: AttemptResult | undefined;
  for (let attempt = 1; attempt <= hook.retries + 1; attempt++) {
    run.throwIfCancelled();
    last = await attemptDelivery(ctx, hook, input, { attempt, testCall: false, logs });
    if (last.ok) return attempt;
    if (attempt <= hook.retries) await pause(hook.retry_interval, run.signal);
  }
  throw new Error(`${hook.title}: ${last?.errorMessage ?? 'the webhook could not be delivered'}`);
}

/**
 * Delivers to every hook side by side, each with its own retries and after the hook's earlier deliveries;
 * the job fails if any delivery failed.
 */
export async function runDelivery(
  ctx: AppContext,
  run: JobRun<DeliveriesInput>,
  order: DeliveryOrder,
): Promise<{ attempts: number[] }> {
  const repo = new HooksRepo(ctx.db);
  const hooks = await repo.byIds(hookIdsOf(run.input));
  const logs = new LogBuffer(repo);
  const results = await Promise.allSettled(
    deliveriesOf(run.input, hooks).map((d) =>
      order.inTurn(d.ticket, () => deliverOne(ctx, run, d, hooks, logs)),
    ),
  );
  await logs.settle();
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) throw new Error(failed.map((f) => (f.reason as Error).message).join('; '));
  return { attempts: results.map((r) => (r as PromiseFulfilledResult<number>).value) };
}
