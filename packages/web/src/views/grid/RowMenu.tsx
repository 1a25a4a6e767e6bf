/**
 * The row menu (right-click on a row or its number): insert a row above or below, expand the record, delete the
 * selected rows. Tables have no row-order column (the row API orders by the primary key or the view's sorts), so
 * a new row cannot be placed between two others: the insert items are shown disabled, saying why, rather than
 * quietly adding the row at the bottom.
 */
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GridController } from './grid-controller';

interface Props {
  controller: GridController;
  row: number;
  x: number;
  y: number;
  onExpand(row: number): void;
  onClose(): void;
  onError(message: string): void;
}

export function RowMenu({ controller, row, x, y, onExpand, onClose, onError }: Props) {
  const { t } = useTranslation();
  const g = controller;
  const selectedRows = () => {
    const r = g.range;
    const inRange = row >= r.top && row <= r.bottom;
    const visual = inRange ? Array.from({ length: r.bottom - r.top + 1 }, (_, i) => r.top + i) : [row];
    return visual.map((v) => g.dataRow(v)).filter((d) => d >= 0);
  };
  // Disabled items carry the reason as their tooltip.
  const items: { key: string; label: string; disabled?: string; action?(): void }[] = [
    { key: 'insert-above', label: t('grid.insertAbove'), disabled: t('grid.noRowOrder') },
    { key: 'insert-below', label: t('grid.insertBelow'), disabled: t('grid.noRowOrder') },
    { key: 'expand', label: t('grid.expandRow'), action: () => onExpand(row) },
    {
      key: 'delete',
      label: t('grid.deleteRow'),
      action: () =>
        void g.edits
          .deleteRows(selectedRows())
          .catch((e: unknown) => onError(e instanceof Error ? e.message : String(e))),
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
            <Tooltip title={item.disabled} placement="right">
              {/* A disabled button gets no mouse events: the span carries the tooltip. */}
              <span className="block" data-testid={`row-menu-${item.key}-hint`}>
                <button
                  role="menuitem"
                  data-testid={`row-menu-${item.key}`}
                  disabled={!!item.disabled}
                  aria-disabled={!!item.disabled}
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
