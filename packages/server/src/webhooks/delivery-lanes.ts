/**
 * The sending side of the delivery thread: deliveries arrive in the order they were handed over, and each
 * hook's go one after another (a delivery being retried holds back the hook's later ones), while different
 * hooks send side by side. The deliveries of a hook waiting together go out pipelined on one connection (their
 * first attempts in one write; docs/webhooks.md "Pipelined deliveries"). What happened goes back in one message per 10 ms, however many deliveries moved.
 * Runs inside the delivery thread, or on the app thread when no thread can start. See docs/webhooks.md
 * "Cost on the write path" and "Order".
 */
import type { HookPayload } from './hook-payload.js';
import { sendHookRequests } from './hook-sender.js';
import {
  httpAttempt,
  payloadOfDelivery,
  runUrlDelivery,
  urlRequest,
  type AttemptReport,
  type DeliveryOutcome,
  type SentAttempt,
  type UrlDelivery,
} from './url-delivery.js';

const REPLY_MS = 10;
/** At most this many deliveries of a hook go out pipelined in one write. */
const MAX_PIPELINED = 64;

/** From the app thread: deliveries to send (in hand-over order) and keys of deliveries to stop. */
export interface ToSender {
  deliver?: { key: number; delivery: UrlDelivery }[];
  cancel?: number[];
}

/** To the app thread: the attempts made that are to be logged, and the deliveries finished since the last message. */
export interface FromSender {
  attempts: { key: number; report: AttemptReport }[];
  done: { key: number; outcome: DeliveryOutcome }[];
}

/**
 * The rows a delivery carries, by key; undefined when they are not known (a write by filter, a manual trigger's
 * ready-made payload).
 */
function rowKeys(d: UrlDelivery): string[] | undefined {
  const w = d.write;
  const ids = w?.event.ids;
  if (!ids) return undefined;
  return (w.rows ? w.rows.map((i) => ids[i]) : ids).map(String);
}

/**
 * How many of a hook's waiting deliveries go out together: at most `MAX_PIPELINED`, and never two of the same
 * row, so a row's next delivery is sent only once the previous one was answered, retried or given up (a
 * delivery whose rows are not known goes alone). See docs/webhooks.md "Pipelined deliveries".
 */
function groupLength(waiting: readonly { delivery: UrlDelivery }[]): number {
  const seen = new Set<string>();
  let n = 0;
  for (; n < waiting.length && n < MAX_PIPELINED; n++) {
    const keys = rowKeys(waiting[n]!.delivery);
    if (!keys) return Math.max(n, 1);
    if (keys.some((k) => seen.has(k))) return n;
    for (const k of keys) seen.add(k);
  }
  return n;
}

/** Returns the handler of messages from the app thread; `post` carries the replies back. */
export function deliveryLanes(post: (m: FromSender) => void): (m: ToSender) => void {
  const running = new Map<number, AbortController>();
  let reply: FromSender | undefined;
  // Answers wait a few milliseconds to go together: each message costs the app thread a wake-up, and the
  // answers only settle jobs and add log rows (the next delivery of a hook does not wait for them).
  const out = (): FromSender => {
    if (!reply) {
      reply = { attempts: [], done: [] };
      setTimeout(() => {
        const m = reply!;
        reply = undefined;
        post(m);
      }, REPLY_MS);
    }
    return reply;
  };

  interface Waiting {
    key: number;
    delivery: UrlDelivery;
    abort: AbortController;
  }
  const lanes = new Map<string, { waiting: Waiting[]; busy: boolean }>();

  const finish = (key: number, outcome: DeliveryOutcome) => {
    running.delete(key);
    out().done.push({ key, outcome });
  };

  const send = async ({ key, delivery, abort }: Waiting, sent?: SentAttempt): Promise<void> => {
    let outcome: DeliveryOutcome;
    try {
      // Only the attempts to be logged go back (they carry their payload): the others would cross over for
      // nothing (NC_AUTOMATION_LOG_LEVEL is OFF by default).
      outcome = await runUrlDelivery(
        delivery,
        abort.signal,
        (report) => {
          if (report.payload) out().attempts.push({ key, report });
        },
        sent,
      );
    } catch (e) {
      // Building the payload or the request failed (a bad URL): no attempt could be made.
      outcome = { ok: false, attempts: 0, cancelled: false, errorMessage: (e as Error).message };
    }
    finish(key, outcome);
  };

  /**
   * A hook's deliveries, in order: their first attempts pipelined, then, from the first that failed on, each
   * one's further attempts one after another (those behind a failed one reached the receiver before it, so
   * they go again after it: at least once, in order).
   */
  const sendGroup = async (group: Waiting[]): Promise<void> => {
    const ready: { w: Waiting; payload: HookPayload; request: ReturnType<typeof urlRequest> }[] = [];
    for (const w of group) {
      if (w.abort.signal.aborted) {
        finish(w.key, { ok: false, attempts: 0, cancelled: true, errorMessage: null });
        continue;
      }
      try {
        const payload = payloadOfDelivery(w.delivery);
        const h = w.delivery.hook;
        ready.push({
          w,
          payload,
          request: urlRequest(h.notification, h.timeout, payload, w.delivery.allowLocal),
        });
      } catch (e) {
        finish(w.key, { ok: false, attempts: 0, cancelled: false, errorMessage: (e as Error).message });
      }
    }
    if (ready.length < 2) {
      for (const r of ready) await send(r.w);
      return;
    }
    const started = Date.now();
    const answers = await sendHookRequests(ready.map((r) => r.request));
    const executionTime = Date.now() - started;
    let failed = false;
    for (let i = 0; i < ready.length; i++) {
      const a = answers[i]!;
      const result = await httpAttempt(() => (a instanceof Error ? Promise.reject(a) : Promise.resolve(a)));
      await send(ready[i]!.w, { payload: ready[i]!.payload, result, executionTime, again: failed });
      if (!result.ok) failed = true;
    }
  };

  const pump = (id: string) => {
    const lane = lanes.get(id);
    if (!lane || lane.busy) return;
    if (!lane.waiting.length) return void lanes.delete(id);
    const group = lane.waiting.splice(0, groupLength(lane.waiting));
    lane.busy = true;
    const sending = group.length === 1 ? send(group[0]!) : sendGroup(group);
    // Nothing is left hanging: a delivery the group did not finish ends as failed.
    void sending
      .catch((e: unknown) => {
        for (const w of group)
          if (running.get(w.key) === w.abort)
            finish(w.key, { ok: false, attempts: 0, cancelled: false, errorMessage: (e as Error).message });
      })
      .finally(() => {
        lane.busy = false;
        pump(id);
      });
  };

  return (m) => {
    for (const key of m.cancel ?? []) running.get(key)?.abort();
    const touched = new Set<string>();
    for (const { key, delivery } of m.deliver ?? []) {
      const abort = new AbortController();
      running.set(key, abort);
      const id = delivery.hook.id;
      let lane = lanes.get(id);
      if (!lane) lanes.set(id, (lane = { waiting: [], busy: false }));
      lane.waiting.push({ key, delivery, abort });
      touched.add(id);
    }
    for (const id of touched) pump(id);
  };
}
