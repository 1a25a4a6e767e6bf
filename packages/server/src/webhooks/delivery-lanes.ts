/**
 * The sending side of the delivery thread: deliveries arrive in the order they were handed over, and each
 * hook's go one after another (a delivery being retried holds back the hook's later ones), while different
 * hooks send side by side. What happened goes back in one message per 10 ms, however many deliveries moved.
 * Runs inside the delivery thread, or on the app thread when no thread can start. See docs/webhooks.md
 * "Cost on the write path" and "Order".
 */
import {
  runUrlDelivery,
  type AttemptReport,
  type DeliveryOutcome,
  type UrlDelivery,
} from './url-delivery.js';

const REPLY_MS = 10;

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

/** Returns the handler of messages from the app thread; `post` carries the replies back. */
export function deliveryLanes(post: (m: FromSender) => void): (m: ToSender) => void {
  const lanes = new Map<string, Promise<void>>();
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

  const send = async (key: number, delivery: UrlDelivery, abort: AbortController): Promise<void> => {
    let outcome: DeliveryOutcome;
    try {
      // Only the attempts to be logged go back (they carry their payload): the others would cross over for
      // nothing (NC_AUTOMATION_LOG_LEVEL is OFF by default).
      outcome = await runUrlDelivery(delivery, abort.signal, (report) => {
        if (report.payload) out().attempts.push({ key, report });
      });
    } catch (e) {
      // Building the payload or the request failed (a bad URL): no attempt could be made.
      outcome = { ok: false, attempts: 0, cancelled: false, errorMessage: (e as Error).message };
    }
    running.delete(key);
    out().done.push({ key, outcome });
  };

  return (m) => {
    for (const key of m.cancel ?? []) running.get(key)?.abort();
    for (const { key, delivery } of m.deliver ?? []) {
      const abort = new AbortController();
      running.set(key, abort);
      const lane = delivery.hook.id;
      const next = (lanes.get(lane) ?? Promise.resolve()).then(() => send(key, delivery, abort));
      lanes.set(lane, next);
      void next.then(() => {
        if (lanes.get(lane) === next) lanes.delete(lane);
      });
    }
  };
}
