/**
 * Contracts of view filters (docs/api-compatibility.md Filters): a condition on one field, or a group (`is_group`) whose
 * children hang off it by `fk_parent_id`; `logical_op` joins a filter to the ones before it at its level.
 * Which comparison a field allows is checked against its type by the server.
 */
import { z } from 'zod';

export const LOGICAL_OPS = ['and', 'or', 'not'] as const;
export type LogicalOp = (typeof LOGICAL_OPS)[number];

const id = z.string().min(1).max(64);
const value = z
  .union([z.string().max(10000), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))])
  .nullable();

export const createFilterBody = z.object({
  fk_column_id: id.nullable().optional(),
  fk_parent_id: id.nullable().optional(),
  is_group: z.boolean().optional(),
  logical_op: z.enum(LOGICAL_OPS, { error: 'logical_op must be and, or or not' }).optional(),
  comparison_op: z.string().max(32).nullable().optional(),
  comparison_sub_op: z.string().max(32).nullable().optional(),
  value: value.optional(),
  order: z.number().optional(),
  /** NocoDB clients send the children of a new group inline. */
  children: z.array(z.unknown()).optional(),
});
export type CreateFilterBody = z.infer<typeof createFilterBody>;

export const updateFilterBody = createFilterBody.omit({ children: true, is_group: true });
export type UpdateFilterBody = z.infer<typeof updateFilterBody>;

export interface FilterReply {
  id: string;
  fk_view_id: string | null;
  fk_hook_id?: string | null;
  fk_parent_id: string | null;
  fk_column_id: string | null;
  base_id: string;
  source_id: string;
  is_group: boolean;
  logical_op: LogicalOp;
  comparison_op: string | null;
  comparison_sub_op: string | null;
  value: string | null;
  order: number;
  children?: FilterReply[];
}
