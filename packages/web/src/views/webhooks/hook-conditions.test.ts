import { describe, expect, it } from 'vitest';
import { addCondition, bodiesOf, changeCondition, removeCondition } from './hook-conditions';

describe('a webhook form’s conditions', () => {
  it('adds conditions and groups, changes and removes them anywhere in the tree, and saves them as bodies', () => {
    let tree = addCondition([], null, {
      fk_column_id: 'c1',
      comparison_op: 'eq',
      value: 'a',
      logical_op: 'and',
    });
    tree = addCondition(tree, null, { is_group: true, logical_op: 'or' });
    const group = tree[1]!.id;
    tree = addCondition(tree, group, {
      fk_column_id: 'c2',
      comparison_op: 'gt',
      value: '5',
      logical_op: 'and',
    });
    tree = addCondition(tree, group, { fk_column_id: 'c3', comparison_op: 'blank', logical_op: 'or' });
    const inner = tree[1]!.children!;
    expect(new Set([tree[0]!.id, group, inner[0]!.id, inner[1]!.id]).size).toBe(4);

    tree = changeCondition(tree, inner[0]!.id, { comparison_op: 'lt', value: '9' });
    tree = removeCondition(tree, inner[1]!.id);
    expect(bodiesOf(tree)).toEqual([
      { fk_column_id: 'c1', comparison_op: 'eq', comparison_sub_op: null, value: 'a', logical_op: 'and' },
      {
        is_group: true,
        logical_op: 'or',
        children: [
          { fk_column_id: 'c2', comparison_op: 'lt', comparison_sub_op: null, value: '9', logical_op: 'and' },
        ],
      },
    ]);
    expect(bodiesOf(removeCondition(tree, group))).toHaveLength(1);
  });
});
