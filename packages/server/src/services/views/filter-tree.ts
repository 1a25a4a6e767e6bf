/**
 * Stored view filters as the `where` language's tree (core/filters/where): so one checker validates a
 * filter against its field's type, and the data plane compiles view filters and request `where` alike.
 * A stored filter `{comparison_op: 'lt', comparison_sub_op: 'daysAgo', value: '3'}` is `(Field,lt,daysAgo,3)`.
 */
import type { FilterReply } from '@rowbase/core/api/filters';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import { fieldType } from '@rowbase/core/fields/registry';
import { checkCondition, type FilterField } from '@rowbase/core/filters/check';
import {
  DATE_COMPARISON_SUB_OPS,
  DATE_SUB_OPS_WITH_ARG,
  DATE_WITHIN_SUB_OPS,
  LIST_OPS,
  VALUELESS_OPS,
  isComparisonOp,
  opAllowed,
  type ComparisonOp,
} from '@rowbase/core/filters/ops';
import type { FilterCondition, FilterNode } from '@rowbase/core/filters/where';

export function filterFieldOf(column: ColumnMeta): FilterField {
  const def = fieldType(column.uidt);
  return { title: column.title, uidt: column.uidt, kind: def.kind, filterOps: def.filterOps };
}

/** The stored value as text; list values may arrive as arrays from clients. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(String).join(',');
  return String(value);
}

/** Whether an operator (and sub-operator) needs a value that is not there yet. */
function awaitsValue(op: ComparisonOp, sub: string | null | undefined, value: string | undefined): boolean {
  if (value !== undefined && value.trim() !== '') return false;
  if (VALUELESS_OPS.includes(op)) return false;
  if (sub) return (DATE_SUB_OPS_WITH_ARG as readonly string[]).includes(sub);
  return true;
}

/**
 * The condition of one stored filter, naming the field by id. Throws a 400 when the operator or
 * sub-operator is unknown. An incomplete filter (no operator yet, or no value yet for an operator that needs
 * one, as the web saves while editing) is null.
 */
export function conditionOf(
  f: Pick<FilterReply, 'fk_column_id' | 'comparison_op' | 'comparison_sub_op' | 'value' | 'logical_op'>,
): FilterCondition | null {
  const op = f.comparison_op;
  if (!op || !f.fk_column_id) return null;
  if (!isComparisonOp(op)) throw badRequest(`comparison_op: unknown operator "${op}"`);
  const sub = f.comparison_sub_op;
  if (sub) {
    const known = op === 'isWithin' ? DATE_WITHIN_SUB_OPS : DATE_COMPARISON_SUB_OPS;
    if (!(known as readonly string[]).includes(sub)) {
      throw badRequest(`comparison_sub_op: "${sub}" is not a sub-operator of ${op}`);
    }
  }
  const value = f.value ?? undefined;
  // A value still to be typed (the filter editor saves the operator first) leaves the filter out, as in NocoDB.
  if (awaitsValue(op, sub, value)) return null;
  let args: string[];
  let text: string | undefined;
  if (VALUELESS_OPS.includes(op)) {
    args = [];
    text = undefined;
  } else if (sub) {
    args = value === undefined || value === '' ? [sub] : [sub, value];
    text = args.join(',');
  } else if (LIST_OPS.includes(op)) {
    args = value === undefined ? [] : value.split(',').map((s) => s.trim());
    text = value;
  } else {
    args = value === undefined ? [] : [value];
    text = value ?? '';
  }
  return { type: 'condition', logical: f.logical_op, field: f.fk_column_id, op, value: text, args };
}

/** Validates one filter against its field: operator allowed for the type, value of the right shape. */
export function checkFilter(
  f: Pick<FilterReply, 'fk_column_id' | 'comparison_op' | 'comparison_sub_op' | 'value' | 'logical_op'>,
  column: ColumnMeta,
): void {
  const field = filterFieldOf(column);
  const op = f.comparison_op;
  // An operator waiting for its value must still be one the field allows.
  if (op && isComparisonOp(op) && !opAllowed(field.filterOps, op)) {
    throw badRequest(
      `Invalid filter: operator "${op}" is not allowed on ${field.title} (a ${field.uidt} field)`,
    );
  }
  const cond = conditionOf(f);
  if (!cond) return;
  try {
    checkCondition(cond, field);
  } catch (err) {
    // The checker words problems for `where`; a filter names its fields instead.
    if (err instanceof Error) err.message = err.message.replace(/^Invalid where: /, 'Invalid filter: ');
    throw err;
  }
}

/**
 * The view's filters (flat, as stored) as a tree; incomplete filters and empty groups are left out.
 * @example treeOf([{ id: 'g', is_group: true, ... }, { fk_parent_id: 'g', comparison_op: 'eq', ... }])
 */
export function treeOf(filters: FilterReply[], parentId: string | null = null): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const f of filters.filter((x) => (x.fk_parent_id ?? null) === parentId)) {
    if (f.is_group) {
      const children = treeOf(filters, f.id);
      if (children.length) nodes.push({ type: 'group', logical: f.logical_op, children });
      continue;
    }
    const cond = conditionOf(f);
    if (cond) nodes.push(cond);
  }
  return nodes;
}
