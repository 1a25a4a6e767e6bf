/**
 * Writing rows through a view (authenticated only; shares never reach this): create, and update / delete
 * of a row the view shows (a row outside the view's filters is a 404). Replies carry the view's fields.
 */
import { notFound } from '@rowbase/core/errors';
import type { AppContext } from '../../context.js';
import { RowReader, pkValue, type Row } from '../../data/row-query.js';
import { deleteRows, insertRows, updateRows, writeTarget, type InsertPlace } from '../rows-write.js';
import { viewRowExists } from './view-data.js';
import type { ViewScope } from './view-scope.js';

function targetOf(ctx: AppContext, scope: ViewScope) {
  return writeTarget(ctx, scope.model, scope.db);
}

async function visibleRow(ctx: AppContext, scope: ViewScope, id: unknown): Promise<Row> {
  const reader = new RowReader(scope.db, scope.model, ctx.dataCache);
  const row = await reader.byId(
    id,
    scope.shown.map((f) => f.column.id),
  );
  if (!row) throw notFound('Record not found');
  return row;
}

export async function createViewRow(
  ctx: AppContext,
  scope: ViewScope,
  body: Record<string, unknown>,
  place: InsertPlace = {},
): Promise<Row> {
  const [id] = await insertRows(targetOf(ctx, scope), [body], false, place);
  return visibleRow(ctx, scope, id);
}

export async function updateViewRow(
  ctx: AppContext,
  scope: ViewScope,
  rowId: string,
  body: Record<string, unknown>,
): Promise<Row> {
  if (!(await viewRowExists(ctx, scope, rowId))) throw notFound('Record not found');
  const pk = new RowReader(scope.db, scope.model, ctx.dataCache).requirePk();
  const [id] = await updateRows(targetOf(ctx, scope), [{ id: pkValue(pk, rowId), data: body }], false);
  return visibleRow(ctx, scope, id);
}

export async function deleteViewRow(ctx: AppContext, scope: ViewScope, rowId: string): Promise<number> {
  if (!(await viewRowExists(ctx, scope, rowId))) throw notFound('Record not found');
  const pk = new RowReader(scope.db, scope.model, ctx.dataCache).requirePk();
  await deleteRows(targetOf(ctx, scope), [pkValue(pk, rowId)]);
  return 1;
}
