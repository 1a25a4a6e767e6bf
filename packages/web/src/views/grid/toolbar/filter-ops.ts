/**
 * What the filter editor offers for a field: the operators its type allows (the core field registry's
 * `filterOps`), the date sub-operators of a date comparison, and which input the value takes. The API aliases
 * `not`, `is` and `isnot` are left out: they repeat operators the list already has.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { fieldType } from '@rowbase/core/fields/registry';
import {
  DATE_COMPARISON_SUB_OPS,
  DATE_WITHIN_SUB_OPS,
  VALUELESS_OPS,
  type ComparisonOp,
  type DateSubOp,
} from '@rowbase/core/filters/ops';

const API_ALIASES: readonly string[] = ['not', 'is', 'isnot'];
const DATE_COMPARISONS: readonly string[] = ['eq', 'neq', 'gt', 'ge', 'lt', 'le'];
const NUMERIC_KINDS: readonly string[] = ['id', 'integer', 'decimal', 'year'];
const LIST_INPUT_OPS: readonly string[] = ['in', 'btw', 'nbtw', 'anyof', 'nanyof', 'allof', 'nallof'];

/** The input a filter value takes: none, a number, a calendar date, or free text. */
export type FilterInput = 'none' | 'number' | 'date' | 'text';

export function isDateField(column: ColumnMeta): boolean {
  const kind = fieldType(column.uidt)?.kind;
  return kind === 'date' || kind === 'datetime';
}

export function opsFor(column: ColumnMeta): ComparisonOp[] {
  const ops = (fieldType(column.uidt)?.filterOps ?? []) as readonly ComparisonOp[];
  return ops.filter((op) => !API_ALIASES.includes(op));
}

/** The sub-operators a date comparison picks from (none for other fields and operators). */
export function subOpsFor(column: ColumnMeta, op: string): readonly DateSubOp[] {
  if (!isDateField(column)) return [];
  if (op === 'isWithin') return DATE_WITHIN_SUB_OPS;
  return DATE_COMPARISONS.includes(op) ? DATE_COMPARISON_SUB_OPS : [];
}

/** The sub-operator a date comparison starts with: an exact date, or the past week for "is within". */
export function defaultSubOp(column: ColumnMeta, op: string): DateSubOp | null {
  const subs = subOpsFor(column, op);
  if (!subs.length) return null;
  return op === 'isWithin' ? 'pastWeek' : 'exactDate';
}

export function inputFor(column: ColumnMeta, op: string, sub: string | null | undefined): FilterInput {
  if ((VALUELESS_OPS as readonly string[]).includes(op)) return 'none';
  if (subOpsFor(column, op).length) {
    if (sub === 'exactDate') return 'date';
    if (
      sub === 'daysAgo' ||
      sub === 'daysFromNow' ||
      sub === 'pastNumberOfDays' ||
      sub === 'nextNumberOfDays'
    )
      return 'number';
    return 'none';
  }
  const kind = fieldType(column.uidt)?.kind ?? 'text';
  if (NUMERIC_KINDS.includes(kind) && !LIST_INPUT_OPS.includes(op)) return 'number';
  return 'text';
}

export interface FilterPatch {
  fk_column_id?: string;
  comparison_op?: string;
  comparison_sub_op?: string | null;
  value?: string | null;
}

/** A new field: keep the operator when the field allows it, else its first; the value starts over. */
export function patchForField(column: ColumnMeta, currentOp: string): FilterPatch {
  const ops = opsFor(column);
  const op = ops.includes(currentOp as ComparisonOp) ? currentOp : (ops[0] ?? 'blank');
  return {
    fk_column_id: column.id,
    comparison_op: op,
    comparison_sub_op: defaultSubOp(column, op),
    value: null,
  };
}

/** A new operator: the sub-operator follows; the value stays only while the input stays the same kind. */
export function patchForOp(
  column: ColumnMeta,
  before: { op: string; sub: string | null | undefined },
  op: string,
): FilterPatch {
  const sameFamily = subOpsFor(column, op) === subOpsFor(column, before.op);
  const sub = sameFamily && before.sub ? before.sub : defaultSubOp(column, op);
  const keep = inputFor(column, op, sub) === inputFor(column, before.op, before.sub);
  return { comparison_op: op, comparison_sub_op: sub, ...(keep ? {} : { value: null }) };
}
