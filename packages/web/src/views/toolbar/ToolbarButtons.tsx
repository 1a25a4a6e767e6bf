/**
 * The toolbar buttons the grid and the card views (gallery, kanban) share: a labelled popover button, the
 * filter and sort menus behind theirs, and the search box over the display value.
 */
import type { TableMeta } from '@rowbase/core/api/meta';
import { Button, Input } from 'antd';
import { Popover } from '../../components/still-popups';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditHistory } from '../../undo/edit-history';
import { FilterMenu } from '../grid/toolbar/FilterMenu';
import { SortMenu } from '../grid/toolbar/SortMenu';

/** The where clause of the toolbar search: the display-value field contains the text. */
export function searchWhere(field: string, text: string): string | undefined {
  const t = text.trim();
  return t ? `(${field},like,%${t.replace(/[(),]/g, ' ')}%)` : undefined;
}

/** A toolbar button opening its menu below it. */
export function ToolbarMenu({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Popover trigger="click" placement="bottomLeft" content={children} destroyOnHidden>
      <Button size="small" type="text" data-testid={testId}>
        {label}
      </Button>
    </Popover>
  );
}

interface MenuProps {
  table: TableMeta;
  viewId: string;
  /** The view's filters or sorts changed: its rows must be read again. */
  onChanged(): void;
  onError(message: string): void;
  history: EditHistory;
  showSystem?: boolean;
}

export function FilterButton(props: MenuProps) {
  const { t } = useTranslation();
  return (
    <ToolbarMenu label={t('grid.toolbar.filter')} testId="toolbar-filter">
      <FilterMenu {...props} />
    </ToolbarMenu>
  );
}

export function SortButton(props: MenuProps) {
  const { t } = useTranslation();
  return (
    <ToolbarMenu label={t('grid.toolbar.sort')} testId="toolbar-sort">
      <SortMenu {...props} />
    </ToolbarMenu>
  );
}

/** The search box; its placeholder names the field searched. */
export function SearchBox({
  field,
  value,
  onChange,
}: {
  field: string;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      size="small"
      style={{ width: 200 }}
      allowClear
      placeholder={t('grid.toolbar.search', { field })}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      data-testid="toolbar-search"
    />
  );
}
