/**
 * The row menu (right-click on a row or its number): insert an empty row above or below, expand the record,
 * delete the selected rows. Inserting between rows needs the table's row-order column and rows in that order
 * (no sort, no grouping; see row-insert.ts): otherwise the insert items are shown disabled, saying why, rather
 * than quietly adding the row somewhere else. A new row shows at its place at once with its first editable
 * cell selected; Ctrl+Z deletes it again.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GridController } from './grid-controller';
import { firstEditableColumn, insertBlock, insertPlace } from './row-insert';
import { single } from './selection';
import { viewApi } from './view-settings';

interface Props {
  controller: GridController;
  /** The table's fields (the row-order column among them, if it has one). */
  columns: readonly ColumnMeta[];
  viewId?: string;
  row: number;
  x: number;
  y: number;
  onExpand(row: number): void;
  onClose(): void;
  onError(message: string): void;
}

export function RowMenu({ controller, columns, viewId, row, x, y, onExpand, onClose, onError }: Props) {
  const { t } = useTranslation();
  const g = controller;
  // The view's sorts are read when the menu opens: the toolbar may have changed them since the grid loaded.
  const [sorts, setSorts] = useState<number | undefined>(viewId ? undefined : 0);
  useEffect(() => {
    if (!viewId) return;
    let live = true;
    viewApi.sorts(viewId).then(
      (list) => live && setSorts(list.length),
      () => live && setSorts(0),
    );
    return () => {
      live = false;
    };
  }, [viewId]);
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const selectedRows = () => {
    const r = g.range;
    const inRange = row >= r.top && row <= r.bottom;
    const visual = inRange ? Array.from({ length: r.bottom - r.top + 1 }, (_, i) => r.top + i) : [row];
    return visual.map((v) => g.dataRow(v)).filter((d) => d >= 0);
  };
  const blocked = sorts === undefined ? undefined : insertBlock(columns, sorts, !!g.groups);
  const insert = async (where: 'above' | 'below') => {
    const data = g.dataRow(row);
    if (data < 0) return;
    const place = await insertPlace(data, where, g.cache.rowCount, (i) => g.cache.idAt(i));
    await g.edits.insertRowAt(place);
    g.select(single(place.index, firstEditableColumn(g.types)));
    g.focus();
  };
  // Disabled items carry the reason as their tooltip (none while the view's sorts are being read).
  const items: { key: string; label: string; disabled?: boolean; hint?: string; action?(): void }[] = [
    {
      key: 'insert-above',
      label: t('grid.insertAbove'),
      disabled: sorts === undefined || !!blocked,
      hint: blocked && t(blocked),
      action: () => void insert('above').catch(fail),
    },
    {
      key: 'insert-below',
      label: t('grid.insertBelow'),
      disabled: sorts === undefined || !!blocked,
      hint: blocked && t(blocked),
      action: () => void insert('below').catch(fail),
    },
    { key: 'expand', label: t('grid.expandRow'), action: () => onExpand(row) },
    {
      key: 'delete',
      label: t('grid.deleteRow'),
      action: () => void g.edits.deleteRows(selectedRows()).catch(fail),
    },
  ];
  return (
    <>
      <div className="fixed inset-0 z-20" onMouseDown={onClose} onContextMenu={(e) => e.preventDefault()} />
      <ul
        data-testid="row-menu"
        role="menu"
        className="absolute z-30 w-52 rounded border border-gray-200 bg-white py-1 text-[13px] shadow-lg"
        style={{ left: x, top: y }}
      >
        {items.map((item) => (
          <li key={item.key} role="none">
            <Tooltip title={item.hint} placement="right">
              {/* A disabled button gets no mouse events: the span carries the tooltip. */}
              <span className="block" data-testid={`row-menu-${item.key}-hint`}>
                <button
                  role="menuitem"
                  data-testid={`row-menu-${item.key}`}
                  disabled={item.disabled}
                  aria-disabled={item.disabled}
                  className="w-full px-3 py-1 text-left hover:bg-gray-50 disabled:cursor-not-allowed disabled:text-gray-400"
                  onClick={() => {
                    onClose();
                    item.action?.();
                  }}
                >
                  {item.label}
                </button>
              </span>
            </Tooltip>
          </li>
        ))}
      </ul>
    </>
  );
}
