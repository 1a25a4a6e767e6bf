/**
 * Audit entries for meta changes (docs/behaviour/limits.md#codes-and-enumerations audit types TABLE, TABLE_COLUMN, PROJECT, META with operations
 * CREATE, UPDATE, DELETE, RENAME), listed by GET /projects/{id}/audits. A failed audit write never fails
 * the change it describes.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { newId } from '../meta/ids.js';

export type AuditType = 'PROJECT' | 'TABLE' | 'TABLE_COLUMN' | 'META';
export type AuditOp = 'CREATE' | 'UPDATE' | 'DELETE' | 'RENAME';

export async function auditMeta(
  ctx: Pick<AppContext, 'db'>,
  req: FastifyRequest,
  entry: { baseId: string; tableId?: string | null; type: AuditType; op: AuditOp; description: string },
): Promise<void> {
  try {
    await ctx.db('rb_audits').insert({
      id: newId('audit'),
      user: req.principal?.user.email ?? null,
      ip: req.ip ?? null,
      base_id: entry.baseId,
      fk_model_id: entry.tableId ?? null,
      op_type: entry.type,
      op_sub_type: entry.op,
      description: entry.description,
      created_at: Date.now(),
    });
  } catch (err) {
    req.log.warn({ err }, 'audit write failed');
  }
}
