/** Filters of the audit lists: by user (e-mail), type, operation, table, row and a time range (ISO dates). */
import type { Knex } from 'knex';
import { z } from 'zod';

const date = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date (ISO 8601)')
  .transform((s) => Date.parse(s));

export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  user: z.string().optional(),
  op_type: z.string().optional(),
  op_sub_type: z.string().optional(),
  fk_model_id: z.string().optional(),
  row_id: z.string().optional(),
  from: date.optional(),
  to: date.optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export function applyAuditFilters<Q extends Knex.QueryBuilder>(q: Q, f: Partial<AuditQuery>): Q {
  if (f.user) q.where('user', f.user);
  if (f.op_type) q.where('op_type', f.op_type);
  if (f.op_sub_type) q.where('op_sub_type', f.op_sub_type);
  if (f.fk_model_id) q.where('fk_model_id', f.fk_model_id);
  if (f.row_id) q.where('row_id', f.row_id);
  if (f.from !== undefined) q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q.where('created_at', '<=', f.to);
  return q;
}
