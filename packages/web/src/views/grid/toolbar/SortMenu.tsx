/** Toolbar "Sort": the view's sorts in order, each with field and direction; add and remove (saved at once). */
import type { TableMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';
import { Button, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SortRow, viewApi } from '../view-settings';

interface Props {
  table: TableMeta;
  viewId: string;
  onChanged(): void;
  onError(message: string): void;
}

export function SortMenu({ table, viewId, onChanged, onError }: Props) {
  const { t } = useTranslation();
  const [sorts, setSorts] = useState<SortRow[]>([]);
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const load = () => viewApi.sorts(viewId).then(setSorts, fail);
  useEffect(() => {
    void viewApi
      .sorts(viewId)
      .then(setSorts, (e: unknown) => onError(e instanceof Error ? e.message : String(e)));
  }, [viewId, onError]);
  const changed = () => {
    onChanged();
    return load();
  };
  const fields = (table.columns ?? [])
    .filter((c) => !isRowOrderColumn(c))
    .map((c) => ({ value: c.id, label: c.title }));
  return (
    <div className="flex w-96 flex-col gap-2" data-testid="sort-menu">
      {sorts.map((s) => (
        <div key={s.id} className="flex gap-2">
          <Select
            className="flex-1"
            value={s.fk_column_id}
            options={fields}
            onChange={(v) => void viewApi.updateSort(s.id, { fk_column_id: v }).then(changed, fail)}
          />
          <Select
            className="w-28"
            value={s.direction}
            options={[
              { value: 'asc', label: t('grid.toolbar.ascending') },
              { value: 'desc', label: t('grid.toolbar.descending') },
            ]}
            onChange={(v) => void viewApi.updateSort(s.id, { direction: v }).then(changed, fail)}
          />
          <Button
            aria-label={t('grid.toolbar.removeSort')}
            onClick={() => void viewApi.deleteSort(s.id).then(changed, fail)}
          >
            ×
          </Button>
        </div>
      ))}
      <Select
        data-testid="sort-add"
        placeholder={t('grid.toolbar.addSort')}
        value={null}
        options={fields}
        onChange={(v: string) => void viewApi.addSort(viewId, v, 'asc').then(changed, fail)}
      />
    </div>
  );
}
