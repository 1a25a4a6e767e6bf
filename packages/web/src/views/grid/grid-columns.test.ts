import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { gridColumns } from './grid-columns';

const col = (id: string, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  id,
  fk_model_id: 'm',
  column_name: id,
  title: id,
  uidt: 'SingleLineText',
  pk: false,
  pv: false,
  rqd: false,
  un: false,
  ai: false,
  system: false,
  ...extra,
});

const table = [
  col('id', { pk: true, uidt: 'ID' }),
  col('a'),
  col('title', { pv: true }),
  col('b'),
  col('created_at', { system: true, uidt: 'CreateTime' }),
  col('nc_order', { system: true, uidt: 'Decimal' }),
];

describe('gridColumns', () => {
  it('shows non-system fields with the display value first and frozen when the view has no settings', () => {
    const g = gridColumns(table, []);
    expect(g.columns.map((c) => c.id)).toEqual(['title', 'a', 'b']);
    expect(g.frozen).toBe(1);
    expect(g.widths).toEqual([200, 200, 200]);
  });

  it('applies the view order, hidden fields and widths, and shows system fields (not the row order) on request', () => {
    const g = gridColumns(
      table,
      [
        { fk_column_id: 'title', show: true, order: 1, width: '150px' },
        { fk_column_id: 'b', show: true, order: 2, width: 120 },
        { fk_column_id: 'a', show: false, order: 3 },
      ],
      true,
    );
    expect(g.columns.map((c) => c.id)).toEqual(['title', 'b', 'id', 'created_at']);
    expect(g.widths.slice(0, 2)).toEqual([150, 120]);
  });
});
