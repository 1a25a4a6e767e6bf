/**
 * Hands URL hook deliveries to a thread of their own (`delivery-worker.ts`), which builds their payloads and
 * sends them; the app thread only posts them over, gets each attempt back for its log row, and learns when
 * each delivery is done. The thread starts with the first delivery and stays (starting one costs far more
 * than keeping it). Deliveries handed over in one turn go in one message, and the thread answers in batches.
 *
 * Nothing is lost with the thread: a delivery counts as done only when the thread says so, and if the thread
 * stops (it failed, or `restart()`), every delivery not done yet is handed to its successor in the order it was
 * first handed over, so it is sent again, at least once and still in order per hook. Where no thread can be
 * started (three tries that never answered), deliveries are sent from the app thread instead.
 * See docs/webhooks.md "Cost on the write path".
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { deliveryLanes, type FromSender, type ToSender } from './delivery-lanes.js';
import type { AttemptReport, DeliveryOutcome, UrlDelivery } from './url-delivery.js';

const MAX_START_FAILURES = 3;
/** How long a stopping server lets handed-over deliveries finish. */
const CLOSE_GRACE_MS = 3000;

interface Pending {
  delivery: UrlDelivery;
  onAttempt: (a: AttemptReport) => void;
  resolve: (o: DeliveryOutcome) => void;
}

/** The thread's entry: the compiled .js in a build, the .ts source under tsx or the test runner. */
function startWorker(): Worker {
  const js = fileURLToPath(new URL('./delivery-worker.js', import.meta.url));
  if (existsSync(js)) return new Worker(js);
  const ts = fileURLToPath(new URL('./delivery-worker.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).require(${JSON.stringify(ts)}, __filename);`, {
    eval: true,
  });
}

export class DeliveryThread {
  private worker: Worker | undefined;
  /** The app-thread sender, once no thread could be started. */
  private local: ((m: ToSender) => void) | undefined;
  private answered = false;
  private startFailures = 0;
  private readonly pending = new Map<number, Pending>();
  private outbox: ToSender = {};
  private flushing = false;
  private nextKey = 1;
  private closed = false;

  constructor(private readonly onError: (err: unknown) => void = () => undefined) {}

  /**
   * Hands a delivery over; `done` settles once it was sent or given up (or `cancel()` stopped it). `onAttempt`
   * hears the attempts to be logged (per the delivery's `logLevel`).
   */
  deliver(
    delivery: UrlDelivery,
    onAttempt: (a: AttemptReport) => void,
  ): { done: Promise<DeliveryOutcome>; cancel: () => void } {
    const key = this.nextKey++;
    const done = new Promise<DeliveryOutcome>((resolve) => {
      this.pending.set(key, { delivery, onAttempt, resolve });
    });
    if (this.closed) this.settle(key, { ok: false, attempts: 0, cancelled: true, errorMessage: null });
    else this.post({ deliver: [{ key, delivery }] });
    return { done, cancel: () => this.pending.has(key) && this.post({ cancel: [key] }) };
  }

  /** How many deliveries are handed over and not done yet. */
  get size(): number {
    return this.pending.size;
  }

  /** Stops the thread; the deliveries it had not finished go to a new one. */
  async restart(): Promise<void> {
    const w = this.worker;
    if (w) await w.terminate();
  }

  /**
   * Stops the thread once the deliveries it has are done (the server is stopping: the job queue cancels their
   * jobs, which stops their retries), or after `graceMs`; what is left then ends as cancelled.
   */
  async close(graceMs = CLOSE_GRACE_MS): Promise<void> {
    this.closed = true;
    const until = Date.now() + graceMs;
    while (this.pending.size && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    for (const key of [...this.pending.keys()])
      this.settle(key, { ok: false, attempts: 0, cancelled: true, errorMessage: null });
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }

  private post(m: ToSender): void {
    if (m.deliver) (this.outbox.deliver ??= []).push(...m.deliver);
    if (m.cancel) (this.outbox.cancel ??= []).push(...m.cancel);
    if (this.flushing) return;
    this.flushing = true;
    // On the next turn: a job's deliveries become ready over several microtasks, and go in one message.
    setImmediate(() => {
      this.flushing = false;
      const batch = this.outbox;
      this.outbox = {};
      this.send(batch);
    });
  }

  private send(m: ToSender): void {
    if (this.local) return this.local(m);
    const w = this.worker ?? this.start();
    if (w) {
      w.ref();
      w.postMessage(m);
    } else this.local!(m);
  }

  private start(): Worker | undefined {
    if (this.startFailures >= MAX_START_FAILURES) {
      this.local = deliveryLanes((reply) => this.receive(reply));
      return undefined;
    }
    const w = startWorker();
    this.worker = w;
    this.answered = false;
    w.on('message', (reply: FromSender) => {
      if (this.worker !== w) return; // a stopped thread's last words: its deliveries were handed on
      this.answered = true;
      this.startFailures = 0;
      this.receive(reply);
      if (!this.pending.size) w.unref();
    });
    w.on('error', (err) => this.onError(err));
    w.on('exit', () => {
      if (this.worker !== w) return;
      this.worker = undefined;
      if (!this.answered) this.startFailures++;
      if (!this.pending.size) return;
      // Everything not done yet goes to the next thread, in the order it was first handed over (including what
      // waits for the next turn's message, which must not go twice).
      delete this.outbox.deliver;
      this.send({ deliver: [...this.pending].map(([key, p]) => ({ key, delivery: p.delivery })) });
    });
    return w;
  }

  private receive(reply: FromSender): void {
    for (const { key, report } of reply.attempts) this.pending.get(key)?.onAttempt(report);
    for (const { key, outcome } of reply.done) this.settle(key, outcome);
  }

  private settle(key: number, outcome: DeliveryOutcome): void {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    p.resolve(outcome);
  }
}
