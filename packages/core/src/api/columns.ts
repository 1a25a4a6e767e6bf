/**
 * Contracts of the columns (fields) endpoints. A column body is NocoDB's: the column props plus, for
 * computed types, their options either in `colOptions` or flat (links: parentId/childId/type; lookups:
 * fk_relation_column_id/fk_lookup_column_id; rollups: + fk_rollup_column_id/rollup_function; formulas:
 * formula_raw).
 */
import { z } from 'zod';
import { UI_TYPES } from '../fields/ui-types.js';
import { flag } from './bases.js';

const strOrNum = z.union([z.string(), z.number()]);

export const selectOption = z.looseObject({
  id: z.string().optional(),
  title: z.string({ error: 'option title is required' }).min(1, 'title cannot be empty').max(255),
  color: z.string().max(64).optional(),
  order: z.number().optional(),
});

export const columnBody = z.looseObject({
  id: z.string().optional(),
  title: z.string().max(255, 'title must be at most 255 characters').optional(),
  column_name: z.string().max(255).nullish(),
  uidt: z.enum(UI_TYPES, { error: 'uidt must be a known UI type' }),
  dt: z.string().max(64).nullish(),
  dtx: z.string().nullish(),
  dtxp: strOrNum.nullish(),
  dtxs: strOrNum.nullish(),
  np: strOrNum.nullish(),
  ns: strOrNum.nullish(),
  clen: strOrNum.nullish(),
  pk: flag.optional(),
  pv: flag.optional(),
  rqd: flag.optional(),
  un: flag.optional(),
  ai: flag.optional(),
  au: flag.optional(),
  unique: flag.optional(),
  system: flag.optional(),
  cdf: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  validate: z.unknown().optional(),
  colOptions: z.looseObject({ options: z.array(selectOption).optional() }).nullish(),
  // links
  parentId: z.string().optional(),
  childId: z.string().optional(),
  type: z.enum(['hm', 'bt', 'mm', 'oo']).optional(),
  // lookups and rollups
  fk_relation_column_id: z.string().optional(),
  fk_lookup_column_id: z.string().optional(),
  fk_rollup_column_id: z.string().optional(),
  rollup_function: z
    .enum(['count', 'min', 'max', 'avg', 'sum', 'countDistinct', 'sumDistinct', 'avgDistinct'])
    .optional(),
  // formulas
  formula_raw: z.string().optional(),
  formula: z.string().optional(),
  column_order: z.looseObject({ order: z.number().optional(), view_id: z.string().optional() }).optional(),
});
export type ColumnBody = z.infer<typeof columnBody>;

export const bulkColumnsBody = z.looseObject({
  hash: z.string().optional(),
  ops: z.array(
    z.looseObject({
      op: z.enum(['add', 'update', 'delete']),
      column: columnBody.partial({ uidt: true }).extend({ id: z.string().optional() }),
    }),
  ),
});
export type BulkColumnsBody = z.infer<typeof bulkColumnsBody>;
