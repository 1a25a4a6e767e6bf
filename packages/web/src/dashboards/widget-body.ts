/** The config form's values and the widget body they describe (docs/dashboards.md). */
import { CHART_TYPES, type WidgetBody, type WidgetType } from '@rowbase/core/api/dashboards';

export type WidgetFormValues = {
  type: WidgetType;
  title?: string;
  baseId?: string;
  tableId?: string;
  viewId?: string;
  groupBy?: string;
  fieldId?: string;
  aggregation?: string;
  filterField?: string;
  filterOp?: string;
  filterValue?: string;
  limit?: number;
  markdown?: string;
  url?: string;
  alt?: string;
};

export const FILTER_OPS = ['eq', 'neq', 'gt', 'lt', 'like'] as const;
export const isChart = (t: WidgetType) => (CHART_TYPES as readonly string[]).includes(t);
export const readsView = (t: WidgetType) => t === 'number' || t === 'table' || isChart(t);

/** The widget body the form describes. */
export function bodyOf(v: WidgetFormValues, titleOf: (id: string) => string | undefined): WidgetBody {
  const title = v.title?.trim() || undefined;
  const where =
    v.filterField && v.filterOp && v.filterValue !== undefined && v.filterValue !== ''
      ? `(${titleOf(v.filterField) ?? v.filterField},${v.filterOp},${v.filterValue})`
      : undefined;
  const agg = { fieldId: v.fieldId || undefined, aggregation: (v.aggregation ?? 'count') as 'count' };
  switch (v.type) {
    case 'number':
      return { type: 'number', config: { title, viewId: v.viewId!, where, ...agg } };
    case 'bar':
    case 'line':
    case 'area':
    case 'pie':
      return { type: v.type, config: { title, viewId: v.viewId!, where, groupBy: v.groupBy!, ...agg } };
    case 'table':
      return { type: 'table', config: { title, viewId: v.viewId!, limit: v.limit ?? undefined } };
    case 'text':
      return { type: 'text', config: { title, markdown: v.markdown ?? '' } };
    case 'image':
      return { type: 'image', config: { title, url: v.url ?? '', alt: v.alt } };
  }
}
