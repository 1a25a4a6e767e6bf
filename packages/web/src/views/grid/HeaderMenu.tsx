/**
 * The field header menu, under the field's type name: edit, duplicate, insert a field, hide, sort, filter, group by, freeze, set as display
 * value, and delete with confirmation. Each action calls the meta/views API and then reloads what it changed.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { confirmDelete } from '../../components/ActionsMenu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeLabel } from '../../fields/type-label';
import { FieldForm } from '../../field-editor/FieldForm';
import type { GridHandle } from './use-grid';
import { addField, addRemovable, changeSetting, editField } from '../../undo/undoable-settings';
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
  /** May change the table's fields; without it only the view's own settings are offered. */
  canEditSchema?: boolean;
}

// Items that change the table's fields rather than this view (left out for an editor).
const SCHEMA_ITEMS = [
  'grid.header.editField',
  'grid.header.insertField',
  'grid.header.duplicateField',
  'grid.header.setDisplayValue',
  'grid.header.deleteField',
];

export function HeaderMenu({
  grid,
  table,
  viewId,
  col,
  x,
  y,
  onClose,
  onError,
  onFieldsChanged,
  canEditSchema = true,
}: Props) {
  const { t } = useTranslation();
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
  const reloadRows = () => g.cache.reload();
  const needView = (work: (viewId: string) => Promise<unknown>) => () =>
    viewId ? work(viewId) : Promise.reject(new Error(t('grid.header.needView')));

  const allItems: [string, () => void][] = [
    [t('grid.header.editField'), () => setForm('edit')],
    [t('grid.header.insertField'), () => setForm('add')],
    [
      t('grid.header.duplicateField'),
      () =>
        run(() =>
          addRemovable(
            g.history,
            t('grid.header.duplicateField'),
            () => fieldApi.duplicate(table.base_id, column.id),
            fieldApi.remove,
            () => void fieldsChanged(),
          ),
        ),
    ],
    [
      t('grid.header.hideField'),
      () =>
        run(
          needView((v) =>
            changeSetting(
              g.history,
              t('grid.header.hideField'),
              (on: boolean) => viewApi.showColumn(v, column.id, on).then(grid.reloadSettings),
              true,
              false,
            ),
          ),
        ),
    ],
    [
      t('grid.header.sortAscending'),
      () =>
        run(
          needView((v) =>
            addRemovable(
              g.history,
              t('grid.header.sortAscending'),
              () => viewApi.addSort(v, column.id, 'asc'),
              viewApi.deleteSort,
              reloadRows,
            ),
          ),
        ),
    ],
    [
      t('grid.header.sortDescending'),
      () =>
        run(
          needView((v) =>
            addRemovable(
              g.history,
              t('grid.header.sortDescending'),
              () => viewApi.addSort(v, column.id, 'desc'),
              viewApi.deleteSort,
              reloadRows,
            ),
          ),
        ),
    ],
    [
      t('grid.header.filterBy'),
      () =>
        run(
          needView((v) =>
            addRemovable(
              g.history,
              t('grid.header.filterBy'),
              () =>
                viewApi.addFilter(v, {
                  fk_column_id: column.id,
                  comparison_op: 'notblank',
                  logical_op: 'and',
                }),
              viewApi.deleteFilter,
              reloadRows,
            ),
          ),
        ),
    ],
    [
      t('grid.header.groupBy'),
      () =>
        run(
          needView((v) =>
            changeSetting(
              g.history,
              t('grid.header.groupBy'),
              (on: boolean) => viewApi.groupBy(v, column.id, on).then(grid.reloadSettings),
              false,
              true,
            ),
          ),
        ),
    ],
    [
      col < g.layout.frozen ? t('grid.header.unfreeze') : t('grid.header.freeze'),
      () => {
        const before = g.layout.frozen;
        const frozen = col < before ? 0 : col + 1;
        const freeze = (n: number) => {
          g.setColumns(g.columns, [...g.layout.widths], n);
          return viewId ? persistColumns(viewId, g.columns, [...g.layout.widths], n) : Promise.resolve();
        };
        run(needView(() => changeSetting(g.history, t('grid.header.freeze'), freeze, before, frozen)));
      },
    ],
    [
      t('grid.header.setDisplayValue'),
      () => {
        const previous = (table.columns ?? []).find((c) => c.pv)?.id;
        const display = (id: string) => fieldApi.setDisplayValue(id).then(fieldsChanged);
        run(() =>
          previous && previous !== column.id
            ? changeSetting(g.history, t('grid.header.setDisplayValue'), display, previous, column.id)
            : display(column.id),
        );
      },
    ],
    [
      t('grid.header.deleteField'),
      () => {
        onClose();
        confirmDelete(
          t,
          t('grid.header.deleteConfirm', { title: column.title }),
          () =>
            fieldApi
              .remove(column.id)
              .then(fieldsChanged)
              .catch((e: unknown) => onError(e instanceof Error ? e.message : String(e))),
          t('grid.header.deleteWarning'),
        );
      },
    ],
  ];

  const schemaLabels = new Set(SCHEMA_ITEMS.map((key) => t(key)));
  const items = canEditSchema ? allItems : allItems.filter(([label]) => !schemaLabels.has(label));

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
          if (form === 'edit')
            await editField(g.history, t('grid.header.editField'), column, body, fieldsChanged);
          else await addField(g.history, t('grid.field.addField'), table.id, body, fieldsChanged);
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
        <li
          data-testid="header-menu-type"
          className="mb-1 truncate border-b border-gray-100 px-3 pb-1 text-xs text-gray-500"
        >
          {typeLabel(t, column.uidt)}
        </li>
        {column.auto_indexed && (
          <li
            data-testid="header-menu-indexed"
            title={t('grid.header.indexedHint')}
            className="-mt-1 mb-1 border-b border-gray-100 px-3 pb-1 text-xs text-gray-500"
          >
            {t('grid.header.indexed')}
          </li>
        )}
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
