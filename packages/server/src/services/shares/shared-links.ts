/**
 * Linked records through a share: the records linked to one row of the view (`rows/{rowId}/{type}/{column}`)
 * and the records a shared form may link to (`nested/{column}`). The link field must be visible in the
 * share, the row inside the view's filters, and only the related records' primary key and display value
 * are sent: no other field of another table leaves the server.
 */
import { linkOptions } from '@rowbase/core/fields/col-options';
import type { LinkOptions, PageInfo } from '@rowbase/core/api/meta';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import { RowReader, pageInfoOf, parsePaging, pkValue, rowDecoder, type Row } from '../../data/row-query.js';
import type { StoredField, TableModel } from '../../data/table-model.js';
import { pageAndTotal } from '../../meta/page-and-total.js';
import type { ViewScope } from '../views/view-scope.js';
import { sharedFields } from './shared-view-access.js';

function stored(model: TableModel, columnId: string): StoredField {
  const f = model.field(columnId);
  if (!f?.name) throw badRequest(`The link's key '${columnId}' is missing from '${model.title}'`);
  return f as StoredField;
}

async function linkOf(ctx: AppContext, scope: ViewScope, key: string): Promise<LinkOptions> {
  const f = (await sharedFields(ctx, scope.view)).find(
    (x) => !!linkOptions(x.column) && (x.column.id === key || x.column.title === key),
  );
  const options = f && linkOptions(f.column);
  if (!options) throw badRequest(`Link field '${key}' not found in this view`);
  return options;
}

/** Primary key and display value of the related table: all a share shows of it. */
function projection(model: TableModel): StoredField[] {
  const pk = model.pk;
  if (!pk) throw badRequest(`Table '${model.title}' has no primary key`);
  const pv = model.stored.find((f) => f.column.pv && f !== pk);
  return pv ? [pk, pv] : [pk];
}

async function page(
  qb: Knex.QueryBuilder,
  model: TableModel,
  q: { limit?: unknown; offset?: unknown },
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  const { limit, offset } = parsePaging(q);
  const fields = projection(model);
  const { rows, total } = await pageAndTotal(() => qb.clone(), {
    limit,
    offset,
    order: [{ column: fields[0]!.name }],
    columns: fields.map((f) => f.name),
  });
  return {
    list: rows.map(rowDecoder(fields)),
    pageInfo: pageInfoOf(total, limit, offset),
  };
}

/** Records linked to a row of the view. */
export async function linkedRecords(
  ctx: AppContext,
  scope: ViewScope,
  rowId: string,
  relationType: string,
  columnKey: string,
  q: { limit?: unknown; offset?: unknown },
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  const o = await linkOf(ctx, scope, columnKey);
  if (o.type !== relationType)
    throw badRequest(`Link field '${columnKey}' is ${o.type}, not ${relationType}`);
  const related = await ctx.tableModels.get(ctx, o.fk_related_model_id);
  const pk = scope.model.pk;
  if (!pk) throw badRequest(`Table '${scope.model.title}' has no primary key`);
  const own = o.type === 'bt' ? stored(scope.model, o.fk_child_column_id) : pk;
  const row = (await new RowReader(scope.db, scope.model, ctx.dataCache)
    .filtered(scope.where)
    .select(own.name)
    .where(pk.name, pkValue(pk, rowId))
    .first()) as Row | undefined;
  if (!row) throw notFound('Record not found');
  const key = row[own.name];
  const qb = related.db(related.model.tableName);
  if (o.type === 'hm') {
    void qb.where(stored(related.model, o.fk_child_column_id).name, key as string);
  } else if (o.type === 'bt') {
    void qb.where(stored(related.model, o.fk_parent_column_id).name, (key ?? null) as string);
  } else {
    const junction = await ctx.tableModels.get(ctx, o.fk_mm_model_id!);
    const jc = stored(junction.model, o.fk_mm_child_column_id!);
    const jp = stored(junction.model, o.fk_mm_parent_column_id!);
    void qb.whereIn(
      stored(related.model, o.fk_parent_column_id).name,
      junction
        .db(junction.model.tableName)
        .select(jp.name)
        .where(jc.name, key as string),
    );
  }
  return page(qb, related.model, q);
}

/** The records a shared form's link field may point at (key and display value only). */
export async function linkCandidates(
  ctx: AppContext,
  scope: ViewScope,
  columnKey: string,
  q: { limit?: unknown; offset?: unknown },
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  const o = await linkOf(ctx, scope, columnKey);
  const related = await ctx.tableModels.get(ctx, o.fk_related_model_id);
  return page(related.db(related.model.tableName), related.model, q);
}
