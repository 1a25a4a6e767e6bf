/** Copying a view's contents into a new view of the same table: columns, filters (with groups), sorts. */
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import { syncViewColumns } from './view-columns.js';

export async function copyViewContents(
  ctx: AppContext,
  from: StoredView,
  to: StoredView,
  trx: Knex,
): Promise<void> {
  const sourceColumns = await syncViewColumns(ctx, from, trx);
  for (const c of sourceColumns) {
    const {
      id: _id,
      fk_view_id: _v,
      base_id: _b,
      fk_column_id,
      group_by,
      group_by_order,
      group_by_sort,
      ...rest
    } = c;
    const sameType = from.type === to.type;
    await ctx.viewColumns.insert(
      {
        ...rest,
        fk_view_id: to.id,
        fk_column_id,
        base_id: to.base_id,
        ...(sameType ? { group_by, group_by_order, group_by_sort } : {}),
      },
      trx,
    );
  }
  await copyFilters(ctx, from.id, to, null, null, trx);
  for (const s of await ctx.sorts.listByView(from.id, trx)) {
    await ctx.sorts.insert(
      {
        fk_view_id: to.id,
        fk_column_id: s.fk_column_id,
        base_id: to.base_id,
        direction: s.direction,
        order: s.order,
      },
      trx,
    );
  }
  if (from.type === to.type) {
    await ctx.views.saveSettings(to.id, await ctx.views.settings(from.id, trx), trx);
    await ctx.views.replaceCalendarRanges(to.id, await ctx.views.calendarRanges(from.id, trx), trx);
  }
}

async function copyFilters(
  ctx: AppContext,
  fromViewId: string,
  to: StoredView,
  fromParent: string | null,
  toParent: string | null,
  trx: Knex,
): Promise<void> {
  const all = await ctx.filters.listByView(fromViewId, trx);
  for (const f of all.filter((x) => x.fk_parent_id === fromParent)) {
    const { id, children: _c, ...rest } = f;
    const copy = await ctx.filters.insert({ ...rest, fk_view_id: to.id, fk_parent_id: toParent }, trx);
    if (f.is_group) await copyFilters(ctx, fromViewId, to, id, copy.id, trx);
  }
}
