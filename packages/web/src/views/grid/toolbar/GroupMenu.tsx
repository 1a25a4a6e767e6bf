/** Toolbar "Group": the fields the view groups by, outermost first (view column group_by), add or remove a level. */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { Select } from '../../../components/still-pickers';
import { useTranslation } from 'react-i18next';
import { pickableFields } from '../../../fields/pickable';
import { groupFieldsOf } from '../grid-columns';
import type { GridHandle } from '../use-grid';
import { changeSetting } from '../../../undo/undoable-settings';
import { viewApi } from '../view-settings';

interface Props {
  grid: GridHandle;
  table: TableMeta;
  viewId: string;
  onError(message: string): void;
  /** "Show system fields" is on: system fields may be picked too. */
  showSystem?: boolean;
}

export function GroupMenu({ grid, table, viewId, onError, showSystem = false }: Props) {
  const { t } = useTranslation();
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const grouped = groupFieldsOf(table.columns ?? [], grid.settings);
  const fields = pickableFields(table.columns, showSystem)
    .filter((c) => !grouped.includes(c))
    .map((c) => ({ value: c.id, label: c.title }));
  const changed = () => {
    grid.controller.cache.reload();
    return grid.reloadSettings();
  };
  /** Groups by a field (or stops) at a level, recording the opposite as its undo. */
  const setGroup = async (columnId: string, on: boolean, order: number) => {
    const apply = (state: boolean) => viewApi.groupBy(viewId, columnId, state, order).then(changed);
    await changeSetting(grid.controller.history, t('grid.toolbar.group'), apply, !on, on).catch(fail);
  };
  return (
    <div className="flex w-72 flex-col gap-2" data-testid="group-menu">
      {grouped.map((c) => (
        <div key={c.id} className="flex items-center gap-2">
          <span className="flex-1">{c.title}</span>
          <Button
            size="small"
            aria-label={t('grid.toolbar.removeGroup')}
            onClick={() => void setGroup(c.id, false, grouped.indexOf(c) + 1)}
          >
            ×
          </Button>
        </div>
      ))}
      <Select
        size="small"
        placeholder={t('grid.toolbar.groupByField')}
        value={null}
        options={fields}
        onChange={(v: string) => void setGroup(v, true, grouped.length + 1)}
      />
    </div>
  );
}
