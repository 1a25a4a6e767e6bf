import type { FilterReply } from '@rowbase/core/api/filters';
import { printWhere } from '@rowbase/core/filters/where';
import { describe, expect, it } from 'vitest';
import { conditionOf, treeOf } from './filter-tree.js';

let n = 0;
function filter(f: Partial<FilterReply>): FilterReply {
  return {
    id: `f${++n}`,
    fk_view_id: 'v',
    fk_parent_id: null,
    fk_column_id: null,
    base_id: 'p',
    source_id: 'b',
    is_group: false,
    logical_op: 'and',
    comparison_op: null,
    comparison_sub_op: null,
    value: null,
    order: n,
    ...f,
  };
}

describe('stored filters as a where tree', () => {
  it('turns sub-operators and lists into where arguments', () => {
    expect(
      conditionOf(
        filter({ fk_column_id: 'c1', comparison_op: 'lt', comparison_sub_op: 'daysAgo', value: '3' }),
      ),
    ).toMatchObject({ field: 'c1', op: 'lt', args: ['daysAgo', '3'] });
    expect(
      conditionOf(filter({ fk_column_id: 'c1', comparison_op: 'eq', comparison_sub_op: 'today' }))?.args,
    ).toEqual(['today']);
    expect(conditionOf(filter({ fk_column_id: 'c1', comparison_op: 'anyof', value: 'a, b' }))?.args).toEqual([
      'a',
      'b',
    ]);
    expect(
      conditionOf(filter({ fk_column_id: 'c1', comparison_op: 'blank', value: 'ignored' })),
    ).toMatchObject({
      args: [],
      value: undefined,
    });
    expect(conditionOf(filter({ fk_column_id: 'c1' }))).toBeNull();
    expect(() =>
      conditionOf(filter({ fk_column_id: 'c1', comparison_op: 'isWithin', comparison_sub_op: 'today' })),
    ).toThrow('comparison_sub_op');
  });

  it('nests groups by parent, skipping empty groups and incomplete filters', () => {
    const g = filter({ is_group: true, logical_op: 'or' });
    const empty = filter({ is_group: true });
    const all = [
      filter({ fk_column_id: 'a', comparison_op: 'eq', value: '1' }),
      g,
      filter({ fk_parent_id: g.id, fk_column_id: 'b', comparison_op: 'gt', value: '2' }),
      filter({ fk_parent_id: g.id, fk_column_id: 'c', comparison_op: 'checked', logical_op: 'or' }),
      empty,
      filter({ fk_column_id: 'd' }),
    ];
    expect(printWhere(treeOf(all))).toBe('(a,eq,1)~or((b,gt,2)~or(c,checked))');
  });
});
