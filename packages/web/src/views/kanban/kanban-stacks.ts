/**
 * A kanban board's stacks: one per option of its SingleSelect field, in the options' order, after an
 * "Uncategorized" stack for records with no value. Each stack reads its cards through the view (its filters,
 * sorts and search) with a where clause of its own, a page at a time.
 */
import { optionListOf } from '@rowbase/core/fields/col-options';
import type { ColumnMeta, SelectOption } from '@rowbase/core/api/meta';
import { quoteOptionList } from '@rowbase/core/fields/column-rules';
import { printWhere } from '@rowbase/core/filters/where';
import { api } from '../../api/client';
import { TAG_COLORS } from '../../fields/paint';

export interface Stack {
  /** The option's title; null for the Uncategorized stack. */
  key: string | null;
  color?: string;
  option?: SelectOption;
}

/** The id a stack has in drag and drop and in the view's collapsed list ('' for Uncategorized). */
export const stackId = (key: string | null) => `stack:${key ?? ''}`;

export function optionsOf(column: ColumnMeta): SelectOption[] {
  const options = optionListOf(column);
  return [...options].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

export function stacksOf(column: ColumnMeta): Stack[] {
  return [{ key: null }, ...optionsOf(column).map((o) => ({ key: o.title, color: o.color, option: o }))];
}

/** The rows of one stack within the view's own where (search), printed safely whatever the option holds. */
export function stackWhere(column: ColumnMeta, key: string | null, search?: string): string {
  const own = printWhere([
    key === null
      ? { type: 'condition', logical: 'and', field: column.title, op: 'blank', args: [] }
      : { type: 'condition', logical: 'and', field: column.title, op: 'eq', value: key, args: [key] },
  ]);
  return search ? `${own}~and${search}` : own;
}

/** The field's options saved in a new order or with a new one, keeping ids so renames follow. */
export async function saveOptions(column: ColumnMeta, options: SelectOption[]): Promise<void> {
  await api.patch(`/api/v1/db/meta/columns/${column.id}`, {
    title: column.title,
    column_name: column.column_name,
    uidt: column.uidt,
    meta: column.meta ?? {},
    colOptions: { options: options.map((o, i) => ({ ...o, order: i + 1 })) },
    dtxp: quoteOptionList(options.map((o) => o.title)),
  });
}

export const cardOrderApi = {
  /** Places a stack's first cards, in this order, ahead of the view's other placed cards. */
  save: (viewId: string, rowIds: string[]) =>
    api.put(`/api/v1/db/meta/kanbans/${viewId}/card-order`, { rows: rowIds }),
};

/** A colour for a new option, not yet used by the others when one is free. */
export function nextColour(options: SelectOption[]): string {
  const used = new Set(options.map((o) => o.color?.toLowerCase()));
  return (
    TAG_COLORS.find((c) => !used.has(c.toLowerCase())) ?? TAG_COLORS[options.length % TAG_COLORS.length]!
  );
}
