/**
 * Undo for the toolbar's sort and filter panels: a change is recorded as the view's whole sort list (or filter tree)
 * before and after it. Undo puts the earlier list back (deleting what is there and adding the saved entries in
 * order, nested filter groups included); redo puts the later one back. Ids change on the way, so nothing holds on
 * to them.
 */
import type { EditHistory } from './edit-history';
import { type FilterRow, type SortRow, viewApi } from '../views/grid/view-settings';

type SortSnapshot = Pick<SortRow, 'fk_column_id' | 'direction'>[];
type FilterSnapshot = FilterNode[];
interface FilterNode {
  fk_column_id?: string | null;
  comparison_op?: string | null;
  comparison_sub_op?: string | null;
  value?: unknown;
  logical_op?: FilterRow['logical_op'];
  is_group?: boolean;
  children: FilterNode[];
}

async function takeSorts(viewId: string): Promise<SortSnapshot> {
  return (await viewApi.sorts(viewId)).map(({ fk_column_id, direction }) => ({ fk_column_id, direction }));
}

async function putSorts(viewId: string, snapshot: SortSnapshot): Promise<void> {
  for (const s of await viewApi.sorts(viewId)) await viewApi.deleteSort(s.id);
  for (const s of snapshot) await viewApi.addSort(viewId, s.fk_column_id, s.direction);
}

async function takeFilters(viewId: string): Promise<FilterSnapshot> {
  const tree = async (list: FilterRow[]): Promise<FilterNode[]> =>
    Promise.all(
      list.map(async (f) => ({
        fk_column_id: f.fk_column_id,
        comparison_op: f.comparison_op,
        comparison_sub_op: f.comparison_sub_op,
        value: f.value,
        logical_op: f.logical_op,
        is_group: f.is_group,
        children: f.is_group ? await tree(await viewApi.filterChildren(f.id)) : [],
      })),
    );
  return tree(await viewApi.filters(viewId));
}

async function putFilters(viewId: string, snapshot: FilterSnapshot): Promise<void> {
  for (const f of await viewApi.filters(viewId)) await viewApi.deleteFilter(f.id);
  const add = async (nodes: FilterNode[], parent: string | null) => {
    for (const { children, ...body } of nodes) {
      const created = await viewApi.addFilter(viewId, { ...body, fk_parent_id: parent });
      if (body.is_group) await add(children, created.id);
    }
  };
  await add(snapshot, null);
}

/** Runs `change` on the view's sorts or filters and records its undo and redo. */
export async function withViewUndo(
  history: EditHistory,
  label: string,
  what: 'sorts' | 'filters',
  viewId: string,
  change: () => Promise<unknown>,
  after: () => unknown,
): Promise<void> {
  const take = what === 'sorts' ? takeSorts : takeFilters;
  const put = (what === 'sorts' ? putSorts : putFilters) as (v: string, s: unknown) => Promise<void>;
  const before = await take(viewId);
  // Recorded as soon as the change is sent, not after it and the snapshot answered: an Undo clicked right after
  // the sort or filter shows up undoes it, not the change before. Undo and redo wait for the snapshot.
  const changed: Promise<unknown> = change().then(() => take(viewId) as Promise<unknown>);
  const entry = {
    label,
    undo: async () => {
      await changed;
      await put(viewId, before);
      await after();
    },
    redo: async () => {
      await put(viewId, await changed);
      await after();
    },
  };
  history.push(entry);
  try {
    await changed;
  } catch (e) {
    history.discard(entry);
    throw e;
  }
  await after();
}
