/**
 * Contracts of dashboard bases (docs/dashboards.md): layouts (the sidebar item kind `layout`) hold widgets placed on
 * a 12-column grid. A widget's `config` says what it reads: chart and number widgets read a view through its
 * filters and visible fields, grouped and aggregated in SQL; text and image widgets read nothing.
 */
import { z } from 'zod';
import { ALL_AGGREGATIONS } from '../fields/field-type.js';
import { titleSchema } from './bases.js';

export const WIDGET_TYPES = ['number', 'bar', 'line', 'area', 'pie', 'table', 'text', 'image'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const CHART_TYPES = ['bar', 'line', 'area', 'pie'] as const satisfies readonly WidgetType[];
export type ChartType = (typeof CHART_TYPES)[number];

/** Grid columns of a layout; a widget's x + w never passes it. */
export const GRID_COLUMNS = 12;
/** The most groups a chart widget shows (the largest first for bar and pie). */
export const MAX_CHART_GROUPS = 100;
/** The most rows a table widget shows. */
export const MAX_TABLE_ROWS = 100;

const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(255);
const optionalText = (name: string, max: number) =>
  z.string({ error: `${name} must be a string` }).max(max, `${name} must be at most ${max} characters`);
const aggregation = z.enum(ALL_AGGREGATIONS, {
  error: `aggregation must be one of ${ALL_AGGREGATIONS.join(', ')}`,
});

const titled = { title: optionalText('title', 255).optional() };
/** A view to read, with an optional extra filter in the `where` syntax, e.g. `(Price,gt,10)`. */
const viewRead = { viewId: id('viewId'), where: optionalText('where', 2000).optional() };

export const numberConfig = z.object({
  ...titled,
  ...viewRead,
  /** The field to aggregate; absent with `count` counts rows. */
  fieldId: id('fieldId').optional(),
  aggregation,
});
export const chartConfig = z.object({
  ...titled,
  ...viewRead,
  groupBy: id('groupBy'),
  fieldId: id('fieldId').optional(),
  aggregation,
});
export const tableConfig = z.object({
  ...titled,
  viewId: id('viewId'),
  limit: z.number().int().min(1).max(MAX_TABLE_ROWS).optional(),
});
export const textConfig = z.object({ ...titled, markdown: optionalText('markdown', 20_000) });
export const imageConfig = z.object({
  ...titled,
  url: z
    .string({ error: 'url is required' })
    .max(2000)
    .refine(
      (u) => /^https?:\/\//i.test(u) || u.startsWith('/'),
      'url must start with http://, https:// or /',
    ),
  alt: optionalText('alt', 255).optional(),
});
export type NumberConfig = z.infer<typeof numberConfig>;
export type ChartConfig = z.infer<typeof chartConfig>;
export type TableConfig = z.infer<typeof tableConfig>;
export type TextConfig = z.infer<typeof textConfig>;
export type ImageConfig = z.infer<typeof imageConfig>;

const position = {
  x: z
    .number()
    .int()
    .min(0)
    .max(GRID_COLUMNS - 1),
  y: z.number().int().min(0).max(10_000),
  w: z.number().int().min(1).max(GRID_COLUMNS),
  h: z.number().int().min(1).max(100),
};
export const widgetPosition = z
  .object(position)
  .refine((p) => p.x + p.w <= GRID_COLUMNS, `x + w must be at most ${GRID_COLUMNS}`);
export type WidgetPosition = z.infer<typeof widgetPosition>;

/** A widget as written: its type picks the config shape. */
export const widgetBody = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('number'), config: numberConfig }),
    z.object({ type: z.literal('bar'), config: chartConfig }),
    z.object({ type: z.literal('line'), config: chartConfig }),
    z.object({ type: z.literal('area'), config: chartConfig }),
    z.object({ type: z.literal('pie'), config: chartConfig }),
    z.object({ type: z.literal('table'), config: tableConfig }),
    z.object({ type: z.literal('text'), config: textConfig }),
    z.object({ type: z.literal('image'), config: imageConfig }),
  ],
  { error: `type must be one of ${WIDGET_TYPES.join(', ')}` },
);
export type WidgetBody = z.infer<typeof widgetBody>;

export const createWidgetBody = z.intersection(widgetBody, z.object(position).partial());
export const updateWidgetBody = z.object({ config: z.unknown().optional(), ...position }).partial();
export const positionsBody = z
  .array(z.object({ id: id('id'), ...position }))
  .min(1, 'at least one position is required')
  .max(500);

export const createLayoutBody = z.object({ title: titleSchema('Layout title', 255) });
/** A copy of a layout with its widgets; the title defaults to the original's with " copy". */
export const duplicateLayoutBody = z.object({ title: titleSchema('Layout title', 255).optional() });
export const updateLayoutBody = z.object({
  title: titleSchema('Layout title', 255).optional(),
  order: z.number().finite().optional(),
});

export interface LayoutMeta {
  id: string;
  base_id: string;
  title: string;
  order: number;
  /** Set while the layout is shared publicly. */
  share_uuid: string | null;
  created_at: string;
  updated_at: string;
}

export type WidgetMeta = WidgetBody &
  WidgetPosition & {
    id: string;
    fk_layout_id: string;
    created_at: string;
    updated_at: string;
  };

export interface LayoutWithWidgets extends LayoutMeta {
  widgets: WidgetMeta[];
}

/** What a data widget reads: a number, a list of groups or a page of rows, and the table it came from. */
export type WidgetData = { tableId: string } & (
  | { kind: 'number'; value: number | string | null; label: string }
  | {
      kind: 'groups';
      groupBy: string;
      label: string;
      groups: { key: unknown; value: number | string | null }[];
    }
  | { kind: 'rows'; fields: string[]; rows: Record<string, unknown>[]; total: number }
);
