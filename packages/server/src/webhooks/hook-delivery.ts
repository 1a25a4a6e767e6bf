/**
 * Delivering a webhook: a job of kind `webhook-delivery` per triggered hook, so the write's request never
 * waits on the network. Each attempt is logged (status and answer, or the error); a failed attempt is
 * retried `retries` times, `retry_interval` ms apart. A 2xx answer is a success.
 */
import type { AppContext } from '../context.js';
import type { JobRun } from '../jobs/job-queue.js';
import type { Hook } from './hooks-repo.js';
import { HooksRepo } from './hooks-repo.js';
import type { HookPayload } from './hook-payload.js';
import { HookSendError, sendHookRequest, type HookResponse } from './hook-sender.js';

export const WEBHOOK_JOB = 'webhook-delivery';

export interface DeliveryInput {
  hookId: string;
  operation: string;
  payload: HookPayload;
  triggeredBy: string | null;
}

export interface AttemptResult {
  ok: boolean;
  response?: HookResponse;
  errorCode: string | null;
  errorMessage: string | null;
}

function requestOf(hook: Pick<Hook, 'notification' | 'timeout'>, payload: HookPayload, allowLocal: boolean) {
  const n = hook.notification.payload;
  const url = new URL(n.path);
  for (const p of n.parameters) if (p.enabled !== false && p.name) url.searchParams.append(p.name, p.value);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const h of n.headers) if (h.enabled !== false && h.name) headers[h.name.toLowerCase()] = h.value;
  return {
    method: n.method,
    url: url.toString(),
    headers,
    body: JSON.stringify(payload),
    timeoutMs: hook.timeout,
    allowLocal,
  };
}

/** One attempt, logged. */
export async function attemptDelivery(
  ctx: AppContext,
  hook: Pick<Hook, 'id' | 'base_id' | 'notification' | 'timeout' | 'event'>,
  input: DeliveryInput,
  meta: { attempt: number; testCall: boolean },
): Promise<AttemptResult> {
  // A test of a hook not saved yet has nowhere to keep its log.
  const started = Date.now();
  let result: AttemptResult;
  try {
    const response = await sendHookRequest(requestOf(hook, input.payload, ctx.config.allowLocalHooks));
    const ok = response.status >= 200 && response.status < 300;
    result = {
      ok,
      response,
      errorCode: ok ? null : `HTTP_${response.status}`,
      errorMessage: ok ? null : `The receiver answered ${response.status} ${response.statusText}`.trim(),
    };
  } catch (e) {
    const code = e instanceof HookSendError ? e.code : 'NETWORK';
    result = { ok: false, errorCode: code, errorMessage: (e as Error).message };
  }
  if (!hook.id) return result;
  await new HooksRepo(ctx.db).addLog({
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
  });
  return result;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/** One write's deliveries: every hook it triggered, in one job (fewer queue writes than a job per hook). */
export interface DeliveriesInput {
  deliveries: DeliveryInput[];
}

async function deliverOne(
  ctx: AppContext,
  run: JobRun<DeliveriesInput>,
  input: DeliveryInput,
): Promise<number> {
  const hook = await new HooksRepo(ctx.db).byId(input.hookId);
  // A hook removed or switched off after the write no longer sends.
  if (!hook || !hook.active) return 0;
  let last: AttemptResult | undefined;
  for (let attempt = 1; attempt <= hook.retries + 1; attempt++) {
    run.throwIfCancelled();
    last = await attemptDelivery(ctx, hook, input, { attempt, testCall: false });
    if (last.ok) return attempt;
    if (attempt <= hook.retries) await pause(hook.retry_interval, run.signal);
  }
  throw new Error(`${hook.title}: ${last?.errorMessage ?? 'the webhook could not be delivered'}`);
}

/** Delivers to every hook side by side, each with its own retries; the job fails if any delivery failed. */
export async function runDelivery(
  ctx: AppContext,
  run: JobRun<DeliveriesInput>,
): Promise<{ attempts: number[] }> {
  const results = await Promise.allSettled(run.input.deliveries.map((d) => deliverOne(ctx, run, d)));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length) throw new Error(failed.map((f) => (f.reason as Error).message).join('; '));
  return { attempts: results.map((r) => (r as PromiseFulfilledResult<number>).value) };
}
