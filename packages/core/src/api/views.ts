/**
 * Contracts of the view endpoints (docs/api-compatibility.md Views): create per type, update, per-view columns, and the
 * per-type settings (grid row height, form texts, gallery cover, kanban grouping, map geo field,
 * calendar date ranges). Field names follow NocoDB so its clients work unchanged.
 */
import { z } from 'zod';
import { ViewType } from './meta.js';

/** Path segment of each view type in `/db/meta/tables/{id}/{segment}` and `/db/meta/{segment}/{id}`. */
export const VIEW_TYPE_OF_SEGMENT = {
  grids: ViewType.GRID,
  forms: ViewType.FORM,
  galleries: ViewType.GALLERY,
  kanbans: ViewType.KANBAN,
  maps: ViewType.MAP,
  calendars: ViewType.CALENDAR,
} as const;
export type ViewSegment = keyof typeof VIEW_TYPE_OF_SEGMENT;

/** Grid row heights: short, medium, tall, extra tall. */
export const ROW_HEIGHTS = { short: 0, medium: 1, tall: 2, extra: 3 } as const;

export const MAX_VIEW_TITLE = 255;

const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(MAX_VIEW_TITLE, `title must be at most ${MAX_VIEW_TITLE} characters`);
const id = z.string().min(1).max(64);
const meta = z.union([z.record(z.string(), z.unknown()), z.string()]).nullable();
const lockType = z.enum(['collaborative', 'locked', 'personal']);

/** A URL a form may redirect to after submit: http or https only. */
export const redirectUrl = z
  .string()
  .trim()
  .max(2048, 'redirect_url must be at most 2048 characters')
  .refine((u) => u === '' || /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(u), {
    message: 'redirect_url must be an http or https URL',
  });

const rangeSchema = z.object({
  fk_from_column_id: id,
  fk_to_column_id: id.nullable().optional(),
});

/** Settings a view of some type may carry; which ones apply is checked against the type by the service. */
export const viewSettingsFields = {
  row_height: z.number().int().min(0, 'row_height must be 0 to 3').max(3, 'row_height must be 0 to 3'),
  heading: z.string().max(255, 'heading must be at most 255 characters').nullable(),
  subheading: z.string().max(10000).nullable(),
  success_msg: z.string().max(10000).nullable(),
  redirect_url: redirectUrl.nullable(),
  redirect_after_secs: z.number().int().min(0).max(3600).nullable(),
  submit_another_form: z.boolean(),
  show_blank_form: z.boolean(),
  email: z.boolean(),
  banner_image_url: z.string().max(2048).nullable(),
  logo_url: z.string().max(2048).nullable(),
  fk_cover_image_col_id: id.nullable(),
  fk_grp_col_id: id.nullable(),
  fk_geo_data_col_id: id.nullable(),
  calendar_range: z.array(rangeSchema).max(10),
};

export const createViewBody = z.object({
  title,
  copy_from_id: id.optional().nullable(),
  order: z.number().optional(),
  meta: meta.optional(),
  show_system_fields: z.boolean().optional(),
  lock_type: lockType.optional(),
  ...partialOf(viewSettingsFields),
});
export type CreateViewBody = z.infer<typeof createViewBody>;

export const updateViewBody = z.object({
  title: title.optional(),
  /** Only true: the view becomes the table's default and the former default an ordinary view. */
  is_default: z.literal(true, { error: 'is_default can only be set to true' }).optional(),
  order: z.number().optional(),
  meta: meta.optional(),
  show_system_fields: z.boolean().optional(),
  lock_type: lockType.optional(),
});
export type UpdateViewBody = z.infer<typeof updateViewBody>;

/** PATCH /db/meta/{grids|forms|...}/{id}: the type's settings plus meta. */
export const updateViewSettingsBody = z.object({
  meta: meta.optional(),
  ...partialOf(viewSettingsFields),
});
export type UpdateViewSettingsBody = z.infer<typeof updateViewSettingsBody>;

/** A per-view column as every view type shares it; type-specific fields are optional. */
export const viewColumnPatch = z.object({
  show: z.boolean().optional(),
  order: z.number().optional(),
  width: z
    .union([z.string().max(32), z.number()])
    .nullable()
    .optional(),
  pinned: z.boolean().optional(),
  /** NocoDB's name for a pinned (frozen) grid column. */
  frozen: z.boolean().optional(),
  group_by: z.boolean().optional(),
  group_by_order: z.number().int().min(0).nullable().optional(),
  group_by_sort: z.enum(['asc', 'desc']).nullable().optional(),
  label: z.string().max(255).nullable().optional(),
  help: z.string().max(10000).nullable().optional(),
  description: z.string().max(10000).nullable().optional(),
  required: z.boolean().optional(),
  meta: meta.optional(),
});
export type ViewColumnPatch = z.infer<typeof viewColumnPatch>;

export const createViewColumnBody = viewColumnPatch.extend({ fk_column_id: id });
export type CreateViewColumnBody = z.infer<typeof createViewColumnBody>;

export const showAllQuery = z.object({
  ignoreIds: z.union([z.string(), z.array(z.string())]).optional(),
});

export interface ViewColumnReply {
  id: string;
  fk_view_id: string;
  fk_column_id: string;
  base_id: string;
  show: boolean;
  order: number;
  width?: string | null;
  pinned?: boolean;
  frozen?: boolean;
  group_by?: boolean;
  group_by_order?: number | null;
  group_by_sort?: string | null;
  label?: string | null;
  help?: string | null;
  description?: string | null;
  required?: boolean;
  meta?: Record<string, unknown> | null;
}

function partialOf<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(shape)) out[k] = v.optional();
  return out as { [K in keyof T]: z.ZodOptional<T[K]> };
}
