/**
 * The field header menu: edit, duplicate, insert a field, hide, sort, filter, group by, freeze, set as display
 * value, and delete with confirmation. Each action calls the meta/views API and then reloads what it changed.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Modal } from 'antd';
import { useState } from 'react';
import { FieldForm } from './FieldForm';
import type { GridHandle } from './use-grid';
import { fieldApi, persistColumns, viewApi } from './view-settings';

interface Props {
  grid: GridHandle;
  table: TableMeta;
  viewId?: string;
  col: number;
  x: number;
  y: number;
  onClose(): void;
  onError(message: string): void;
  onFieldsChanged?(): void;
}

export function HeaderMenu({ grid, table, viewId, col, x, y, onClose, onError, onFieldsChanged }: Props) {
  const g = grid.controller;
  const column = g.columns[col]!;
  const [form, setForm] = useState<'edit' | 'add' | null>(null);
  const run = (work: () => Promise<unknown>, after: () => unknown = () => grid.reloadSettings()) => {
    onClose();
    work()
      .then(after)
      .catch((e: unknown) => onError(e instanceof Error ? e.message : String(e)));
  };
  const fieldsChanged = () => {
    onFieldsChanged?.();
    return grid.reloadSettings();
  };
  const needView = (work: (viewId: string) => Promise<unknown>) => () =>
    viewId ? work(viewId) : Promise.reject(new Error('Open a view to change its settings'));

  const items: [string, () => void][] = [
    ['Edit field', () => setForm('edit')],
    ['Insert field', () => setForm('add')],
    ['Duplicate field', () => run(() => fieldApi.duplicate(table.base_id, column.id), fieldsChanged)],
    [
      'Hide field',
      () =>
        run(
          needView(async (v) => {
            await viewApi.showColumn(v, column.id, false);
            const show = (on: boolean) => viewApi.showColumn(v, column.id, on).then(grid.reloadSettings);
            g.history.push({ label: 'Hide field', undo: () => show(true), redo: () => show(false) });
          }),
        ),
    ],
    [
      'Sort ascending',
      () =>
        run(
          needView((v) => viewApi.addSort(v, column.id, 'asc')),
          () => g.cache.reload(),
        ),
    ],
    [
      'Sort descending',
      () =>
        run(
          needView((v) => viewApi.addSort(v, column.id, 'desc')),
          () => g.cache.reload(),
        ),
    ],
    [
      'Filter by this field',
      () =>
        run(
          needView((v) =>
            viewApi.addFilter(v, { fk_column_id: column.id, comparison_op: 'notblank', logical_op: 'and' }),
          ),
          () => g.cache.reload(),
        ),
    ],
    ['Group by this field', () => run(needView((v) => viewApi.groupBy(v, column.id, true)))],
    [
      col < g.layout.frozen ? 'Unfreeze columns' : 'Freeze up to here',
      () => {
        const frozen = col < g.layout.frozen ? 0 : col + 1;
        g.setColumns(g.columns, [...g.layout.widths], frozen);
        run(needView((v) => persistColumns(v, g.columns, [...g.layout.widths], frozen)));
      },
    ],
    ['Set as display value', () => run(() => fieldApi.setDisplayValue(column.id), fieldsChanged)],
    [
      'Delete field',
      () => {
        onClose();
        Modal.confirm({
          title: `Delete field '${column.title}'?`,
          content: 'Its data is deleted too. This cannot be undone.',
          okButtonProps: { danger: true },
          okText: 'Delete',
          onOk: () =>
            fieldApi
              .remove(column.id)
              .then(fieldsChanged)
              .catch((e: unknown) => onError(e instanceof Error ? e.message : String(e))),
        });
      },
    ],
  ];

  if (form)
    return (
      <FieldForm
        table={table}
        initial={form === 'edit' ? column : undefined}
        onClose={() => {
          setForm(null);
          onClose();
        }}
        onSubmit={async (body) => {
          if (form === 'edit') await fieldApi.update(column.id, body);
          else await fieldApi.add(table.id, body);
          await fieldsChanged();
        }}
      />
    );

  return (
    <>
      <div className="fixed inset-0 z-20" onMouseDown={onClose} />
      <ul
        data-testid="header-menu"
        className="absolute z-30 w-56 rounded border border-gray-200 bg-white py-1 text-[13px] shadow-lg"
        style={{ left: x, top: y }}
      >
        {items.map(([label, action]) => (
          <li key={label}>
            <button className="w-full px-3 py-1 text-left hover:bg-gray-50" onClick={action}>
              {label}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
