/**
 * Turns committed row writes into webhook deliveries. The change feed calls us inside the writer's request,
 * so the handler only schedules: on the next turn, and after the previous write of the same table was
 * scheduled (so deliveries follow commit order), it takes the table's active hooks from memory, keeps the
 * rows each hook's conditions accept, and adds a delivery per hook to the base's open batch. A batch becomes
 * one delivery job a few milliseconds later (or at once when full), so a burst of writes costs one job.
 */
import type { ChangeEvent, ChangeOf } from '../changes/change-events.js';
import type { AppContext } from '../context.js';
import { activeHooks, type ActiveHook } from './active-hooks.js';
import { DeliveryOrder } from './delivery-order.js';
import { idsMatching, rowMeets } from './hook-conditions.js';
import { WEBHOOK_JOB, runDelivery, type DeliveriesInput, type DeliveryInput } from './hook-delivery.js';
import { hookHears, operationOf, payloadOf, type HookPayload } from './hook-payload.js';

type RowsEvent = ChangeOf<'rows.inserted'> | ChangeOf<'rows.updated'> | ChangeOf<'rows.deleted'>;

/** The payload with only the rows at `keep` (and their previous values). */
function onlyRows(payload: HookPayload, keep: (i: number) => boolean): HookPayload {
  const data = { ...payload.data, rows: payload.data.rows.filter((_, i) => keep(i)) };
  if (payload.data.previous_rows) data.previous_rows = payload.data.previous_rows.filter((_, i) => keep(i));
  return { ...payload, data };
}

/** Which rows of the write meet a hook's conditions (by index in the event); null means all. */
async function rowsHeard(
  ctx: AppContext,
  e: RowsEvent,
  h: ActiveHook,
): Promise<((i: number) => boolean) | null> {
  if (!h.where.length) return null;
  const ids = e.ids ?? [];
  if (e.type === 'rows.deleted') {
    const { model } = await ctx.tableModels.get(ctx, e.tableId);
    const previous = e.previous ?? [];
    return (i) => previous[i] !== undefined && rowMeets(model, h.where, previous[i]!);
  }
  const matched = await idsMatching(ctx, e.tableId, h.where, ids);
  return (i) => ids[i] !== undefined && matched.has(String(ids[i]));
}

/** How long a batch stays open for more deliveries, and how many it holds at most. */
const BATCH_MS = 25;
const BATCH_MAX = 200;

/** Deliveries waiting to become one job, per base. */
class Batches {
  private readonly open = new Map<string, { deliveries: DeliveryInput[]; timer: NodeJS.Timeout }>();

  constructor(
    private readonly ctx: AppContext,
    private readonly order: DeliveryOrder,
  ) {}

  add(baseId: string, deliveries: DeliveryInput[]): void {
    let batch = this.open.get(baseId);
    if (!batch) {
      batch = { deliveries: [], timer: setTimeout(() => this.flush(baseId), BATCH_MS) };
      this.open.set(baseId, batch);
    }
    batch.deliveries.push(...deliveries);
    if (batch.deliveries.length >= BATCH_MAX) this.flush(baseId);
  }

  private flush(baseId: string): Promise<void> {
    const batch = this.open.get(baseId);
    if (!batch) return Promise.resolve();
    this.open.delete(baseId);
    clearTimeout(batch.timer);
    const input: DeliveriesInput = { deliveries: batch.deliveries };
    return this.ctx.jobs.enqueue({ kind: WEBHOOK_JOB, input, baseId, userId: null }).then(
      () => undefined,
      (err: unknown) => {
        for (const d of batch.deliveries) this.order.release(d.ticket);
        this.ctx.log.error({ err, baseId }, 'webhook deliveries could not be queued');
      },
    );
  }

  /** Queues every open batch now (the server is stopping: they are kept as waiting jobs). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((baseId) => this.flush(baseId)));
  }
}

async function dispatch(
  ctx: AppContext,
  order: DeliveryOrder,
  batches: Batches,
  e: RowsEvent,
): Promise<void> {
  const operation = operationOf(e);
  const hooks = (await activeHooks(ctx.db, e.tableId)).filter((h) => hookHears(h.hook, operation));
  if (!hooks.length) return;
  const { model } = await ctx.tableModels.get(ctx, e.tableId);
  const table = { title: model.title, pkTitle: model.pk?.title ?? 'Id' };
  const deliveries: DeliveryInput[] = [];
  for (const h of hooks) {
    let payload = payloadOf(e, h.hook, table, operation);
    const keep = await rowsHeard(ctx, e, h);
    if (keep) {
      payload = onlyRows(payload, keep);
      if (!payload.data.rows.length) continue;
    }
    deliveries.push({
      hookId: h.hook.id,
      operation,
      payload,
      triggeredBy: null,
      ticket: order.reserve(h.hook.id),
    });
  }
  if (deliveries.length) batches.add(e.baseId, deliveries);
}

/** Registers the delivery job kind and the change-feed subscriber; returns the stop function. */
export function startWebhooks(ctx: AppContext): () => Promise<void> {
  const order = new DeliveryOrder();
  const batches = new Batches(ctx, order);
  if (!ctx.jobKinds.has(WEBHOOK_JOB)) {
    ctx.jobKinds.register<DeliveriesInput, unknown>(WEBHOOK_JOB, (run) => runDelivery(ctx, run, order), {
      title: (input) => input.deliveries[0]?.payload.type ?? 'webhook',
    });
  }
  // Per table, the scheduling of the previous write: the next one waits for it.
  const tails = new Map<string, Promise<void>>();
  const unsubscribe = ctx.changes.subscribe(
    (e: ChangeEvent) => {
      if (e.type !== 'rows.inserted' && e.type !== 'rows.updated' && e.type !== 'rows.deleted') return;
      const next = (tails.get(e.tableId) ?? Promise.resolve())
        .then(() => new Promise<void>((r) => setImmediate(r)))
        .then(() => dispatch(ctx, order, batches, e))
        .catch((err: unknown) => ctx.log.error({ err, tableId: e.tableId }, 'webhook dispatch failed'));
      tails.set(e.tableId, next);
      void next.then(() => {
        if (tails.get(e.tableId) === next) tails.delete(e.tableId);
      });
    },
    { name: 'webhooks', types: ['rows.inserted', 'rows.updated', 'rows.deleted'], previousValues: true },
  );
  return async () => {
    unsubscribe();
    await Promise.all(tails.values());
    await batches.flushAll();
  };
}
