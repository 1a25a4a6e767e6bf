/**
 * The grid view of a table: toolbar, the canvas grid, the field header menu and the expanded record form.
 * Mounted by the table page at #/{workspace|nc}/{baseId}/{tableId}/{viewId}.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import { useCallback, useState } from 'react';
import { ShortcutHelp, useShortcutHelpKeys } from './shortcuts/ShortcutHelp';
import { notifyError } from '../../api/notify';
import { usePermissions } from '../../app/use-permissions';
import { ExpandedRecord } from '../record/ExpandedRecord';
import { FooterMenu } from './FooterMenu';
import { FULL_GRID_ACCESS, type GridAccess } from './grid-access';
import { type EditingCell, GridCanvas } from './GridCanvas';
import { GridToolbar } from './GridToolbar';
import { HeaderMenu } from './HeaderMenu';
import { RowMenu } from './RowMenu';
import { persistColumns } from './view-settings';
import { useCommentCounts } from './use-comment-counts';
import { useFooter } from './use-footer';
import { useGrid } from './use-grid';

interface Props {
  table: TableMeta;
  viewId?: string;
  /** Called after the table's fields changed (so the page refetches the table meta). */
  onFieldsChanged?(): void;
  /** Rows and view settings shown without any way to change them (a shared base's viewer). */
  readOnly?: boolean;
  /** What the signed-in person's role lets them change (everything unless narrowed). */
  access?: GridAccess;
}

export function GridView({
  table,
  viewId,
  onFieldsChanged,
  readOnly: lookOnly = false,
  access = FULL_GRID_ACCESS,
}: Props) {
  // Without the right to change rows the grid is the same read-only grid a shared view shows.
  const readOnly = lookOnly || !access.editData;
  const canEditSchema = !readOnly && access.editSchema;
  const [editing, setEditing] = useState<EditingCell | null>(null);
  const [menu, setMenu] = useState<{ col: number; x: number; y: number } | null>(null);
  const [expanded, setExpanded] = useState<number | null>(null);
  const [footerMenu, setFooterMenu] = useState<{ col: number; x: number; y: number } | null>(null);
  const [rowMenu, setRowMenu] = useState<{ row: number; x: number; y: number } | null>(null);
  const onError = useCallback((m: string) => notifyError(new Error(m)), []);
  const [shortcutHelp, setShortcutHelp] = useState(false);
  const openShortcutHelp = useCallback(() => setShortcutHelp(true), []);
  useShortcutHelpKeys(openShortcutHelp);
  const grid = useGrid(
    table,
    viewId,
    {
      onError,
      onEdit: (row, col, initial) =>
        // Keys typed faster than the editor opens reach the grid too: they continue the same edit.
        setEditing((prev) =>
          prev && initial !== undefined && prev.initial !== undefined && prev.row === row && prev.col === col
            ? { ...prev, initial: prev.initial + initial }
            : { row, col, initial },
        ),
      onHeaderMenu: (col, x, y) => setMenu({ col, x, y }),
      onColumnsChange: (columns: ColumnMeta[], widths: number[], before) => {
        if (!viewId || readOnly) return;
        const g = grid.controller;
        const save = (cols: ColumnMeta[], ws: number[]) => {
          g.setColumns(cols, ws, g.layout.frozen);
          return persistColumns(viewId, cols, ws, g.layout.frozen).then(grid.reloadSettings);
        };
        save(columns, widths).catch(onError);
        g.history.push({
          label: 'Move or resize field',
          undo: () => save(before.columns, before.widths),
          redo: () => save(columns, widths),
        });
      },
      // A viewer or commenter may still open a record (to read it and comment); a shared view's visitor not.
      onExpand: (row) => !lookOnly && setExpanded(row),
      onFooterMenu: (col, x, y) => setFooterMenu({ col, x, y }),
      onRowMenu: (row, x, y) => !readOnly && setRowMenu({ row, x, y }),
    },
    readOnly,
  );
  const { controller } = grid;
  const footer = useFooter(grid, table.base_id, table.id, viewId);
  const canCountComments = usePermissions(table.base_id).allowed('commentCount');
  const commentCounts = useCommentCounts(controller, table.id, canCountComments && !lookOnly);

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="grid-view">
      <GridToolbar
        grid={grid}
        table={table}
        viewId={viewId}
        onError={onError}
        onFieldsChanged={onFieldsChanged}
        readOnly={readOnly}
        canEditSchema={canEditSchema}
        onShowShortcuts={openShortcutHelp}
      />
      {shortcutHelp && <ShortcutHelp onClose={() => setShortcutHelp(false)} />}
      <div className="relative min-h-0 flex-1">
        <GridCanvas
          controller={controller}
          services={grid.services}
          editing={editing}
          setEditing={setEditing}
          onError={onError}
        />
        {footerMenu && controller.columns[footerMenu.col] && (
          <FooterMenu
            column={controller.columns[footerMenu.col]!}
            current={footer.chosen.get(controller.columns[footerMenu.col]!.id)}
            x={footerMenu.x}
            y={footerMenu.y}
            onChoose={(t) => void footer.choose(controller.columns[footerMenu.col]!.id, t).catch(onError)}
            onClose={() => setFooterMenu(null)}
          />
        )}
        {rowMenu && (
          <RowMenu
            controller={controller}
            columns={table.columns ?? []}
            viewId={viewId}
            {...rowMenu}
            onExpand={setExpanded}
            onClose={() => setRowMenu(null)}
            onError={onError}
          />
        )}
        {menu && (
          <HeaderMenu
            grid={grid}
            table={table}
            viewId={viewId}
            col={menu.col}
            x={menu.x}
            y={menu.y}
            onClose={() => setMenu(null)}
            onError={onError}
            onFieldsChanged={onFieldsChanged}
            canEditSchema={canEditSchema}
          />
        )}
      </div>
      {expanded !== null && (
        <ExpandedRecord
          controller={controller}
          table={table}
          row={expanded}
          services={grid.services}
          onClose={() => setExpanded(null)}
          onError={onError}
          onCommentCount={(rowId, count) => {
            commentCounts.set(rowId, count);
            controller.scheduleDraw();
          }}
        />
      )}
    </div>
  );
}
