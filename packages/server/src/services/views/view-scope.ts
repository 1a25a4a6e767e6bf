/**
 * A view as the data plane sees it: the table model, the fields the view shows, its filters as a `where`
 * tree and its sorts. Requests are narrowed by it: request `where` is AND-ed with the view's filters, request
 * sorts come before the view's, and only visible fields are returned. For a public share, a request may only
 * name visible fields at all (filtering or sorting on a hidden field would leak it).
 */
import { ViewType } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import { parseFields, parseSort, type SortSpec } from '@rowbase/core/filters/sort';
import { conditionsOf, parseWhere, type FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import { parsePaging, type PageQuery } from '../../data/row-query.js';
import { defaultQueryFields } from '../../data/computed/query-field.js';
import type { FieldModel, StoredField, TableModel } from '../../data/table-model.js';
import type { StoredView } from '../../meta/repos/views.js';
import { sharedFields } from '../shares/shared-view-access.js';
import { treeOf } from './filter-tree.js';

export interface ViewScope {
  view: StoredView;
  model: TableModel;
  /** The database the table lives in. */
  db: Knex;
  /** Stored fields the view shows, in view order (the primary key always included). */
  visible: StoredField[];
  /** Every field the view shows, in view order: the stored ones and the computed ones the queries compute. */
  shown: FieldModel[];
  where: FilterNode[];
  sort: SortSpec[];
  /** True for a public share: requests may only name visible fields. */
  isPublic: boolean;
}

export async function viewScope(ctx: AppContext, view: StoredView, isPublic: boolean): Promise<ViewScope> {
  const { model, db } = await ctx.tableModels.get(ctx, view.fk_model_id);
  const shown = new Set((await sharedFields(ctx, view)).map((f) => f.column.id));
  const visible = model.stored.filter((f) => shown.has(f.column.id));
  const ordered = (await ctx.viewColumns.listByView(view.id)).map((vc) => vc.fk_column_id);
  visible.sort((a, b) => ordered.indexOf(a.column.id) - ordered.indexOf(b.column.id));
  const computed = new Set(defaultQueryFields(model).map((f) => f.column.id));
  const shownFields = model.fields.filter((f) => shown.has(f.column.id) && computed.has(f.column.id));
  shownFields.sort((a, b) => ordered.indexOf(a.column.id) - ordered.indexOf(b.column.id));
  const where = treeOf(await ctx.filters.listByView(view.id));
  const sort = (await ctx.sorts.listByView(view.id))
    .filter((s) => model.field(s.fk_column_id)?.name)
    .map((s) => ({ field: s.fk_column_id, direction: s.direction }));
  return { view, model, db, visible, shown: shownFields, where, sort, isPublic };
}

/** The view's filters AND the request's. */
export function combineWhere(
  viewWhere: readonly FilterNode[],
  requestWhere: readonly FilterNode[],
): FilterNode[] {
  if (!viewWhere.length) return [...requestWhere];
  if (!requestWhere.length) return [...viewWhere];
  return [
    { type: 'group', logical: 'and', children: [...viewWhere] },
    { type: 'group', logical: 'and', children: [...requestWhere] },
  ];
}

/** A field a request names, which a public share only allows among the visible ones. */
export function requestField(scope: ViewScope, key: string): StoredField {
  const f = scope.model.field(key);
  const visible = f && scope.visible.find((v) => v.column.id === f.column.id);
  if (visible) return visible;
  if (f?.name && !scope.isPublic) return f as StoredField;
  throw badRequest(`Field '${key}' not found in this view`);
}

/** A field a request asks to see: one the view shows (a hidden field is never returned), else a 400. */
function shownField(scope: ViewScope, key: string): FieldModel | undefined {
  const f = scope.model.field(key);
  if (!f) throw badRequest(`Field '${key}' not found in this view`);
  if (scope.isPublic && !scope.shown.includes(f)) throw badRequest(`Field '${key}' not found in this view`);
  return scope.shown.includes(f) ? f : undefined;
}

export interface ViewQueryParams {
  where?: unknown;
  sort?: unknown;
  fields?: unknown;
  limit?: unknown;
  offset?: unknown;
}

/** A page query for the view from request parameters (see the module comment for how they combine). */
export function viewPageQuery(scope: ViewScope, q: ViewQueryParams, defaultLimit?: number): PageQuery {
  const requestWhere = parseWhere(typeof q.where === 'string' ? q.where : undefined);
  for (const c of conditionsOf(requestWhere)) c.field = requestField(scope, c.field).column.id;
  const requestSort = parseSort(q.sort as string | string[] | undefined).map((s) => ({
    field: requestField(scope, s.field).column.id,
    direction: s.direction,
  }));
  const sorted = new Set(requestSort.map((s) => s.field));
  const sort = [...requestSort, ...scope.sort.filter((s) => !sorted.has(s.field))];
  const wanted = parseFields(q.fields as string | string[] | undefined);
  // Requested fields narrow the visible ones; a hidden field is never returned.
  const fields = wanted
    ? wanted.map((k) => shownField(scope, k)).filter((f) => f !== undefined)
    : scope.shown;
  return {
    ...parsePaging(q, defaultLimit),
    where: combineWhere(scope.where, requestWhere),
    sort,
    fields: (fields.length ? fields : scope.shown).map((f) => f.column.id),
  };
}

/** A form share exposes no rows. */
export function assertRowsReadable(scope: ViewScope): void {
  if (scope.view.type === ViewType.FORM && scope.isPublic) {
    throw badRequest('A shared form does not expose rows');
  }
}
