/**
 * The grid toolbar: fields, filter, sort, group-by, row height, search, import into the table, share, download,
 * and row actions
 * (add at the bottom, insert below the active row, delete selected rows, undo/redo).
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button } from 'antd';
import { Select } from '../../components/still-pickers';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestBlob } from '../../api/client';
import { FieldForm } from '../../field-editor/FieldForm';
import { FieldsMenu } from './toolbar/FieldsMenu';
import { GroupMenu } from './toolbar/GroupMenu';
import { ShareMenu } from '../share/ShareMenu';
import { FilterButton, SearchBox, SortButton, ToolbarMenu, searchWhere } from '../toolbar/ToolbarButtons';
import { ROW_HEIGHTS, type GridHandle } from './use-grid';
import { addField } from '../../undo/undoable-settings';
import { viewApi } from './view-settings';
import { usePermissions } from '../../app/use-permissions';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';
import { ImportWizard } from '../../imports/ImportWizard';

interface Props {
  grid: GridHandle;
  table: TableMeta;
  viewId?: string;
  onError(message: string): void;
  onFieldsChanged?(): void;
  /** Only looking: search, row height and download; nothing that changes the view or its rows. */
  readOnly?: boolean;
  /** May add fields (a creator or owner). */
  canEditSchema?: boolean;
  /** Opens the keyboard shortcut help. */
  onShowShortcuts?(): void;
}

const HEIGHT_LABELS = ['short', 'medium', 'tall', 'extraTall'] as const;

export function GridToolbar({
  grid,
  table,
  viewId,
  onError,
  onFieldsChanged,
  readOnly = false,
  canEditSchema = !readOnly,
  onShowShortcuts,
}: Props) {
  const { t } = useTranslation();
  const [addingField, setAddingField] = useState(false);
  const [webhooksOpen, setWebhooksOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const { allowed } = usePermissions(table.base_id);
  const g = grid.controller;
  const [showSystem, setShowSystem] = useState(false);
  const [rowHeight, setRowHeight] = useState(0);
  const [search, setSearch] = useState('');
  const fail = (e: unknown) => onError(e instanceof Error ? e.message : String(e));
  const reloadRows = () => g.cache.reload();
  const applyRowHeight = (v: number) => {
    setRowHeight(v);
    g.setRowHeight(ROW_HEIGHTS[v]!);
    if (viewId && !readOnly) void viewApi.setRowHeight(viewId, v).catch(fail);
  };
  const searchField = (table.columns ?? []).find((c) => c.pv)?.title ?? g.columns[0]?.title ?? 'Title';
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      if ((grid.query.where ?? '') !== (searchWhere(searchField, search) ?? ''))
        grid.setQuery({ where: searchWhere(searchField, search) });
    }, 250);
    return () => clearTimeout(searchTimer.current);
  }, [search, searchField, grid]);

  const download = async (format: 'csv' | 'excel' | 'json') => {
    try {
      const path = `/api/v1/db/data/noco/${table.base_id}/${table.id}/views/${viewId ?? ''}/export/${format}`;
      const blob = await requestBlob('GET', path);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `${table.title}.${format === 'excel' ? 'xlsx' : format}`;
      a.click();
      // Revoked later: the browser may still be reading the blob when click() returns.
      setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
    } catch (e) {
      fail(e);
    }
  };

  const addRow = () =>
    void g.edits
      .insertRows([{}])
      .then(
        () => g.select({ active: { row: g.rowCount, col: 0 }, anchor: { row: g.rowCount, col: 0 } }),
        fail,
      );
  const deleteRows = () => {
    const r = g.range;
    const rows = Array.from({ length: r.bottom - r.top + 1 }, (_, i) => g.dataRow(r.top + i)).filter(
      (d) => d >= 0,
    );
    void g.edits.deleteRows(rows).catch(fail);
  };

  const menu = (label: string, testId: string, content: React.ReactNode) => (
    <ToolbarMenu label={label} testId={testId}>
      {content}
    </ToolbarMenu>
  );

  return (
    <div
      className="flex flex-wrap items-center gap-1 border-b border-gray-200 px-2 py-1 text-[13px]"
      data-testid="grid-toolbar"
    >
      {viewId && !readOnly && (
        <>
          {menu(
            t('grid.toolbar.fields'),
            'toolbar-fields',
            <FieldsMenu
              grid={grid}
              table={table}
              viewId={viewId}
              showSystem={showSystem}
              setShowSystem={setShowSystem}
              onError={onError}
            />,
          )}
          <FilterButton
            table={table}
            viewId={viewId}
            onChanged={reloadRows}
            onError={onError}
            history={g.history}
            showSystem={showSystem}
          />
          <SortButton
            table={table}
            viewId={viewId}
            onChanged={reloadRows}
            onError={onError}
            history={g.history}
            showSystem={showSystem}
          />
          {menu(
            t('grid.toolbar.group'),
            'toolbar-group',
            <GroupMenu grid={grid} table={table} viewId={viewId} onError={onError} showSystem={showSystem} />,
          )}
        </>
      )}
      <Select
        size="small"
        className="w-28"
        aria-label={t('grid.toolbar.rowHeight')}
        value={rowHeight}
        options={HEIGHT_LABELS.map((key, i) => ({ value: i, label: t(`grid.toolbar.height.${key}`) }))}
        onChange={(v: number) => {
          const before = rowHeight;
          applyRowHeight(v);
          if (viewId && !readOnly)
            g.history.push({
              label: t('grid.toolbar.rowHeight'),
              undo: async () => applyRowHeight(before),
              redo: async () => applyRowHeight(v),
            });
        }}
      />
      <SearchBox field={searchField} value={search} onChange={setSearch} />
      {canEditSchema && (
        <Button size="small" type="text" data-testid="add-field" onClick={() => setAddingField(true)}>
          {t('grid.toolbar.addField')}
        </Button>
      )}
      {addingField && (
        <FieldForm
          table={table}
          onClose={() => setAddingField(false)}
          onSubmit={(body) =>
            addField(g.history, t('grid.field.addField'), table.id, body, async () => {
              onFieldsChanged?.();
              await grid.reloadSettings();
            })
          }
        />
      )}
      {!readOnly && allowed('hookList') && (
        <Button size="small" type="text" data-testid="toolbar-webhooks" onClick={() => setWebhooksOpen(true)}>
          {t('webhooks.title')}
        </Button>
      )}
      {webhooksOpen && (
        <WebhooksPanel
          table={table}
          canEdit={allowed('webhook')}
          onClose={() => setWebhooksOpen(false)}
          onError={onError}
        />
      )}
      {!readOnly && allowed('csvTableImport') && (
        <Button size="small" type="text" data-testid="toolbar-import" onClick={() => setImporting(true)}>
          {t('grid.toolbar.import')}
        </Button>
      )}
      {importing && (
        <ImportWizard
          baseId={table.base_id}
          table={table}
          open
          onClose={() => {
            setImporting(false);
            reloadRows();
          }}
        />
      )}
      <div className="flex-1" />
      {onShowShortcuts && (
        <Button
          size="small"
          type="text"
          onClick={onShowShortcuts}
          aria-label={t('shortcuts.title')}
          title={t('shortcuts.title')}
          data-testid="toolbar-shortcuts"
        >
          ?
        </Button>
      )}
      {!readOnly && (
        <>
          <Button size="small" onClick={() => void g.undo()} aria-label={t('grid.toolbar.undo')}>
            ↶
          </Button>
          <Button size="small" onClick={() => void g.redo()} aria-label={t('grid.toolbar.redo')}>
            ↷
          </Button>
          <Button size="small" onClick={deleteRows} data-testid="delete-rows">
            {t('grid.toolbar.deleteRows')}
          </Button>
          <Button size="small" type="primary" onClick={addRow} data-testid="add-row">
            {t('grid.toolbar.addRow')}
          </Button>
        </>
      )}
      {viewId &&
        !readOnly &&
        menu(
          t('grid.toolbar.share'),
          'toolbar-share',
          <ShareMenu viewId={viewId} tableId={table.id} baseId={table.base_id} onError={onError} />,
        )}
      {viewId &&
        menu(
          t('grid.toolbar.download'),
          'toolbar-download',
          <div className="flex flex-col gap-1">
            <Button size="small" onClick={() => void download('csv')}>
              CSV
            </Button>
            <Button size="small" onClick={() => void download('excel')}>
              Excel
            </Button>
            <Button size="small" onClick={() => void download('json')}>
              JSON
            </Button>
          </div>,
        )}
    </div>
  );
}
