/**
 * The toolbar of the card views (gallery, kanban): which fields the cards show, filter, sort, search on the
 * display value, share and download, plus the type's own settings (cover field, stacks field) on the left.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button, Checkbox } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, request } from '../../api/client';
import { errorMessageOf, notifyError } from '../../api/notify';
import { EditHistory } from '../../undo/edit-history';
import { ShareMenu } from '../share/ShareMenu';
import { FilterButton, SearchBox, SortButton, ToolbarMenu, searchWhere } from '../toolbar/ToolbarButtons';
import { displayColumn } from './card-data';

interface Props {
  table: TableMeta;
  viewId: string;
  viewColumns: { fk_column_id: string; show: boolean }[];
  /** Rows must be read again (filter, sort or search changed). */
  onRowsChanged(): void;
  /** The view's columns changed (a field shown or hidden). */
  onColumnsChanged(): void;
  onSearch(where: string | undefined): void;
  /** A shared page: search only. */
  readOnly?: boolean;
  children?: ReactNode;
}

const onError = (message: string) => notifyError(new Error(message));

export function CardToolbar({
  table,
  viewId,
  viewColumns,
  onRowsChanged,
  onColumnsChanged,
  onSearch,
  readOnly = false,
  children,
}: Props) {
  const { t } = useTranslation();
  const history = useMemo(() => new EditHistory(), []);
  const [search, setSearch] = useState('');
  const title = displayColumn(table);
  const shown = new Set(viewColumns.filter((vc) => vc.show).map((vc) => vc.fk_column_id));

  useEffect(() => {
    const timer = setTimeout(() => onSearch(title ? searchWhere(title.title, search) : undefined), 250);
    return () => clearTimeout(timer);
  }, [search, title, onSearch]);

  const toggle = async (columnId: string, show: boolean) => {
    try {
      await api.patch(`/api/v1/db/meta/views/${viewId}/columns/${columnId}`, { show });
      onColumnsChanged();
    } catch (e) {
      notifyError(e);
    }
  };

  const download = async (format: 'csv' | 'excel') => {
    try {
      const res = await request<Blob | string>(
        'GET',
        `/api/v1/db/data/noco/${table.base_id}/${table.id}/views/${viewId}/export/${format}`,
      );
      const blob =
        res instanceof Blob ? res : new Blob([typeof res === 'string' ? res : JSON.stringify(res)]);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = `${table.title}.${format === 'csv' ? 'csv' : 'xlsx'}`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (e) {
      onError(errorMessageOf(e));
    }
  };

  const menu = (label: string, testId: string, content: ReactNode) => (
    <ToolbarMenu label={label} testId={testId}>
      {content}
    </ToolbarMenu>
  );
  const fields = (table.columns ?? []).filter((c) => !c.system && !c.pk && c.id !== title?.id);

  return (
    <div
      className="flex flex-wrap items-center gap-1 border-b border-gray-200 px-2 py-1 text-[13px]"
      data-testid="card-toolbar"
    >
      {children}
      {!readOnly && (
        <>
          {menu(
            t('grid.toolbar.fields'),
            'toolbar-fields',
            <div className="flex max-h-80 flex-col gap-1 overflow-auto" data-testid="card-fields-menu">
              {fields.map((c) => (
                <Checkbox
                  key={c.id}
                  checked={shown.has(c.id)}
                  onChange={(e) => void toggle(c.id, e.target.checked)}
                  data-testid={`card-field-toggle-${c.title}`}
                >
                  {c.title}
                </Checkbox>
              ))}
            </div>,
          )}
          <FilterButton
            table={table}
            viewId={viewId}
            onChanged={onRowsChanged}
            onError={onError}
            history={history}
          />
          <SortButton
            table={table}
            viewId={viewId}
            onChanged={onRowsChanged}
            onError={onError}
            history={history}
          />
        </>
      )}
      <SearchBox field={title?.title ?? ''} value={search} onChange={setSearch} />
      <div className="flex-1" />
      {!readOnly && (
        <>
          {menu(
            t('grid.toolbar.share'),
            'toolbar-share',
            <ShareMenu viewId={viewId} tableId={table.id} baseId={table.base_id} onError={onError} />,
          )}
          {menu(
            t('grid.toolbar.download'),
            'toolbar-download',
            <div className="flex flex-col gap-1">
              <Button size="small" onClick={() => void download('csv')}>
                CSV
              </Button>
              <Button size="small" onClick={() => void download('excel')}>
                Excel
              </Button>
            </div>,
          )}
        </>
      )}
    </div>
  );
}
