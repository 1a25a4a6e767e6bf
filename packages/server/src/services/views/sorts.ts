/** View sort use cases: several sorts per view, in order, each on a field of the view's table. */
import { isSortable } from '@rowbase/core/fields/traits';
import type { CreateSortBody, SortReply, UpdateSortBody } from '@rowbase/core/api/sorts';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { StoredView } from '../../meta/repos/views.js';
import { getColumn } from './table-meta.js';

export async function getSort(ctx: AppContext, id: string): Promise<SortReply> {
  const s = await ctx.sorts.byId(id);
  if (!s) throw notFound(`Sort '${id}' not found`);
  return s;
}

async function checkField(trx: Knex, view: StoredView, columnId: string): Promise<void> {
  const column = await getColumn(trx, columnId);
  if (!column || column.fk_model_id !== view.fk_model_id) {
    throw badRequest(`fk_column_id: field '${columnId}' is not a field of this table`);
  }
  if (!isSortable(column.uidt)) {
    throw badRequest(`fk_column_id: a ${column.uidt} field cannot be sorted`);
  }
}

export async function createSort(
  ctx: AppContext,
  view: StoredView,
  body: CreateSortBody,
): Promise<SortReply> {
  return ctx.db.transaction(async (trx) => {
    await checkField(trx, view, body.fk_column_id);
    const existing = await ctx.sorts.listByView(view.id, trx);
    if (existing.some((s) => s.fk_column_id === body.fk_column_id)) {
      throw badRequest('fk_column_id: this field is already sorted in this view');
    }
    let order: number;
    if (body.order !== undefined) order = body.order;
    else if (body.push_to_top) order = (existing[0]?.order ?? 1) - 1;
    else order = (existing.at(-1)?.order ?? 0) + 1;
    return ctx.sorts.insert(
      {
        fk_view_id: view.id,
        fk_column_id: body.fk_column_id,
        base_id: view.base_id,
        direction: body.direction ?? 'asc',
        order,
      },
      trx,
    );
  });
}

export async function updateSort(
  ctx: AppContext,
  view: StoredView,
  sort: SortReply,
  body: UpdateSortBody,
): Promise<SortReply> {
  return ctx.db.transaction(async (trx) => {
    if (body.fk_column_id && body.fk_column_id !== sort.fk_column_id) {
      await checkField(trx, view, body.fk_column_id);
    }
    await ctx.sorts.update(sort.id, body, trx);
    return (await ctx.sorts.byId(sort.id, trx))!;
  });
}
