/**
 * Turns committed row writes into webhook deliveries. The change feed calls us inside the writer's request,
 * so the handler only schedules: on the next turn it reads the table's active hooks (one indexed query) and
 * enqueues a delivery job per hook that hears the operation.
 */
import type { ChangeEvent } from '../changes/change-events.js';
import type { AppContext } from '../context.js';
import { HooksRepo } from './hooks-repo.js';
import { WEBHOOK_JOB, runDelivery, type DeliveriesInput, type DeliveryInput } from './hook-delivery.js';
import { hookHears, operationOf, payloadOf } from './hook-payload.js';

async function dispatch(ctx: AppContext, e: ChangeEvent): Promise<void> {
  if (e.type !== 'rows.inserted' && e.type !== 'rows.updated' && e.type !== 'rows.deleted') return;
  const operation = operationOf(e);
  const hooks = (await new HooksRepo(ctx.db).activeForTable(e.tableId)).filter((h) =>
    hookHears(h, operation),
  );
  if (!hooks.length) return;
  const table = await ctx.meta.getTable(e.tableId);
  const pkTitle = table.columns.find((c) => c.pk)?.title ?? 'Id';
  const deliveries: DeliveryInput[] = hooks.map((hook) => ({
    hookId: hook.id,
    operation,
    payload: payloadOf(e, hook, { title: table.title, pkTitle }, operation),
    triggeredBy: null,
  }));
  const input: DeliveriesInput = { deliveries };
  await ctx.jobs.enqueue({ kind: WEBHOOK_JOB, input, baseId: e.baseId, userId: null });
}

/** Registers the delivery job kind and the change-feed subscriber; returns the unsubscribe function. */
export function startWebhooks(ctx: AppContext): () => void {
  if (!ctx.jobKinds.has(WEBHOOK_JOB)) {
    ctx.jobKinds.register<DeliveriesInput, unknown>(WEBHOOK_JOB, (run) => runDelivery(ctx, run), {
      title: (input) => input.deliveries[0]?.payload.type ?? 'webhook',
    });
  }
  return ctx.changes.subscribe(
    (e) => {
      setImmediate(() => {
        dispatch(ctx, e).catch((err: unknown) =>
          ctx.log.error({ err, tableId: 'tableId' in e ? e.tableId : null }, 'webhook dispatch failed'),
        );
      });
    },
    { name: 'webhooks', types: ['rows.inserted', 'rows.updated', 'rows.deleted'], previousValues: true },
  );
}
