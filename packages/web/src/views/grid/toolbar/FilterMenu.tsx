/**
 * Toolbar "Filter": conditions and nested groups joined by and/or, saved as they change (filterAutoSave,
 * on by default). Each condition offers what its field's type allows (FilterCondition).
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickableFields } from '../../../fields/pickable';
import type { EditHistory } from '../../../undo/edit-history';
import { withViewUndo } from '../../../undo/view-snapshots';
import { type FilterRow, viewApi } from '../view-settings';
import { FilterCondition } from './FilterCondition';

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
  // A new condition starts on the display-value field as "is not blank", which is valid for every type.
  const firstField = fields.find((c) => c.pv) ?? fields[0];
  const add = (parent: string | null, group: boolean) =>
    record(() =>
      viewApi.addFilter(
        viewId,
        group
          ? { is_group: true, logical_op: 'and', fk_parent_id: parent }
          : {
              fk_column_id: firstField?.id,
              comparison_op: 'notblank',
              logical_op: 'and',
              fk_parent_id: parent,
            },
      ),
    );

  const renderList = (list: FilterRow[], parent: string | null, depth: number) => (
    <div className={`flex flex-col gap-2 ${depth ? 'rounded border border-gray-200 p-2' : ''}`}>
      {list.map((f, i) => (
        <div key={f.id} className="flex items-start gap-2">
          {i === 0 ? (
            <span className="w-16 pt-1 text-xs text-gray-500">{t('grid.toolbar.where')}</span>
          ) : (
            <Select
              className="w-16"
              size="small"
              value={f.logical_op ?? 'and'}
              options={['and', 'or'].map((v) => ({ value: v, label: v }))}
              onChange={(v) => void record(() => viewApi.updateFilter(f.id, { logical_op: v }))}
            />
          )}
          {f.is_group ? (
            <div className="flex-1">{renderList(f.children ?? [], f.id, depth + 1)}</div>
          ) : (
            <>
              <FilterCondition
                filter={f}
                fields={fields}
                columns={table.columns ?? []}
                save={(patch) => void record(() => viewApi.updateFilter(f.id, patch))}
              />
            </>
          )}
          <Button
            size="small"
            aria-label={t('grid.toolbar.removeFilter')}
            onClick={() => void record(() => viewApi.deleteFilter(f.id))}
          >
            ×
          </Button>
        </div>
      ))}
      <div className="flex gap-2">
        <Button size="small" data-testid="filter-add" onClick={() => void add(parent, false)}>
          {t('grid.toolbar.addFilter')}
        </Button>
        {depth < 2 && (
          <Button size="small" onClick={() => void add(parent, true)}>
            {t('grid.toolbar.addFilterGroup')}
          </Button>
        )}
      </div>
    </div>
  );

  return (
    <div className="w-[36rem]" data-testid="filter-menu">
      {renderList(filters, null, 0)}
    </div>
  );
}
