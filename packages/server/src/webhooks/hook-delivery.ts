/**
 * Delivering webhooks: a job of kind `webhook-delivery` holds the deliveries of a burst of writes, so the
 * write's request never waits on the network. URL hooks' deliveries are handed to the delivery thread
 * (`delivery-thread.ts`), which builds their payloads from the write and sends them; the other kinds are built
 * and sent here. Each attempt is logged (status and answer, or the error); a failed attempt is retried
 * `retries` times, `retry_interval` ms apart. A 2xx answer is a success.
 */
import type { AppContext } from '../context.js';
import { activeHooks } from './active-hooks.js';
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
  /** Each triggered hook and, when its conditions keep only some rows, theirs. */
  hooks: { hookId: string; rows?: number[] }[];
}

/**
 * The deliveries of a burst of writes: every hook each write triggered, in one job (fewer queue writes);
 * `deliveries` are ready-made ones (a manual trigger). `tickets`: per hook, the job's place in the hook's line
 * (docs/webhooks.md "Order"), one for all of the job's deliveries to it.
 */
export interface DeliveriesInput {
  deliveries?: DeliveryInput[];
  writes?: WriteDeliveries[];
  tickets?: Record<string, string>;
}

/** One delivery of a job: a ready-made payload, or the write its payload is built from; `index` in the job. */
type Planned = Omit<DeliveryInput, 'payload'> & {
  index: number;
  payload?: HookPayload;
  write?: Omit<WriteDeliveries, 'hooks'> & { rows?: number[] };
};

/**
 * The deliveries of a job by hook, each hook's in the order written (one per triggered hook of each write),
 * with the hook's ticket.
 */
function plannedByHook(input: DeliveriesInput): Map<string, { ticket?: string; planned: Planned[] }> {
  const out = new Map<string, { ticket?: string; planned: Planned[] }>();
  let index = 0;
  const add = (p: Omit<Planned, 'index'>) => {
    let group = out.get(p.hookId);
    if (!group) out.set(p.hookId, (group = { ticket: input.tickets?.[p.hookId], planned: [] }));
    group.planned.push({ ...p, index: index++ });
  };
  for (const d of input.deliveries ?? []) add(d);
  for (const { hooks, ...write } of input.writes ?? []) {
    for (const h of hooks) {
      add({
        hookId: h.hookId,
        operation: write.operation,
        triggeredBy: null,
        write: h.rows ? { ...write, rows: h.rows } : write,
      });
    }
  }
  return out;
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

/** A hook's deliveries of one job, in the order written, and the job's place in the hook's line. */
interface HookGroup {
  ticket?: string;
  planned: Planned[];
}

/** What became of each delivery: the attempts it took, or why it failed. */
type Outcome = PromiseSettledResult<number>;

/** Sends a delivery of an Email, chat or messaging hook from here, with its retries. */
async function sendHere(s: JobScope, d: Planned, hook: Hook): Promise<number> {
  const input: DeliveryInput = { ...d, payload: payloadOfDelivery({ ...d, hook }) };
  let last: AttemptResult | undefined;
  for (let attempt = 1; attempt <= hook.retries + 1; attempt++) {
    s.run.throwIfCancelled();
    last = await attemptDelivery(s.ctx, hook, input, { attempt, testCall: false, logs: s.logs });
    if (last.ok) return attempt;
    if (attempt <= hook.retries) await pause(hook.retry_interval, s.run.signal);
  }
  throw new Error(`${hook.title}: ${last?.errorMessage ?? 'the webhook could not be delivered'}`);
}

/** The deliveries of an Email, chat or messaging hook: built and sent here one after the other, in its turn. */
function deliverHere(s: JobScope, group: HookGroup, hook: Hook): Promise<Outcome[]> {
  return s.order.inTurn(group.ticket, async () => {
    const out: Outcome[] = [];
    for (const d of group.planned) {
      try {
        out.push({ status: 'fulfilled', value: await sendHere(s, d, hook) });
      } catch (reason) {
        out.push({ status: 'rejected', reason });
      }
    }
    return out;
  });
}

/**
 * The deliveries of a URL hook: handed to the delivery thread together in the hook's turn (one message). The
 * thread keeps each hook's deliveries in the order handed over, so the turn passes on once they are handed
 * over, not sent.
 */
async function deliverOnThread(
  s: JobScope,
  group: HookGroup,
  hook: Hook & { notification: UrlDelivery['hook']['notification'] },
): Promise<Outcome[]> {
  const level = s.ctx.config.automationLogLevel;
  const sendings = await s.order.inTurn(group.ticket, async () => {
    s.run.throwIfCancelled();
    // One object for all of them, so the message to the thread carries it once.
    const target: UrlDelivery['hook'] = {
      id: hook.id,
      notification: hook.notification,
      timeout: hook.timeout,
      retries: hook.retries,
      retry_interval: hook.retry_interval,
      version: hook.version,
    };
    return group.planned.map((d) => {
      const delivery: UrlDelivery = {
        hook: target,
        ...(d.payload ? { payload: d.payload } : { write: d.write }),
        allowLocal: s.ctx.config.allowLocalHooks,
        logLevel: level,
      };
      return s.thread.deliver(delivery, (a) => {
        if (a.payload && shouldLog(level, a.result))
          s.logs.add(logEntryOf(hook, d, { ...a, payload: a.payload }));
      });
    });
  });
  return Promise.all(
    sendings.map(async (sending): Promise<Outcome> => {
      s.cancels.add(sending.cancel);
      if (s.run.signal.aborted) sending.cancel();
      const outcome = await sending.done;
      s.cancels.delete(sending.cancel);
      if (outcome.ok) return { status: 'fulfilled', value: outcome.attempts };
      // (A cancelled job's message is the queue's, whatever this one says.)
      const why = outcome.cancelled
        ? 'stopped with the server before it was delivered'
        : (outcome.errorMessage ?? 'the webhook could not be delivered');
      return { status: 'rejected', reason: new Error(`${hook.title}: ${why}`) };
    }),
  );
}

/**
 * The hooks a job of writes may deliver to: the active hooks of their tables, from memory (`active-hooks.ts`,
 * forgotten on every change of a hook, so a hook switched off or deleted after the write is missing here and
 * sends nothing), instead of a meta query per job (docs/webhooks.md "Cost on the write path").
 */
async function activeHooksOfWrites(ctx: AppContext, writes: WriteDeliveries[]): Promise<Map<string, Hook>> {
  const out = new Map<string, Hook>();
  for (const tableId of new Set(writes.map((w) => w.event.tableId)))
    for (const { hook } of await activeHooks(ctx.db, tableId)) out.set(hook.id, hook);
  return out;
}

/**
 * Delivers to every hook side by side, each hook's deliveries after its earlier ones (one place in its line
 * per job), each delivery with its own retries; the job fails if any delivery failed.
 */
export async function runDelivery(
  ctx: AppContext,
  run: JobRun<DeliveriesInput>,
  order: DeliveryOrder,
  thread: DeliveryThread,
): Promise<{ attempts: number[] }> {
  const repo = new HooksRepo(ctx.db);
  const groups = plannedByHook(run.input);
  const hooks = run.input.deliveries?.length
    ? await repo.byIds([...groups.keys()])
    : await activeHooksOfWrites(ctx, run.input.writes ?? []);
  const scope: JobScope = { ctx, run, hooks, logs: new LogBuffer(repo), order, thread, cancels: new Set() };
  const cancel = () => scope.cancels.forEach((c) => c());
  run.signal.addEventListener('abort', cancel, { once: true });
  const results: Outcome[] = [];
  await Promise.all(
    [...groups].map(async ([hookId, group]) => {
      const hook = hooks.get(hookId);
      let outcomes: Outcome[];
      try {
        // A hook removed or switched off after the write no longer sends (its turn passes on at once).
        if (!hook || !hook.active) {
          outcomes = await order.inTurn(group.ticket, async () =>
            group.planned.map((): Outcome => ({ status: 'fulfilled', value: 0 })),
          );
        } else {
          const n = hook.notification;
          outcomes =
            n.type === 'URL'
              ? await deliverOnThread(scope, group, { ...hook, notification: n })
              : await deliverHere(scope, group, hook);
        }
      } catch (reason) {
        outcomes = group.planned.map((): Outcome => ({ status: 'rejected', reason }));
      }
      group.planned.forEach((d, i) => (results[d.index] = outcomes[i]!));
    }),
  );
  run.signal.removeEventListener('abort', cancel);
  await scope.logs.settle();
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) throw new Error(failed.map((f) => (f.reason as Error).message).join('; '));
  return { attempts: results.map((r) => (r as PromiseFulfilledResult<number>).value) };
}
