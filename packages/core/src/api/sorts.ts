/** Contracts of view sorts (docs/api-compatibility.md Sorts): several per view, applied in `order`. */
import { z } from 'zod';

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const createSortBody = z.object({
  fk_column_id: z.string({ error: 'fk_column_id is required' }).min(1, 'fk_column_id is required').max(64),
  direction: z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }).optional(),
  order: z.number().optional(),
  /** NocoDB clients may insert a new sort before another one. */
  push_to_top: z.boolean().optional(),
});
export type CreateSortBody = z.infer<typeof createSortBody>;

export const updateSortBody = z.object({
  fk_column_id: z.string().min(1).max(64).optional(),
  direction: z.enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' }).optional(),
  order: z.number().optional(),
});
export type UpdateSortBody = z.infer<typeof updateSortBody>;

export interface SortReply {
  id: string;
  fk_view_id: string;
  fk_column_id: string;
  base_id: string;
  direction: SortDirection;
  order: number;
}
