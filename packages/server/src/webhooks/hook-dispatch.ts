/**
 * Turns committed row writes into webhook deliveries (docs/webhooks.md "Cost on the write path"). The change
 * feed calls us inside the writer's request, so the handler only schedules: on the next turn, and after the
 * previous write of the same table was scheduled (so deliveries follow commit order), it takes the table's
 * active hooks from memory, notes which rows each hook's conditions accept, and adds the write with its hooks
 * to the base's open batch. The open batches become delivery jobs once the app thread is quiet, at the latest
 * 200 ms after the first write (or at once when full), so a burst of writes costs one job, and its job and
 * requests run beside few writes; the job builds the payloads.
 */
import type { ChangeEvent } from '../changes/change-events.js';
import { outsideRequest } from '../audit/request-context.js';
import type { AppContext } from '../context.js';
import { activeHooks, followHookChanges, mayNeedPreviousValues, type ActiveHook } from './active-hooks.js';
import { DeliveryOrder } from './delivery-order.js';
import { DeliveryThread } from './delivery-thread.js';
import { idsMatching, rowMeets } from './hook-conditions.js';
import { WEBHOOK_JOB, runDelivery, type DeliveriesInput, type WriteDeliveries } from './hook-delivery.js';
import { hookHears, operationOf, type RowsEvent } from './hook-payload.js';
import { QuietGate } from './quiet-gate.js';

/** The indexes (in the write) of the rows a hook's conditions accept; undefined when it has none. */
async function rowsHeard(ctx: AppContext, e: RowsEvent, h: ActiveHook): Promise<number[] | undefined> {
  if (!h.where.length) return undefined;
  const ids = e.ids ?? [];
  if (e.type === 'rows.deleted') {
    const { model } = await ctx.tableModels.get(ctx, e.tableId);
    const previous = e.previous ?? [];
    return ids.flatMap((_, i) =>
      previous[i] !== undefined && rowMeets(model, h.where, previous[i]!) ? [i] : [],
    );
  }
  const matched = await idsMatching(ctx, e.tableId, h.where, ids);
  return ids.flatMap((id, i) => (matched.has(String(id)) ? [i] : []));
}

/**
 * How many deliveries a batch holds at most. Batches stay open while the app thread is busy, at most 200 ms
 * (`QuietGate`), so the jobs and the requests they send run beside few writes, and deliveries stay far inside
 * the second the product promises (docs/webhooks.md "Deliveries in quiet moments").
 */
const BATCH_MAX = 1000;

/** Writes waiting to become one job, per base. */
class Batches {
  private readonly open = new Map<string, { writes: WriteDeliveries[]; size: number }>();
  private readonly gate = new QuietGate();

  constructor(
    private readonly ctx: AppContext,
    private readonly order: DeliveryOrder,
  ) {}

  add(baseId: string, write: WriteDeliveries): void {
    let batch = this.open.get(baseId);
    if (!batch) {
      batch = { writes: [], size: 0 };
      this.open.set(baseId, batch);
      this.gate.whenQuiet(this.flushOpen);
    }
    batch.writes.push(write);
    batch.size += write.hooks.length;
    if (batch.size >= BATCH_MAX) void this.flush(baseId);
  }

  private readonly flushOpen = (): void => {
    for (const baseId of [...this.open.keys()]) void this.flush(baseId);
  };

  private flush(baseId: string): Promise<void> {
    const batch = this.open.get(baseId);
    if (!batch) return Promise.resolve();
    this.open.delete(baseId);
    // The job's place in the line of each hook it delivers to: batches are queued in the order their writes
    // were scheduled, which is commit order (docs/webhooks.md "Order").
    const tickets: Record<string, string> = {};
    for (const w of batch.writes) for (const h of w.hooks) tickets[h.hookId] ??= this.order.reserve(h.hookId);
    const input: DeliveriesInput = { writes: batch.writes, tickets };
    return this.ctx.jobs.enqueue({ kind: WEBHOOK_JOB, input, baseId, userId: null }).then(
      () => undefined,
      (err: unknown) => {
        for (const ticket of Object.values(tickets)) this.order.release(ticket);
        this.ctx.log.error({ err, baseId }, 'webhook deliveries could not be queued');
      },
    );
  }

  /** Queues every open batch now (the server is stopping: they are kept as waiting jobs). */
  async flushAll(): Promise<void> {
    const flushing = [...this.open.keys()].map((baseId) => this.flush(baseId));
    this.gate.open();
    await Promise.all(flushing);
  }
}

async function dispatch(ctx: AppContext, batches: Batches, e: RowsEvent): Promise<void> {
  const operation = operationOf(e);
  const active = (await activeHooks(ctx.db, e.tableId)).filter((h) => hookHears(h.hook, operation));
  if (!active.length) return;
  const { model } = await ctx.tableModels.get(ctx, e.tableId);
  const hooks: WriteDeliveries['hooks'] = [];
  for (const h of active) {
    const rows = await rowsHeard(ctx, e, h);
    if (rows && !rows.length) continue;
    hooks.push(rows ? { hookId: h.hook.id, rows } : { hookId: h.hook.id });
  }
  if (!hooks.length) return;
  batches.add(e.baseId, {
    event: e,
    operation,
    table: { title: model.title, pkTitle: model.pk?.title ?? 'Id' },
    hooks,
  });
}

/** Registers the delivery job kind and the change-feed subscriber; returns the stop function. */
export function startWebhooks(ctx: AppContext): () => Promise<void> {
  const order = new DeliveryOrder();
  const batches = new Batches(ctx, order);
  const thread = new DeliveryThread((err) => ctx.log.error({ err }, 'the webhook delivery thread failed'));
  if (!ctx.jobKinds.has(WEBHOOK_JOB)) {
    ctx.jobKinds.register<DeliveriesInput, unknown>(
      WEBHOOK_JOB,
      (run) => runDelivery(ctx, run, order, thread),
      {
        title: (input) =>
          input.deliveries?.[0]?.payload.type ??
          (input.writes?.[0] ? `records.after.${input.writes[0].operation}` : 'webhook'),
      },
    );
  }
  // Per table, the writes waiting to be scheduled, in commit order, and the loop that schedules them one after
  // another from the next turn on (one loop per table and burst, not a chain of promises per write).
  const waiting = new Map<string, RowsEvent[]>();
  const loops = new Set<Promise<void>>();
  const drain = async (tableId: string, queue: RowsEvent[]) => {
    await new Promise<void>((r) => setImmediate(r));
    for (let e = queue.shift(); e; e = queue.shift()) {
      await dispatch(ctx, batches, e).catch((err: unknown) =>
        ctx.log.error({ err, tableId }, 'webhook dispatch failed'),
      );
    }
    waiting.delete(tableId);
  };
  const stopFollowing = followHookChanges(ctx);
  const unsubscribe = ctx.changes.subscribe(
    (e: ChangeEvent) => {
      if (e.type !== 'rows.inserted' && e.type !== 'rows.updated' && e.type !== 'rows.deleted') return;
      const queue = waiting.get(e.tableId);
      if (queue) return void queue.push(e);
      const fresh = [e];
      waiting.set(e.tableId, fresh);
      // Outside the writer's request, so the loop does not keep the request alive.
      const loop = outsideRequest(() => drain(e.tableId, fresh));
      loops.add(loop);
      void loop.finally(() => loops.delete(loop));
    },
    {
      name: 'webhooks',
      types: ['rows.inserted', 'rows.updated', 'rows.deleted'],
      previousValues: (tableId) => mayNeedPreviousValues(ctx.db, tableId),
    },
  );
  return async () => {
    unsubscribe();
    stopFollowing();
    await Promise.all(loops);
    await batches.flushAll();
    // Not awaited: the job queue stops after us and cancels the jobs whose deliveries the thread still has.
    void thread.close();
  };
}
