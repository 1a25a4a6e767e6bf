/**
 * Toolbar "Filter": conditions and nested groups joined by and/or (FilterTree), saved as they change
 * (filterAutoSave, on by default).
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickableFields } from '../../../fields/pickable';
import type { EditHistory } from '../../../undo/edit-history';
import { withViewUndo } from '../../../undo/view-snapshots';
import { type FilterRow, viewApi } from '../view-settings';
import { FilterTree, type FilterTreeOps } from './FilterTree';

interface Props {
  table: TableMeta;
  viewId: string;
  onChanged(): void;
  onError(message: string): void;
  /** Where the panel's changes are recorded for undo. */
  history: EditHistory;
  /** "Show system fields" is on: system fields may be picked too. */
  showSystem?: boolean;
}

export function FilterMenu({ table, viewId, onChanged, onError, history, showSystem = false }: Props) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<FilterRow[]>([]);
  const fail = useCallback((e: unknown) => onError(e instanceof Error ? e.message : String(e)), [onError]);
  const load = useCallback(async () => {
    const withChildren = async (list: FilterRow[]): Promise<FilterRow[]> =>
      Promise.all(
        list.map(async (f) =>
          f.is_group ? { ...f, children: await withChildren(await viewApi.filterChildren(f.id)) } : f,
        ),
      );
    try {
      setFilters(await withChildren(await viewApi.filters(viewId)));
    } catch (e) {
      fail(e);
    }
  }, [viewId, fail]);
  useEffect(() => void load(), [load]);
  const changed = () => {
    onChanged();
    return load();
  };
  const record = (change: () => Promise<unknown>) =>
    withViewUndo(history, t('grid.toolbar.filter'), 'filters', viewId, change, changed).catch(fail);
  const fields = pickableFields(table.columns, showSystem);
  const ops: FilterTreeOps = {
    add: (parent, body) => void record(() => viewApi.addFilter(viewId, { ...body, fk_parent_id: parent })),
    update: (id, patch) => void record(() => viewApi.updateFilter(id, patch)),
    remove: (id) => void record(() => viewApi.deleteFilter(id)),
  };

  return (
    <div className="w-[36rem]" data-testid="filter-menu">
      <FilterTree filters={filters} fields={fields} columns={table.columns ?? []} ops={ops} />
    </div>
  );
}
