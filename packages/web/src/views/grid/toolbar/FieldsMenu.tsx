/** Toolbar "Fields": show/hide each field, move it up or down, show system fields, show or hide all. */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../../../fields/type-label';
import { gridColumns, isHiddenSystem } from '../grid-columns';
import type { GridHandle } from '../use-grid';
import { persistColumns, viewApi } from '../view-settings';

interface Props {
  grid: GridHandle;
  table: TableMeta;
  viewId: string;
  showSystem: boolean;
  setShowSystem(on: boolean): void;
  onError(message: string): void;
}

export function FieldsMenu({ grid, table, viewId, showSystem, setShowSystem, onError }: Props) {
  const { t } = useTranslation();
  const all = (table.columns ?? []).filter((c) => !isHiddenSystem(c, showSystem));
  const shown = new Set(grid.controller.columns.map((c) => c.id));
  // The full order: shown fields in grid order, then hidden ones in their saved order.
  const layout = gridColumns(
    all,
    grid.settings.map((s) => ({ ...s, show: true })),
    showSystem,
  );
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const move = (i: number, d: -1 | 1) => {
    const cols = [...layout.columns];
    const j = i + d;
    if (j < 0 || j >= cols.length) return;
    [cols[i], cols[j]] = [cols[j]!, cols[i]!];
    const widths = cols.map((c) => layout.widths[layout.columns.indexOf(c)] ?? 200);
    void persistColumns(viewId, cols, widths, grid.controller.layout.frozen).then(grid.reloadSettings, fail);
  };
  return (
    <div className="flex w-72 flex-col gap-1" data-testid="fields-menu">
      <ul className="max-h-80 overflow-auto">
        {layout.columns.map((c, i) => (
          <li key={c.id} className="flex items-center gap-2 py-0.5">
            <Checkbox
              data-testid={`field-toggle-${c.title}`}
              checked={shown.has(c.id)}
              onChange={(e) =>
                void viewApi.showColumn(viewId, c.id, e.target.checked).then(grid.reloadSettings, fail)
              }
            />
            <span className="flex-1 truncate" title={typeLabel(t, c.uidt)}>
              {c.title}
            </span>
            <Button
              size="small"
              aria-label={t('grid.toolbar.moveFieldUp', { field: c.title })}
              onClick={() => move(i, -1)}
            >
              ↑
            </Button>
            <Button
              size="small"
              aria-label={t('grid.toolbar.moveFieldDown', { field: c.title })}
              onClick={() => move(i, 1)}
            >
              ↓
            </Button>
          </li>
        ))}
      </ul>
      <Checkbox checked={showSystem} onChange={(e) => setShowSystem(e.target.checked)}>
        {t('grid.toolbar.showSystemFields')}
      </Checkbox>
      <div className="flex gap-2">
        <Button size="small" onClick={() => void viewApi.showAll(viewId).then(grid.reloadSettings, fail)}>
          {t('grid.toolbar.showAll')}
        </Button>
        <Button size="small" onClick={() => void viewApi.hideAll(viewId).then(grid.reloadSettings, fail)}>
          {t('grid.toolbar.hideAll')}
        </Button>
      </div>
    </div>
  );
}
