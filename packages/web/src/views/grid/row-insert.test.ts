import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { firstEditableColumn, insertBlock, insertPlace } from './row-insert';

const col = (column_name: string, system = false) => ({ id: column_name, column_name, system }) as ColumnMeta;
const ordered = [col('id'), col('title'), col('nc_order', true)];

describe('inserting rows between others', () => {
  it('needs the row-order column, and no sort or grouping', () => {
    expect(insertBlock(ordered, 0, false)).toBeUndefined();
    expect(insertBlock([col('id'), col('title')], 0, false)).toBe('grid.noRowOrder');
    expect(insertBlock([col('id'), col('nc_order')], 0, false)).toBe('grid.noRowOrder'); // a user's field
    expect(insertBlock(ordered, 1, false)).toBe('grid.rowOrderNeedsNoSort');
    expect(insertBlock(ordered, 0, true)).toBe('grid.rowOrderNeedsNoSort');
  });

  it('puts "above" before the row, "below" before the next row, and appends after the last', async () => {
    const ids = [10, 11, 12];
    const asked: number[] = [];
    const idAt = async (i: number) => (asked.push(i), ids[i]);
    expect(await insertPlace(1, 'above', 3, idAt)).toEqual({ index: 1, before: 11 });
    expect(await insertPlace(1, 'below', 3, idAt)).toEqual({ index: 2, before: 12 });
    expect(await insertPlace(2, 'below', 3, idAt)).toEqual({ index: 3 });
    expect(asked).toEqual([1, 2]); // no id is read to append
    expect(await insertPlace(3, 'below', 5, idAt)).toEqual({ index: 5 }); // the next row is gone: append
  });

  it('selects the first column one can type into', () => {
    expect(firstEditableColumn([{ editor: null }, { editor: 'text' }])).toBe(1);
    expect(firstEditableColumn([{ editor: null }])).toBe(0);
  });
});
