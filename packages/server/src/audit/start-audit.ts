/** Starts the audit trail (docs/audit.md): row and meta recorders on the change feed, and the retention purge. */
import type { AppContext } from '../context.js';
import { scheduleAuditPurge } from './audit-retention.js';
import { startDataAudit } from './data-audit.js';
import { startMetaAudit } from './meta-audit.js';

/** Nothing is recorded when the audit is turned off (`NC_DISABLE_AUDIT=true`). */
export function startAudit(ctx: AppContext): () => Promise<void> {
  if (!ctx.config.auditEnabled) return async () => undefined;
  const stopData = startDataAudit(ctx);
  const stopMeta = startMetaAudit(ctx);
  const stopPurge = scheduleAuditPurge(ctx);
  return async () => {
    stopPurge();
    await Promise.all([stopData(), stopMeta()]);
  };
}
