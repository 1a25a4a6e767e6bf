/**
 * Writes audit entries off the request's path: entries queued during one turn of the event loop are inserted
 * together, in one statement, on the next (docs/audit.md#cost). A failed insert is logged and never reaches the
 * change it describes.
 */
import type { AppContext } from '../context.js';
import { newId } from '../meta/ids.js';

export interface AuditRow {
  user: string | null;
  ip: string | null;
  base_id: string | null;
  fk_model_id?: string | null;
  row_id?: string | null;
  op_type: string;
  op_sub_type: string;
  description: string;
  details?: string | null;
  created_at: number;
}

/** Rows per insert statement (keeps far below every dialect's bound-parameter limit). */
const CHUNK = 200;

export function auditWriter(ctx: Pick<AppContext, 'db' | 'log'>): (row: AuditRow) => void {
  let queue: Record<string, unknown>[] = [];
  const flush = async () => {
    const rows = queue;
    queue = [];
    for (let i = 0; i < rows.length; i += CHUNK) await ctx.db('rb_audits').insert(rows.slice(i, i + CHUNK));
  };
  return (row) => {
    if (!queue.length)
      setImmediate(() => void flush().catch((err: unknown) => ctx.log.error({ err }, 'audit write failed')));
    queue.push({ id: newId('audit'), fk_model_id: null, row_id: null, details: null, ...row });
  };
}
