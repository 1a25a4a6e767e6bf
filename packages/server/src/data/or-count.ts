/**
 * Counts of a two-branch `~or` (docs/performance.md "Counts of `~or` filters"): count(A or B) is
 * count(A) + count(B) − count(A and B), exact under SQL's three-valued logic (a row passes `A or B` when A or B is
 * true, and `A and B` when both are). count(A) and count(B) come from count tables, count(A and B) from an
 * index over every field of both branches, read alone.
 */
import type { FilterNode } from '@rowbase/core/filters/where';
import { filterColumns, orBranches } from './auto-index-columns.js';
import type { TableModel } from './table-model.js';

/** Beyond this many columns the index for A and B costs writes more than the counts gain. */
const MAX_CONJUNCTION_COLUMNS = 4;

/** The two branches of a top-level `~or` of two conditions or `~and` groups, and their conjunction. */
export interface OrParts {
  branches: [FilterNode[], FilterNode[]];
  both: FilterNode[];
}

export function orParts(where: readonly FilterNode[] | undefined): OrParts | undefined {
  const branches = orBranches(where);
  if (!where || branches.length !== 2) return undefined;
  const [first, second] = where as [FilterNode, FilterNode];
  return { branches: [branches[0]!, branches[1]!], both: [first, { ...second, logical: 'and' }] };
}

/**
 * The columns of the index that counts A and B alone: the equality fields of both branches, then their range
 * fields, the last branch's first (`((Status,eq,open)~and(Qty,lt,300))~or(Price,gt,95)` → (status, price, qty)).
 * None when a condition's field cannot be indexed or its operator is neither, or more than four columns.
 */
export function orConjunctionColumns(model: TableModel, where: readonly FilterNode[] | undefined): string[] {
  return orConjunctionIndex(model, where).columns;
}

/**
 * The same columns, and how many of them bound the index's range read (the equality fields and the first range
 * field); the others are tested on each entry read, so on PostgreSQL they may follow another automatic index's
 * columns (pg-index-prefix.ts `conjunctionIndex`).
 */
export function orConjunctionIndex(
  model: TableModel,
  where: readonly FilterNode[] | undefined,
): { columns: string[]; bounds: number } {
  const parts = orParts(where);
  if (!parts) return { columns: [], bounds: 0 };
  const [a, b] = parts.branches.map((branch) => {
    const conditions = branch.filter((n) => n.type === 'condition');
    const cols = filterColumns(model, branch);
    // filterColumns leaves out conditions on fields that cannot be indexed and operators that are neither.
    const complete = conditions.length === branch.length && cols.eq.length + cols.range.length === conditions.length;
    return complete ? cols : undefined;
  });
  if (!a || !b) return { columns: [], bounds: 0 };
  const eq = [...new Set([...a.eq, ...b.eq])];
  const range = [...new Set([...b.range, ...a.range])].filter((c) => !eq.includes(c));
  const columns = [...eq, ...range];
  if (columns.length > MAX_CONJUNCTION_COLUMNS) return { columns: [], bounds: 0 };
  return { columns, bounds: eq.length + Math.min(1, range.length) };
}
