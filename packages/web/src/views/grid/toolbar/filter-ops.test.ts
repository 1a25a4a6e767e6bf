import type { ColumnMeta } from '@rowbase/core/api/meta';
import { describe, expect, it } from 'vitest';
import { inputFor, opsFor, patchForField, patchForOp, subOpsFor } from './filter-ops';

const col = (uidt: string) => ({ id: uidt, title: uidt, uidt }) as ColumnMeta;

describe('filter operators per field type', () => {
  it('offers a number only number comparisons, a checkbox only its own', () => {
    expect(opsFor(col('Number'))).toContain('gt');
    expect(opsFor(col('Number'))).not.toContain('like');
    expect(opsFor(col('Number'))).not.toContain('allof');
    expect(opsFor(col('Checkbox'))).toEqual(expect.arrayContaining(['checked', 'notchecked']));
    expect(opsFor(col('Checkbox'))).not.toContain('gt');
    expect(opsFor(col('SingleLineText'))).not.toContain('isWithin');
    expect(opsFor(col('Date'))).toContain('isWithin');
    expect(opsFor(col('Date'))).not.toContain('is');
  });

  it('gives date comparisons their sub-operators and the input each one needs', () => {
    expect(subOpsFor(col('Date'), 'eq')).toContain('today');
    expect(subOpsFor(col('Date'), 'isWithin')).toContain('pastNumberOfDays');
    expect(subOpsFor(col('Number'), 'eq')).toEqual([]);
    expect(inputFor(col('Date'), 'eq', 'today')).toBe('none');
    expect(inputFor(col('Date'), 'eq', 'exactDate')).toBe('date');
    expect(inputFor(col('Date'), 'lt', 'daysAgo')).toBe('number');
    expect(inputFor(col('Number'), 'gt', null)).toBe('number');
    expect(inputFor(col('Number'), 'btw', null)).toBe('text');
    expect(inputFor(col('Number'), 'blank', null)).toBe('none');
  });

  it('resets what no longer fits when the field or the operator changes', () => {
    expect(patchForField(col('Checkbox'), 'like')).toMatchObject({ comparison_op: 'eq', value: null });
    expect(patchForField(col('Date'), 'eq')).toMatchObject({
      comparison_op: 'eq',
      comparison_sub_op: 'exactDate',
    });
    expect(patchForOp(col('Date'), { op: 'eq', sub: 'today' }, 'isWithin')).toMatchObject({
      comparison_sub_op: 'pastWeek',
    });
    expect(patchForOp(col('Date'), { op: 'eq', sub: 'today' }, 'lt')).toMatchObject({
      comparison_sub_op: 'today',
    });
    expect(patchForOp(col('Number'), { op: 'gt', sub: null }, 'lt')).not.toHaveProperty('value');
  });
});
