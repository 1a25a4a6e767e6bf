import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import type { UIType } from '@rowbase/core/fields/ui-types';
import { describe, expect, it } from 'vitest';
import { defaultMapping, importableFields } from './append-mapping';

const column = (title: string, uidt: UIType, extra: Partial<ColumnMeta> = {}) =>
  ({
    id: title,
    fk_model_id: 't',
    column_name: title,
    title,
    uidt,
    pk: false,
    pv: false,
    rqd: false,
    un: false,
    ai: false,
    system: false,
    ...extra,
  }) as ColumnMeta;

const table = {
  id: 't',
  title: 'People',
  columns: [
    column('Id', 'ID', { pk: true, ai: true }),
    column('Name', 'SingleLineText', { pv: true }),
    column('Age', 'Number'),
    column('Total', 'Formula', { column_name: null }),
    column('CreatedAt', 'CreateTime', { system: true }),
  ],
} as unknown as TableMeta;

describe('import into an existing table', () => {
  it('offers only the fields a value can be written to', () => {
    expect(importableFields(table).map((c) => c.title)).toEqual(['Name', 'Age']);
  });

  it('maps each file column to the field of the same name, letter case aside, once', () => {
    const columns = [
      { index: 0, title: 'age', uidt: 'Number' },
      { index: 1, title: 'Total', uidt: 'Number' },
      { index: 2, title: 'NAME', uidt: 'SingleLineText' },
      { index: 3, title: 'name', uidt: 'SingleLineText' },
    ];
    expect(defaultMapping(table, columns)).toEqual([
      { index: 0, field: 'Age' },
      { index: 2, field: 'Name' },
    ]);
  });
});
