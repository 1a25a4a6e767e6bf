/**
 * How long audit entries are kept (docs/audit.md#retention): `audit_retention_days` of the app settings, 0 for
 * forever. A job of the queue purges older entries when the app starts and then every hour.
 */
import type { AppContext } from '../context.js';

export const RETENTION_KEY = 'audit_retention_days';
export const AUDIT_PURGE_JOB = 'audit-purge';
const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export async function auditRetentionDays(ctx: Pick<AppContext, 'db'>): Promise<number> {
  const row = await ctx.db('rb_app_settings').where({ key: RETENTION_KEY }).first('value');
  const days = Number(row?.value ?? 0);
  return Number.isInteger(days) && days > 0 ? days : 0;
}

export async function saveAuditRetentionDays(ctx: Pick<AppContext, 'db'>, days: number): Promise<void> {
  await ctx
    .db('rb_app_settings')
    .insert({ key: RETENTION_KEY, value: String(days) })
    .onConflict('key')
    .merge();
}

/** Deletes the entries older than the retention; answers how many went. */
export async function purgeOldAudits(ctx: Pick<AppContext, 'db'>, now = Date.now()): Promise<number> {
  const days = await auditRetentionDays(ctx);
  if (!days) return 0;
  return ctx
    .db('rb_audits')
    .where('created_at', '<', now - days * DAY_MS)
    .delete();
}

/** Registers the purge job and queues it now and every hour; returns the function that stops the timer. */
export function scheduleAuditPurge(ctx: AppContext): () => void {
  if (!ctx.jobKinds.has(AUDIT_PURGE_JOB))
    ctx.jobKinds.register(AUDIT_PURGE_JOB, async () => ({ deleted: await purgeOldAudits(ctx) }), {
      title: () => 'Purge old audit entries',
    });
  const enqueue = () =>
    void ctx.jobs
      .enqueue({ kind: AUDIT_PURGE_JOB, input: {}, baseId: null, userId: null })
      .catch((err: unknown) => ctx.log.error({ err }, 'audit purge not queued'));
  const timer = setInterval(enqueue, PURGE_EVERY_MS);
  timer.unref();
  enqueue();
  return () => clearInterval(timer);
}
