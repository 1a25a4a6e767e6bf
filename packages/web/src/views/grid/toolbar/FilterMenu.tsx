/**
 * Toolbar "Filter": conditions and nested groups joined by and/or, saved as they change (filterAutoSave,
 * SPEC §3 default on). Operators come from core's filter catalogue.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { COMPARISON_OPS, VALUELESS_OPS } from '@rowbase/core/filters/ops';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { Button, Input, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditHistory } from '../../../undo/edit-history';
import { withViewUndo } from '../../../undo/view-snapshots';
import { type FilterRow, viewApi } from '../view-settings';

interface Props {
  table: TableMeta;
  viewId: string;
  onChanged(): void;
  onError(message: string): void;
  /** Where the panel's changes are recorded for undo. */
  history: EditHistory;
}

export function FilterMenu({ table, viewId, onChanged, onError, history }: Props) {
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
  const fields = (table.columns ?? [])
    .filter((c) => !isRowOrderColumn(c))
    .map((c) => ({ value: c.id, label: c.title }));
  // A new condition starts on the display-value field as "is not blank", which is valid for every type.
  const firstField = (table.columns ?? []).find((c) => c.pv) ?? (table.columns ?? []).find((c) => !c.pk);
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
              <Select
                size="small"
                className="w-32"
                value={f.fk_column_id}
                options={fields}
                onChange={(v) => void record(() => viewApi.updateFilter(f.id, { fk_column_id: v }))}
              />
              <Select
                size="small"
                className="w-28"
                data-testid="filter-op"
                value={f.comparison_op}
                options={COMPARISON_OPS.map((o) => ({ value: o, label: o }))}
                onChange={(v) => void record(() => viewApi.updateFilter(f.id, { comparison_op: v }))}
              />
              {!VALUELESS_OPS.includes(f.comparison_op as never) && (
                <Input
                  size="small"
                  className="w-32"
                  data-testid="filter-value"
                  defaultValue={f.value === null || f.value === undefined ? '' : String(f.value)}
                  onBlur={(e) => void record(() => viewApi.updateFilter(f.id, { value: e.target.value }))}
                  onPressEnter={(e) =>
                    void record(() => viewApi.updateFilter(f.id, { value: e.currentTarget.value }))
                  }
                />
              )}
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
