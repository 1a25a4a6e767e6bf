/**
 * Reading rows through a view (authenticated `/db/data/.../views/{viewId}` and public shares alike): list,
 * find-one, count, read one, exist, group-by counts (several levels) and grouped pages per value.
 * Every read goes through the view's scope (filters, sorts, visible fields).
 */
import { selectOptions } from '@rowbase/core/fields/col-options';
import { ViewType, type PageInfo } from '@rowbase/core/api/meta';
import { notFound } from '@rowbase/core/errors';
import type { FilterCondition } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import { checkWhere } from '../../data/filter-sql.js';
import { isShort } from '../../data/paging.js';
import {
  RowReader,
  pageInfoOf,
  parsePaging,
  pkValue,
  rowDecoder,
  type Row,
  type RowQuery,
} from '../../data/row-query.js';
import type { StoredField } from '../../data/table-model.js';
import { cardOrderedPage, readCardOrder } from './card-order.js';
import {
  assertRowsReadable,
  combineWhere,
  requestField,
  viewPageQuery,
  type ViewQueryParams,
  type ViewScope,
} from './view-scope.js';

function readerOf(ctx: AppContext, scope: ViewScope): RowReader {
  return new RowReader(scope.db, scope.model, ctx.dataCache);
}

export async function listViewRows(
  ctx: AppContext,
  scope: ViewScope,
  q: ViewQueryParams,
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  assertRowsReadable(scope);
  const page = viewPageQuery(scope, q);
  // A kanban's stacks keep the order cards were dragged into, unless the request sorts.
  if (scope.view.type === ViewType.KANBAN && !q.sort) {
    const positions = await readCardOrder(ctx.db, scope.view.id);
    if (positions.size) return cardOrderedPage(readerOf(ctx, scope), page, positions);
  }
  return readerOf(ctx, scope).page(page);
}

export async function findOneViewRow(ctx: AppContext, scope: ViewScope, q: ViewQueryParams): Promise<Row> {
  assertRowsReadable(scope);
  const rows = await readerOf(ctx, scope).rows({ ...viewPageQuery(scope, q), limit: 1, offset: 0 });
  return rows[0] ?? {};
}

export async function countViewRows(ctx: AppContext, scope: ViewScope, q: ViewQueryParams): Promise<number> {
  assertRowsReadable(scope);
  return readerOf(ctx, scope).count(viewPageQuery(scope, q).where);
}

/** One row by primary key, only if the view's filters let it through; else 404. */
export async function readViewRow(
  ctx: AppContext,
  scope: ViewScope,
  rowId: string,
  q: ViewQueryParams = {},
): Promise<Row> {
  assertRowsReadable(scope);
  const row = await rowInView(ctx, scope, rowId, viewPageQuery(scope, q).fields);
  if (!row) throw notFound('Record not found');
  return row;
}

export async function viewRowExists(ctx: AppContext, scope: ViewScope, rowId: string): Promise<boolean> {
  assertRowsReadable(scope);
  return (await rowInView(ctx, scope, rowId)) !== undefined;
}

async function rowInView(
  ctx: AppContext,
  scope: ViewScope,
  rowId: string,
  fieldKeys?: readonly string[],
): Promise<Row | undefined> {
  const reader = readerOf(ctx, scope);
  const pk = reader.requirePk();
  const projection = reader.projection(fieldKeys ?? scope.shown.map((f) => f.column.id));
  const raw = (await reader
    .filtered(scope.where)
    .select(projection.select)
    .where(pk.name, pkValue(pk, rowId))
    .first()) as Row | undefined;
  return raw ? rowDecoder(projection.out)(raw) : undefined;
}

/** The grid's stored group-by levels (view columns with group_by, in group_by_order). */
async function storedGroupBy(
  ctx: AppContext,
  scope: ViewScope,
): Promise<{ field: string; direction: 'asc' | 'desc' }[]> {
  return (await ctx.viewColumns.listByView(scope.view.id))
    .filter((vc) => vc.group_by)
    .sort((a, b) => (a.group_by_order ?? 0) - (b.group_by_order ?? 0))
    .map((vc) => ({ field: vc.fk_column_id, direction: vc.group_by_sort === 'desc' ? 'desc' : 'asc' }));
}

/**
 * Row counts per combination of values of one or more fields (`column_name=A,B`; the grid's stored group-by
 * levels when absent), within the view's filters and the request's `where`.
 * @example groupByView(ctx, scope, { column_name: 'Status' }) // { list: [{ Status: 'open', count: 3 }], pageInfo }
 */
export async function groupByView(
  ctx: AppContext,
  scope: ViewScope,
  q: ViewQueryParams & { column_name?: unknown },
): Promise<{ list: Row[]; pageInfo: PageInfo }> {
  assertRowsReadable(scope);
  const names =
    typeof q.column_name === 'string'
      ? q.column_name
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const levels = names.length
    ? names.map((n) => ({ field: n, direction: 'asc' as const }))
    : await storedGroupBy(ctx, scope);
  if (!levels.length) return { list: [], pageInfo: pageInfoOf(0, 25, 0) };
  const fields = levels.map((l) => ({ f: requestField(scope, l.field), direction: l.direction }));
  const page = viewPageQuery(scope, { ...q, fields: undefined, sort: undefined });
  const reader = readerOf(ctx, scope);
  const cols = fields.map((x) => x.f.name);
  const qb = reader.filtered(page.where).select(cols).count({ count: '*' }).groupBy(cols);
  for (const x of fields) orderGroup(qb, x.f, x.direction, scope.model.dialect);
  const raw = (await qb.limit(page.limit).offset(page.offset)) as Row[];
  const list = raw.map((r) => {
    const out: Row = {};
    for (const x of fields) out[x.f.title] = x.f.decode(r[x.f.name]);
    out.count = Number(r.count);
    return out;
  });
  // A short page is its own count of groups, read in the same statement (most groupings fit one page); only a
  // full page or one past the end counts the groups again.
  if (isShort(list, page))
    return { list, pageInfo: pageInfoOf(page.offset + list.length, page.limit, page.offset) };
  const total = (await scope.db
    .from(reader.filtered(page.where).distinct(cols).as('g'))
    .count({ count: '*' })
    .first()) as { count: unknown } | undefined;
  return { list, pageInfo: pageInfoOf(Number(total?.count ?? 0), page.limit, page.offset) };
}

function orderGroup(qb: Knex.QueryBuilder, f: StoredField, direction: 'asc' | 'desc', dialect: string): void {
  if (dialect === 'pg') void qb.orderBy(f.name, direction, direction === 'asc' ? 'first' : 'last');
  else void qb.orderBy(f.name, direction);
}

/**
 * NocoDB's `group/{column}`: for each value of the field (each option of a select, then empty), the first
 * page of rows with that value and their count. Kanban stacks and grid groups read this.
 */
export async function groupedRows(
  ctx: AppContext,
  scope: ViewScope,
  columnKey: string,
  q: ViewQueryParams,
): Promise<{ key: string | null; value: { list: Row[]; pageInfo: PageInfo } }[]> {
  assertRowsReadable(scope);
  const f = requestField(scope, columnKey);
  const reader = readerOf(ctx, scope);
  const base = viewPageQuery(scope, q);
  const { limit, offset } = parsePaging(q);
  let keys: (string | null)[];
  // Single-select groups come in the order of the options (a multi-select groups by its stored combinations).
  const options = f.kind === 'select' ? selectOptions(f.column)?.options : undefined;
  if (options) {
    keys = [...options.map((o) => o.title), null];
  } else {
    const grouped = await groupByView(ctx, scope, { where: q.where, column_name: f.column.id, limit: 1000 });
    keys = grouped.list.map((r) =>
      r[f.title] === null || r[f.title] === undefined ? null : String(r[f.title]),
    );
  }
  const out = [];
  for (const key of keys) {
    const cond: FilterCondition =
      key === null
        ? { type: 'condition', logical: 'and', field: f.column.id, op: 'blank', args: [] }
        : { type: 'condition', logical: 'and', field: f.column.id, op: 'eq', value: key, args: [key] };
    const where = combineWhere(base.where ?? [], [cond]);
    const pageRows = await reader.page({ ...base, where, limit, offset });
    out.push({ key, value: pageRows });
  }
  return out;
}

/** The reader and query of a view's rows for an export (every row, through the view's filters and sorts). */
export function viewExportQuery(
  ctx: AppContext,
  scope: ViewScope,
  q: ViewQueryParams,
  /** Field ids to return instead of the view's stored fields (exports add computed ones). */
  fields: string[],
): { reader: RowReader; query: RowQuery } {
  assertRowsReadable(scope);
  const page = viewPageQuery(scope, { ...q, limit: 1, offset: 0 });
  if (page.where?.length) checkWhere(scope.model, page.where, new Date());
  return { reader: readerOf(ctx, scope), query: { ...page, fields } };
}
