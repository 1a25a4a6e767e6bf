/**
 * Which fields the grid shows, in what order, how wide, and how many are frozen: the table's columns merged with
 * the view's column settings (GET /api/v1/db/meta/views/{viewId}/columns). Without settings every non-system
 * field shows in table order, the display-value field first and frozen, as NocoDB does.
 */
import { isIdColumn } from '@rowbase/core/fields/traits';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { isRowOrderColumn } from '@rowbase/core/fields/row-order';

export const DEFAULT_COLUMN_WIDTH = 200;

export interface ViewColumnSetting {
  fk_column_id: string;
  show: boolean;
  order: number;
  width?: string | number | null;
  frozen?: boolean;
  pinned?: boolean;
  group_by?: boolean;
  group_by_order?: number | null;
}

/** The fields the view groups rows by, outermost level first (by `group_by_order`). */
export function groupFieldsOf(
  tableColumns: readonly ColumnMeta[],
  settings: readonly ViewColumnSetting[],
): ColumnMeta[] {
  return settings
    .filter((s) => s.group_by)
    .sort((a, b) => (a.group_by_order ?? 0) - (b.group_by_order ?? 0))
    .map((s) => tableColumns.find((c) => c.id === s.fk_column_id))
    .filter((c) => c !== undefined);
}

export interface GridColumns {
  columns: ColumnMeta[];
  widths: number[];
  frozen: number;
}

export function parseWidth(w: string | number | null | undefined): number {
  const n = typeof w === 'number' ? w : parseInt(String(w ?? ''), 10);
  return Number.isFinite(n) && n >= 40 ? n : DEFAULT_COLUMN_WIDTH;
}

/**
 * A system field is hidden unless the view shows system fields (the primary key never shows: rows are numbered);
 * the row-order column never shows: the rows' order is what it says.
 */
export function isHiddenSystem(c: ColumnMeta, showSystem: boolean): boolean {
  if (isRowOrderColumn(c)) return true;
  if (isIdColumn(c)) return !showSystem;
  return c.system && !showSystem;
}

export function gridColumns(
  tableColumns: readonly ColumnMeta[],
  settings: readonly ViewColumnSetting[],
  showSystem = false,
): GridColumns {
  const byId = new Map(settings.map((s) => [s.fk_column_id, s]));
  const order = (c: ColumnMeta, i: number) => byId.get(c.id)?.order ?? 1e6 + i;
  const visible = tableColumns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => !isHiddenSystem(c, showSystem) && (byId.get(c.id)?.show ?? true))
    .sort((a, b) => (a.c.pv === b.c.pv ? order(a.c, a.i) - order(b.c, b.i) : a.c.pv ? -1 : 1))
    .map(({ c }) => c);
  let frozen = 0;
  while (frozen < visible.length) {
    const s = byId.get(visible[frozen]!.id);
    if (s?.frozen || s?.pinned || (!settings.length && visible[frozen]!.pv)) frozen++;
    else break;
  }
  if (frozen === 0 && visible[0]?.pv) frozen = 1;
  return { columns: visible, widths: visible.map((c) => parseWidth(byId.get(c.id)?.width)), frozen };
}
