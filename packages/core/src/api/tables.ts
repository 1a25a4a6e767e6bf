/** Contracts of the tables endpoints (docs/api-compatibility.md Tables). */
import { z } from 'zod';
import { titleSchema } from './bases.js';
import { columnBody } from './columns.js';

export const createTableBody = z
  .looseObject({
    table_name: z.string().max(255).optional(),
    title: titleSchema('Table title').optional(),
    description: z.string().max(4096).nullish(),
    meta: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
    columns: z.array(columnBody).optional(),
  })
  .refine((b) => b.title !== undefined || (b.table_name !== undefined && b.table_name.trim() !== ''), {
    message: 'Missing table name `table_name` property in request body',
    path: ['table_name'],
  });
export type CreateTableBody = z.infer<typeof createTableBody>;

export const updateTableBody = z.looseObject({
  title: titleSchema('Table title').optional(),
  table_name: z.string().max(255).optional(),
  description: z.string().max(4096).nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()]).nullish(),
  order: z.number().optional(),
});
export type UpdateTableBody = z.infer<typeof updateTableBody>;

export const reorderTableBody = z.looseObject({ order: z.number({ error: 'order must be a number' }) });

export const duplicateTableBody = z.looseObject({
  options: z
    .looseObject({ excludeData: z.boolean().optional(), excludeViews: z.boolean().optional() })
    .optional(),
  title: z.string().optional(),
});
