import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { aggregationQuery, aggregationsOf, footerTexts } from './footer-aggregates';

const col = (id: string, uidt: ColumnMeta['uidt']): ColumnMeta => ({
  id,
  fk_model_id: 'm',
  column_name: id,
  title: id,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  un: false,
  ai: false,
  system: false,
});

describe('footer aggregations', () => {
  it('offers the aggregations each type allows', () => {
    expect(aggregationsOf(col('p', 'Currency'))).toContain('sum');
    expect(aggregationsOf(col('e', 'Email'))).toEqual(['count']);
    expect(aggregationsOf(col('d', 'Date'))).not.toContain('sum');
  });

  it('asks for the chosen ones and formats the answers like the cells', () => {
    const columns = [col('Price', 'Currency'), col('Name', 'SingleLineText'), col('Qty', 'Number')];
    const chosen = new Map([
      ['Price', 'sum' as const],
      ['Qty', 'avg' as const],
    ]);
    expect(JSON.parse(aggregationQuery(columns, chosen)!)).toEqual([
      { field: 'Price', type: 'sum' },
      { field: 'Qty', type: 'avg' },
    ]);
    expect(footerTexts(columns, chosen, { Price: 1234.5, Qty: 2.345 })).toEqual([
      'Sum $1,234.50',
      '',
      'Average 2.35',
    ]);
  });
});
