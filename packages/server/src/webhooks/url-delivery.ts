/**
 * One delivery of a URL hook, from its payload to its last attempt: the payload is built from the write (or
 * given, for a manual trigger), sent through the address guard with the hook's timeout, and retried
 * `retries` times `retry_interval` ms apart. Plain data in and out and no app context, so it runs on the
 * delivery thread (`delivery-thread.ts`) as well as on the app thread. See docs/webhooks.md "Cost on the write
 * path".
 */
import type { AppContext } from '../context.js';
import { renderTemplate } from './hook-message.js';
import { payloadOf, type HookPayload, type RowsEvent } from './hook-payload.js';
import type { HookOperation, UrlNotification } from './hook-schemas.js';
import { HookSendError, sendHookRequest, type HookResponse } from './hook-sender.js';

type AutomationLogLevel = AppContext['config']['automationLogLevel'];

export interface AttemptResult {
  ok: boolean;
  response?: HookResponse;
  errorCode: string | null;
  errorMessage: string | null;
}

/** A URL hook's delivery as handed to the sender: the hook's settings and what to send. */
export interface UrlDelivery {
  hook: {
    id: string;
    notification: UrlNotification;
    timeout: number;
    retries: number;
    retry_interval: number;
    version: 'v2' | 'v3';
  };
  /** A ready-made payload (a manual trigger) ... */
  payload?: HookPayload;
  /** ... or the write it is built from, with the rows the hook's conditions kept (indexes in the write). */
  write?: {
    event: RowsEvent;
    operation: HookOperation;
    table: { title: string; pkTitle: string };
    rows?: number[];
  };
  allowLocal: boolean;
  /** Which attempts the app keeps a log row of (NC_AUTOMATION_LOG_LEVEL); only those carry their payload back. */
  logLevel: AutomationLogLevel;
}

/** One attempt as reported back: the payload only when the attempt is to be logged. */
export interface AttemptReport {
  attempt: number;
  result: AttemptResult;
  executionTime: number;
  payload?: HookPayload;
}

export interface DeliveryOutcome {
  ok: boolean;
  attempts: number;
  cancelled: boolean;
  errorMessage: string | null;
}

/** The request a URL hook makes: the enabled headers and query parameters, the payload or the body template. */
export function urlRequest(n: UrlNotification, timeoutMs: number, payload: HookPayload, allowLocal: boolean) {
  const p = n.payload;
  const url = new URL(p.path);
  for (const q of p.parameters) if (q.enabled !== false && q.name) url.searchParams.append(q.name, q.value);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const h of p.headers) if (h.enabled !== false && h.name) headers[h.name.toLowerCase()] = h.value;
  const body = p.body?.trim() ? renderTemplate(p.body, payload) : JSON.stringify(payload);
  return { method: p.method, url: url.toString(), headers, body, timeoutMs, allowLocal };
}

/** Sends a request; a 2xx answer is a success, anything else (or no answer) a failed attempt. Never throws. */
export async function httpAttempt(send: () => Promise<HookResponse>): Promise<AttemptResult> {
  try {
    const response = await send();
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      response,
      errorCode: ok ? null : `HTTP_${response.status}`,
      errorMessage: ok ? null : `The receiver answered ${response.status} ${response.statusText}`.trim(),
    };
  } catch (e) {
    const code = e instanceof HookSendError ? e.code : 'NETWORK';
    return { ok: false, errorCode: code, errorMessage: (e as Error).message };
  }
}

/** NC_AUTOMATION_LOG_LEVEL decides which attempts are kept (docs/webhooks.md, "Logs"). */
export function shouldLog(level: AutomationLogLevel, result: AttemptResult): boolean {
  if (level === 'ALL') return true;
  return level === 'ERROR' && !result.ok;
}

/** The payload a delivery sends, built once so every attempt sends the same `id`. */
export function payloadOfDelivery(
  d: Pick<UrlDelivery, 'payload' | 'write'> & { hook: Pick<UrlDelivery['hook'], 'version'> },
): HookPayload {
  if (d.payload) return d.payload;
  const w = d.write!;
  const keep = w.rows ? new Set(w.rows) : undefined;
  return payloadOf(w.event, d.hook, w.table, w.operation, keep && ((i) => keep.has(i)));
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/**
 * The first attempt of a delivery when it was already made, pipelined with others of its hook
 * (`delivery-lanes.ts`): its payload, result and time, and whether it must go again even if it succeeded (an
 * earlier delivery of the hook failed, so this one reached the receiver before it: it is sent again after it).
 */
export interface SentAttempt {
  payload: HookPayload;
  result: AttemptResult;
  executionTime: number;
  again: boolean;
}

/** Sends the delivery with its retries, reporting each attempt; stops early once `signal` aborts. */
export async function runUrlDelivery(
  d: UrlDelivery,
  signal: AbortSignal,
  report: (a: AttemptReport) => void,
  sent?: SentAttempt,
): Promise<DeliveryOutcome> {
  const payload = sent?.payload ?? payloadOfDelivery(d);
  let last: AttemptResult | undefined;
  let tries = d.hook.retries + 1;
  let attempt = 1;
  if (sent) {
    last = sent.result;
    const logged = shouldLog(d.logLevel, last);
    report({ attempt, result: last, executionTime: sent.executionTime, ...(logged ? { payload } : {}) });
    if (last.ok && !sent.again) return { ok: true, attempts: attempt, cancelled: false, errorMessage: null };
    // An answer that came out of order costs no retry; a failed one waits its interval as any other.
    if (last.ok) tries++;
    else if (attempt <= d.hook.retries) await pause(d.hook.retry_interval, signal);
    attempt++;
  }
  for (; attempt <= tries; attempt++) {
    if (signal.aborted) return { ok: false, attempts: attempt - 1, cancelled: true, errorMessage: null };
    const started = Date.now();
    last = await httpAttempt(() =>
      sendHookRequest(urlRequest(d.hook.notification, d.hook.timeout, payload, d.allowLocal)),
    );
    const logged = shouldLog(d.logLevel, last);
    report({ attempt, result: last, executionTime: Date.now() - started, ...(logged ? { payload } : {}) });
    if (last.ok) return { ok: true, attempts: attempt, cancelled: false, errorMessage: null };
    if (attempt < tries) await pause(d.hook.retry_interval, signal);
  }
  return {
    ok: false,
    attempts: tries,
    cancelled: false,
    errorMessage: last?.errorMessage ?? null,
  };
}
