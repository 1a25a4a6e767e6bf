import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { columnPropsShown, metaOptionsOf } from './field-options';

const column = (over: Partial<ColumnMeta>): ColumnMeta =>
  ({
    id: 'c1',
    fk_model_id: 'm1',
    column_name: 'id',
    title: 'Id',
    uidt: 'ID',
    pk: true,
    pv: false,
    rqd: true,
    un: false,
    ai: false,
    system: false,
    ...over,
  }) as ColumnMeta;

describe('field form options per dialect', () => {
  it('offers unsigned only for integers on MySQL, and a length where the type takes one', () => {
    const mysql = columnPropsShown('Number', 'mysql', []);
    expect(mysql).toMatchObject({ unsigned: true, autoIncrement: true, length: true, defaultValue: true });
    expect(mysql.defaultLength).toBe(20);
    const pg = columnPropsShown('Number', 'pg', []);
    expect(pg).toMatchObject({ unsigned: false, autoIncrement: true, length: false });
    expect(columnPropsShown('SingleLineText', 'pg', [])).toMatchObject({ length: true, scale: false });
  });

  it('shows scale for decimals, not for integers or text', () => {
    expect(columnPropsShown('Decimal', 'mysql', []).scale).toBe(true);
    expect(columnPropsShown('Number', 'mysql', []).scale).toBe(false);
    expect(columnPropsShown('LongText', 'mysql', []).scale).toBe(false);
  });

  it('allows no default for JSON on MySQL or for geometry, but for JSON elsewhere', () => {
    expect(columnPropsShown('JSON', 'mysql', []).defaultValue).toBe(false);
    expect(columnPropsShown('JSON', 'pg', []).defaultValue).toBe(true);
    expect(columnPropsShown('Geometry', 'pg', []).defaultValue).toBe(false);
  });

  it('names the column that already auto-increments, except when editing that column', () => {
    const id = column({ ai: true });
    expect(columnPropsShown('Number', 'sqlite', [id]).autoIncrementTakenBy).toBe('Id');
    expect(columnPropsShown('Number', 'sqlite', [id], id).autoIncrementTakenBy).toBeUndefined();
  });

  it('offers no column properties for computed types', () => {
    expect(columnPropsShown('Formula', 'mysql', [])).toMatchObject({
      dbType: null,
      length: false,
      defaultValue: false,
    });
  });

  it('lists the display options of each type from its cell type', () => {
    expect(metaOptionsOf('SingleSelect')).toEqual(['selectOptions']);
    expect(metaOptionsOf('Currency')).toEqual(['currency', 'precision']);
    expect(metaOptionsOf('Percent')).toEqual(['precision']);
    expect(metaOptionsOf('DateTime')).toEqual(['dateFormat', 'timeFormat']);
    expect(metaOptionsOf('SingleLineText')).toEqual([]);
  });
});
