/** Toolbar "Sort": the view's sorts in order, each with field and direction; add and remove (saved at once). */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickableFields } from '../../../fields/pickable';
import type { EditHistory } from '../../../undo/edit-history';
import { withViewUndo } from '../../../undo/view-snapshots';
import { type SortRow, viewApi } from '../view-settings';

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

export function SortMenu({ table, viewId, onChanged, onError, history, showSystem = false }: Props) {
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
  const record = (change: () => Promise<unknown>) =>
    withViewUndo(history, t('grid.toolbar.sort'), 'sorts', viewId, change, changed).catch(fail);
  const fields = pickableFields(table.columns, showSystem).map((c) => ({ value: c.id, label: c.title }));
  return (
    <div className="flex w-96 flex-col gap-2" data-testid="sort-menu">
      {sorts.map((s) => (
        <div key={s.id} className="flex gap-2">
          <Select
            className="flex-1"
            value={s.fk_column_id}
            options={fields}
            onChange={(v) => void record(() => viewApi.updateSort(s.id, { fk_column_id: v }))}
          />
          <Select
            className="w-28"
            value={s.direction}
            options={[
              { value: 'asc', label: t('grid.toolbar.ascending') },
              { value: 'desc', label: t('grid.toolbar.descending') },
            ]}
            onChange={(v) => void record(() => viewApi.updateSort(s.id, { direction: v }))}
          />
          <Button
            aria-label={t('grid.toolbar.removeSort')}
            onClick={() => void record(() => viewApi.deleteSort(s.id))}
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
        onChange={(v: string) => void record(() => viewApi.addSort(viewId, v, 'asc'))}
      />
    </div>
  );
}
