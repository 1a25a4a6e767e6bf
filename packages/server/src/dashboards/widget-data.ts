/**
 * What a widget reads (docs/dashboards.md): always through a view, as a public share reads it. The view's filters
 * are AND-ed with the widget's own `where`, only fields the view shows may be grouped, aggregated or filtered on,
 * and a number or chart is one grouped aggregate computed in SQL (`GROUP BY`): rows never leave the database.
 */
import {
  MAX_CHART_GROUPS,
  MAX_TABLE_ROWS,
  type ChartConfig,
  type NumberConfig,
  type WidgetBody,
  type WidgetData,
} from '@rowbase/core/api/dashboards';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Aggregation } from '@rowbase/core/fields/field-type';
import { conditionsOf, type FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import { RowReader, type Row } from '../data/row-query.js';
import type { StoredField } from '../data/table-model.js';
import { NUMERIC_RESULT, selectAggregate } from '../services/views/view-aggregate.js';
import { listViewRows } from '../services/views/view-data.js';
import {
  assertRowsReadable,
  requestField,
  viewPageQuery,
  viewScope,
  type ViewScope,
} from '../services/views/view-scope.js';
import type { BlockPlan } from './block-aggregates.js';
import { blockPlanOf, compareKeys } from './widget-blocks.js';

/** Called with the base of the view a widget reads, before anything is read; throws when the reader may not. */
export type ViewAccess = (baseId: string) => Promise<void>;

/** A checked widget query, ready to run. */
export interface WidgetQuery {
  run(): Promise<WidgetData>;
  tableId: string;
  /** What the result depends on, when it may be kept until the table changes (dashboards/widget-cache.ts). */
  cacheKey?: string;
  /** How to keep the result in blocks of primary keys, so a write re-reads only its blocks (block-aggregates.ts). */
  blocks?: BlockPlan;
  /** The build of the index the query asked for, while it runs (saving a widget waits for it). */
  indexBuild?: Promise<void>;
}

/** A key for a result that depends only on the table's own rows (no computed field in the filters). */
function cacheKeyOf(scope: ViewScope, where: readonly FilterNode[], parts: unknown): string | undefined {
  const stored = conditionsOf([...where]).every((c) => scope.model.field(c.field)?.name);
  return stored ? JSON.stringify([scope.view.id, where, parts]) : undefined;
}

/**
 * Checks a widget's config against its view (view exists, the reader may read its base, fields are shown, the
 * aggregation suits the field, the `where` parses) and returns the query to run. Saving a widget calls this
 * without running it, so a bad config is a 400 naming the problem.
 */
export async function planWidgetQuery(
  ctx: AppContext,
  widget: WidgetBody,
  access: ViewAccess,
): Promise<WidgetQuery | null> {
  switch (widget.type) {
    case 'text':
    case 'image':
      return null;
    case 'number':
      return planNumber(ctx, await scopeOf(ctx, widget.config.viewId, access), widget.config);
    case 'bar':
    case 'line':
    case 'area':
    case 'pie':
      return planChart(ctx, await scopeOf(ctx, widget.config.viewId, access), widget.config, widget.type);
    case 'table': {
      const scope = await scopeOf(ctx, widget.config.viewId, access);
      const limit = widget.config.limit ?? 25;
      return {
        tableId: scope.model.id,
        run: async () => {
          const page = await listViewRows(ctx, scope, { limit: Math.min(limit, MAX_TABLE_ROWS) });
          return {
            kind: 'rows',
            tableId: scope.model.id,
            fields: scope.shown.map((f) => f.title),
            rows: page.list,
            total: page.pageInfo.totalRows ?? page.list.length,
          };
        },
      };
    }
  }
}

async function scopeOf(ctx: AppContext, viewId: string, access: ViewAccess): Promise<ViewScope> {
  const view = await ctx.views.byId(viewId);
  if (!view) throw notFound(`View '${viewId}' not found`);
  await access(view.base_id);
  // Read as a share reads: only the view's shown fields may be named, so a hidden field never leaks.
  const scope = await viewScope(ctx, view, true);
  assertRowsReadable(scope);
  return scope;
}

/** The field an aggregation reads, checked; undefined for a row count. */
function aggregatedField(
  scope: ViewScope,
  fieldId: string | undefined,
  type: Aggregation,
): StoredField | undefined {
  if (!fieldId) {
    if (type !== 'count') throw badRequest(`fieldId is required for ${type}`);
    return undefined;
  }
  const f = requestField(scope, fieldId);
  if (!f.def.aggregations.includes(type)) {
    throw badRequest(
      `aggregation: ${type} is not available for ${f.title} (a ${f.column.uidt} field); use ${f.def.aggregations.join(', ')}`,
    );
  }
  return f;
}

function aggregate(qb: Knex.QueryBuilder, f: StoredField | undefined, type: Aggregation): void {
  if (f) selectAggregate(qb, type, 'rb_v', f.name);
  else void qb.count({ rb_v: '*' });
}

function valueOf(raw: unknown, f: StoredField | undefined, type: Aggregation): number | string | null {
  if (raw === null || raw === undefined) return type.startsWith('count') ? 0 : null;
  if (!f || NUMERIC_RESULT.includes(type)) return Number(raw);
  const decoded = f.decode(raw);
  return typeof decoded === 'number' || typeof decoded === 'string' ? decoded : String(decoded);
}

/** Asks for a covering index (group, then aggregated field) on tables of the default source (data/auto-index.ts). */
function suggestIndex(
  ctx: AppContext,
  scope: ViewScope,
  fields: (StoredField | undefined)[],
): Promise<void> | undefined {
  const kinds = new Set([
    'id',
    'text',
    'integer',
    'decimal',
    'boolean',
    'date',
    'datetime',
    'select',
    'time',
    'year',
  ]);
  const columns = fields
    .filter((f): f is StoredField => !!f && kinds.has(f.kind))
    .filter((f) => !(scope.model.dialect === 'mysql' && /text|blob|json/i.test(f.column.dt ?? '')))
    .map((f) => f.name);
  return columns.length
    ? ctx.dataCache.indexes.suggestColumns(scope.db, scope.model, [...new Set(columns)])
    : undefined;
}

const labelOf = (f: StoredField | undefined, type: Aggregation) => (f ? `${type} ${f.title}` : 'count');

function planNumber(ctx: AppContext, scope: ViewScope, config: NumberConfig): WidgetQuery {
  const f = aggregatedField(scope, config.fieldId, config.aggregation);
  const where = viewPageQuery(scope, { where: config.where }).where ?? [];
  const reader = new RowReader(scope.db, scope.model, ctx.dataCache);
  reader.filtered(where); // checks the where against the table before anything runs
  const indexBuild = where.length
    ? ctx.dataCache.indexes.suggest(scope.db, scope.model, where, undefined)
    : suggestIndex(ctx, scope, [f]);
  const cacheKey = cacheKeyOf(scope, where, ['number', f?.column.id, config.aggregation]);
  const label = labelOf(f, config.aggregation);
  return {
    tableId: scope.model.id,
    cacheKey,
    indexBuild,
    blocks:
      cacheKey === undefined
        ? undefined
        : blockPlanOf({
            scope,
            where,
            group: undefined,
            field: f,
            aggregation: config.aggregation,
            key: cacheKey,
            finish: (groups): WidgetData => ({
              kind: 'number',
              tableId: scope.model.id,
              value: valueOf(groups[0]?.value ?? null, f, config.aggregation),
              label,
            }),
          }),
    run: async () => {
      const qb = reader.filtered(where);
      aggregate(qb, f, config.aggregation);
      const row = ((await qb.first()) ?? {}) as Row;
      return {
        kind: 'number',
        tableId: scope.model.id,
        value: valueOf(row.rb_v, f, config.aggregation),
        label: labelOf(f, config.aggregation),
      };
    },
  };
}

function planChart(ctx: AppContext, scope: ViewScope, config: ChartConfig, type: string): WidgetQuery {
  const group = requestField(scope, config.groupBy);
  const f = aggregatedField(scope, config.fieldId, config.aggregation);
  const where = viewPageQuery(scope, { where: config.where }).where ?? [];
  const reader = new RowReader(scope.db, scope.model, ctx.dataCache);
  reader.filtered(where);
  const indexBuild = suggestIndex(ctx, scope, [group, f]);
  // Bars and slices: the largest groups first; lines and areas: along the group key.
  const byValue = type === 'bar' || type === 'pie';
  const cacheKey = cacheKeyOf(scope, where, [byValue, group.column.id, f?.column.id, config.aggregation]);
  const decodeKey = (raw: unknown) => (raw === null || raw === undefined ? null : group.decode(raw));
  return {
    tableId: scope.model.id,
    cacheKey,
    indexBuild,
    blocks:
      cacheKey === undefined
        ? undefined
        : blockPlanOf({
            scope,
            where,
            group,
            field: f,
            aggregation: config.aggregation,
            key: cacheKey,
            finish: (groups): WidgetData => {
              const decoded = groups.map((g) => ({
                key: decodeKey(g.raw),
                value: valueOf(g.value, f, config.aggregation),
              }));
              decoded.sort((a, b) =>
                byValue
                  ? compareKeys(b.value, a.value) || compareKeys(a.key, b.key)
                  : compareKeys(a.key, b.key),
              );
              return {
                kind: 'groups',
                tableId: scope.model.id,
                groupBy: group.title,
                label: labelOf(f, config.aggregation),
                groups: decoded.slice(0, MAX_CHART_GROUPS),
              };
            },
          }),
    run: async () => {
      const qb = reader.filtered(where).select({ rb_g: group.name }).groupBy(group.name);
      aggregate(qb, f, config.aggregation);
      if (byValue) void qb.orderBy('rb_v', 'desc').orderBy(group.name, 'asc');
      else void qb.orderBy(group.name, 'asc');
      const rows = (await qb.limit(MAX_CHART_GROUPS)) as Row[];
      return {
        kind: 'groups',
        tableId: scope.model.id,
        groupBy: group.title,
        label: labelOf(f, config.aggregation),
        groups: rows.map((r) => ({
          key: r.rb_g === null || r.rb_g === undefined ? null : group.decode(r.rb_g),
          value: valueOf(r.rb_v, f, config.aggregation),
        })),
      };
    },
  };
}
