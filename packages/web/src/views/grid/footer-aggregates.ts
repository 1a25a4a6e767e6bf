/**
 * Footer aggregations per field (docs/behaviour/fields.md lists which per type, from core's field registry): the choice per field
 * is kept in the view column's meta (`meta.aggregation`), and values come from the view's /aggregate call over
 * the whole filtered view, not just the loaded rows.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { Aggregation } from '@rowbase/core/fields/field-type';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { cellTypeOf } from '../../fields/registry';

export const AGGREGATION_LABELS: Record<Aggregation, string> = {
  sum: 'Sum',
  count: 'Filled',
  min: 'Min',
  max: 'Max',
  avg: 'Average',
  countDistinct: 'Unique',
  sumDistinct: 'Sum unique',
  avgDistinct: 'Average unique',
};

export function aggregationsOf(column: ColumnMeta): readonly Aggregation[] {
  return FIELD_TYPES[column.uidt]?.aggregations ?? [];
}

/** The `aggregation` query parameter for the chosen aggregations. */
export function aggregationQuery(
  columns: readonly ColumnMeta[],
  chosen: ReadonlyMap<string, Aggregation>,
): string | undefined {
  const list = columns
    .filter((c) => chosen.has(c.id))
    .map((c) => ({ field: c.title, type: chosen.get(c.id)! }));
  return list.length ? JSON.stringify(list) : undefined;
}

/** Footer texts, one per shown column (labelOf names the aggregation in the user's language): "Sum $1,234.00" (min/max/sum formatted as the field shows values). */
export function footerTexts(
  columns: readonly ColumnMeta[],
  chosen: ReadonlyMap<string, Aggregation>,
  values: Record<string, unknown>,
  labelOf: (type: Aggregation) => string = (type) => AGGREGATION_LABELS[type],
): string[] {
  return columns.map((c) => {
    const type = chosen.get(c.id);
    if (!type) return '';
    const v = values[c.title];
    const formatted =
      v === null || v === undefined
        ? '–'
        : type.startsWith('count')
          ? String(v)
          : type.startsWith('avg') && typeof v === 'number'
            ? String(Math.round(v * 100) / 100)
            : cellTypeOf(c.uidt).format(v, c);
    return `${labelOf(type)} ${formatted}`;
  });
}
