import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { pickableFields } from './pickable';

const col = (title: string, extra: Partial<ColumnMeta> = {}) =>
  ({ id: title, title, column_name: title, uidt: 'SingleLineText', system: false, ...extra }) as ColumnMeta;

describe('pickableFields', () => {
  const columns = [
    col('Id', { uidt: 'ID', pk: true }),
    col('Title'),
    col('nc_order', { uidt: 'Decimal', system: true }),
    col('Projects_id', { uidt: 'ForeignKey', system: true }),
    col('CreatedAt', { uidt: 'CreateTime', system: true }),
  ];
  it('offers only user fields by default', () => {
    expect(pickableFields(columns).map((c) => c.title)).toEqual(['Title']);
  });
  it('offers system fields when they are shown, but never the row order', () => {
    expect(pickableFields(columns, true).map((c) => c.title)).toEqual([
      'Id',
      'Title',
      'Projects_id',
      'CreatedAt',
    ]);
  });
});
