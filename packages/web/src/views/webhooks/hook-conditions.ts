/**
 * A webhook's conditions while its form is open (docs/webhooks.md "Conditions"): a tree of conditions and groups
 * kept in the form, saved with the hook (`conditionsApi` in webhooks-api.ts): the conditions it had are removed
 * and the edited tree is added, groups with their children inline.
 */
import type { FilterRow } from '../grid/view-settings';

let drafts = 0;

/** The tree with `body` added under `parent` (null: at the top). */
export function addCondition(
  tree: FilterRow[],
  parent: string | null,
  body: Partial<FilterRow>,
): FilterRow[] {
  const row: FilterRow = { ...body, id: `draft-${++drafts}`, ...(body.is_group ? { children: [] } : {}) };
  if (parent === null) return [...tree, row];
  return tree.map((f) =>
    f.id === parent
      ? { ...f, children: [...(f.children ?? []), row] }
      : f.children
        ? { ...f, children: addCondition(f.children, parent, body) }
        : f,
  );
}

export function changeCondition(tree: FilterRow[], id: string, patch: Partial<FilterRow>): FilterRow[] {
  return tree.map((f) =>
    f.id === id
      ? { ...f, ...patch }
      : f.children
        ? { ...f, children: changeCondition(f.children, id, patch) }
        : f,
  );
}

export function removeCondition(tree: FilterRow[], id: string): FilterRow[] {
  return tree
    .filter((f) => f.id !== id)
    .map((f) => (f.children ? { ...f, children: removeCondition(f.children, id) } : f));
}

/** The filter API's create bodies of a tree: groups carry their children inline. */
export function bodiesOf(tree: FilterRow[]): Partial<FilterRow>[] {
  return tree.map((f) =>
    f.is_group
      ? {
          is_group: true,
          logical_op: f.logical_op ?? 'and',
          children: bodiesOf(f.children ?? []) as FilterRow[],
        }
      : {
          fk_column_id: f.fk_column_id,
          comparison_op: f.comparison_op,
          comparison_sub_op: f.comparison_sub_op ?? null,
          value: f.value ?? null,
          logical_op: f.logical_op ?? 'and',
        },
  );
}
