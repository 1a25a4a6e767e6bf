/**
 * View filter use cases: list (flat or as children of a group), create (conditions and groups, with inline
 * children), update and delete. Each condition is checked against its field's type: an operator the type
 * does not allow is a 400 naming both.
 */
import type { CreateFilterBody, FilterReply, UpdateFilterBody } from '@rowbase/core/api/filters';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import { createFilterBody } from '@rowbase/core/api/filters';
import type { AppContext } from '../../context.js';
import type { FilterOwnerKey } from '../../meta/repos/filters.js';
import { checkFilter, valueText } from './filter-tree.js';
import { getColumn } from './table-meta.js';

/**
 * What filters belong to: a view, or a webhook (its conditions, docs/webhooks.md). Both name the table whose
 * fields the conditions use.
 */
export interface FilterOwner {
  id: string;
  base_id: string;
  source_id: string | null;
  fk_model_id: string;
  /** A webhook's conditions; a view's filters otherwise. */
  hook?: boolean;
}

const keyOf = (o: FilterOwner): FilterOwnerKey => (o.hook ? { fk_hook_id: o.id } : { fk_view_id: o.id });
const owns = (o: FilterOwner, f: FilterReply): boolean =>
  o.hook ? f.fk_hook_id === o.id : f.fk_view_id === o.id;

/** A group may hold groups; deeper than this is refused, to keep the SQL sane. */
const MAX_GROUP_DEPTH = 5;

export async function getFilter(ctx: AppContext, id: string): Promise<FilterReply> {
  const f = await ctx.filters.byId(id);
  if (!f) throw notFound(`Filter '${id}' not found`);
  return f;
}

async function depthOf(ctx: AppContext, parentId: string | null, trx: Knex): Promise<number> {
  let depth = 0;
  for (let id = parentId; id; depth++) {
    const p = await ctx.filters.byId(id, trx);
    id = p?.fk_parent_id ?? null;
  }
  return depth;
}

async function checkParent(
  ctx: AppContext,
  owner: FilterOwner,
  parentId: string | null,
  trx: Knex,
): Promise<void> {
  if (!parentId) return;
  const parent = await ctx.filters.byId(parentId, trx);
  if (!parent || !owns(owner, parent))
    throw badRequest(
      `fk_parent_id: filter group '${parentId}' not found in this ${owner.hook ? 'webhook' : 'view'}`,
    );
  if (!parent.is_group) throw badRequest('fk_parent_id must be a filter group (is_group)');
  if ((await depthOf(ctx, parentId, trx)) >= MAX_GROUP_DEPTH) {
    throw badRequest(`Filter groups can be nested at most ${MAX_GROUP_DEPTH} deep`);
  }
}

async function checkCondition(
  view: FilterOwner,
  f: Pick<FilterReply, 'fk_column_id' | 'comparison_op' | 'comparison_sub_op' | 'value' | 'logical_op'>,
  trx: Knex,
): Promise<void> {
  if (!f.fk_column_id) {
    if (f.comparison_op) throw badRequest('fk_column_id is required for a filter with a comparison');
    return;
  }
  const column = await getColumn(trx, f.fk_column_id);
  if (!column || column.fk_model_id !== view.fk_model_id) {
    throw badRequest(`fk_column_id: field '${f.fk_column_id}' is not a field of this table`);
  }
  checkFilter(f, column);
}

async function insertFilter(
  ctx: AppContext,
  view: FilterOwner,
  body: CreateFilterBody,
  parentId: string | null,
  trx: Knex,
): Promise<FilterReply> {
  await checkParent(ctx, view, parentId, trx);
  const isGroup = body.is_group ?? false;
  const fields = {
    fk_column_id: isGroup ? null : (body.fk_column_id ?? null),
    logical_op: body.logical_op ?? 'and',
    comparison_op: isGroup ? null : (body.comparison_op ?? null),
    comparison_sub_op: isGroup ? null : (body.comparison_sub_op ?? null),
    value: isGroup ? null : valueText(body.value),
  };
  if (!isGroup) await checkCondition(view, fields, trx);
  const created = await ctx.filters.insert(
    {
      ...fields,
      fk_view_id: view.hook ? null : view.id,
      fk_hook_id: view.hook ? view.id : null,
      fk_parent_id: parentId,
      base_id: view.base_id,
      source_id: view.source_id ?? '',
      is_group: isGroup,
      order: body.order ?? (await ctx.filters.maxOrder(keyOf(view), parentId, trx)) + 1,
    },
    trx,
  );
  if (isGroup && body.children?.length) {
    const children: FilterReply[] = [];
    for (const [i, raw] of body.children.entries()) {
      const child = createFilterBody.safeParse(raw);
      if (!child.success)
        throw badRequest(`children/${i}: ${child.error.issues[0]?.message ?? 'invalid filter'}`);
      children.push(await insertFilter(ctx, view, child.data, created.id, trx));
    }
    return { ...created, children };
  }
  return created;
}

export async function createFilter(
  ctx: AppContext,
  view: FilterOwner,
  body: CreateFilterBody,
): Promise<FilterReply> {
  return ctx.db.transaction((trx) => insertFilter(ctx, view, body, body.fk_parent_id ?? null, trx));
}

export async function updateFilter(
  ctx: AppContext,
  view: FilterOwner,
  filter: FilterReply,
  body: UpdateFilterBody,
): Promise<FilterReply> {
  return ctx.db.transaction(async (trx) => {
    const next = {
      fk_column_id: body.fk_column_id !== undefined ? body.fk_column_id : filter.fk_column_id,
      logical_op: body.logical_op ?? filter.logical_op,
      comparison_op: body.comparison_op !== undefined ? body.comparison_op : filter.comparison_op,
      comparison_sub_op:
        body.comparison_sub_op !== undefined ? body.comparison_sub_op : filter.comparison_sub_op,
      value: body.value !== undefined ? valueText(body.value) : filter.value,
    };
    if (body.fk_parent_id !== undefined && body.fk_parent_id !== filter.fk_parent_id) {
      if (body.fk_parent_id === filter.id)
        throw badRequest('fk_parent_id: a filter cannot be its own parent');
      await checkParent(ctx, view, body.fk_parent_id, trx);
    }
    if (filter.is_group) {
      await ctx.filters.update(
        filter.id,
        { logical_op: next.logical_op, order: body.order, fk_parent_id: body.fk_parent_id },
        trx,
      );
    } else {
      await checkCondition(view, next, trx);
      await ctx.filters.update(
        filter.id,
        { ...next, order: body.order, fk_parent_id: body.fk_parent_id },
        trx,
      );
    }
    return (await ctx.filters.byId(filter.id, trx))!;
  });
}

export async function deleteFilter(ctx: AppContext, filter: FilterReply): Promise<void> {
  await ctx.db.transaction((trx) => ctx.filters.delete(filter.id, trx));
}

/** Top-level filters of the view, each group with its children nested, as NocoDB clients read them. */
export async function listFilters(ctx: AppContext, owner: string | FilterOwner): Promise<FilterReply[]> {
  const all =
    typeof owner === 'string' || !owner.hook
      ? await ctx.filters.listByView(typeof owner === 'string' ? owner : owner.id)
      : await ctx.filters.listByHook(owner.id);
  const nest = (parent: string | null): FilterReply[] =>
    all
      .filter((f) => (f.fk_parent_id ?? null) === parent)
      .map((f) => (f.is_group ? { ...f, children: nest(f.id) } : f));
  return nest(null);
}
