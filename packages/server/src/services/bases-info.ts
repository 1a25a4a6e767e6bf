/** Read-side extras of a base: server info, cost, audits, visibility rules, empty/null filters. */
import type { ViewMeta } from '@rowbase/core/api/meta';
import { applyAuditFilters, type AuditQuery } from '../audit/audit-query.js';
import { flushPendingAudits } from '../audit/audit-writer.js';
import type { AppContext } from '../context.js';
import { newId } from '../meta/ids.js';
import { pageAndTotal } from '../meta/page-and-total.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import { APP_VERSION } from '../version.js';

export async function baseInfo(ctx: AppContext, base: BaseRecord) {
  return {
    Node: process.version,
    Arch: process.arch,
    Platform: process.platform,
    Docker: false,
    RootDB: ctx.config.db.client,
    PackageVersion: APP_VERSION,
    base_id: base.id,
    title: base.title,
  };
}

/** Self-hosted Rowbase charges nothing; the figures the cost is computed from are real. */
export async function baseCost(ctx: AppContext, base: BaseRecord) {
  const tables = await ctx.tables.list(base.id);
  const users = await ctx.bases.users(base.id);
  return { cost: 0, tableCount: tables.length, userCount: users.length };
}

/** Whether any filter of the base compares with empty/null (the web warns before changing that setting). */
export async function hasEmptyOrNullFilters(ctx: AppContext, baseId: string): Promise<boolean> {
  if (!(await ctx.db.schema.hasTable('rb_filters'))) return false;
  const cols = await ctx.db('rb_filters').columnInfo();
  if (!('base_id' in cols) || !('comparison_op' in cols)) return false;
  const r = await ctx
    .db('rb_filters')
    .where({ base_id: baseId })
    .whereIn('comparison_op', ['empty', 'notempty', 'null', 'notnull'])
    .first();
  return !!r;
}

export async function listAudits(
  ctx: AppContext,
  baseId: string,
  limit: number,
  offset: number,
  filters: Partial<AuditQuery> = {},
) {
  await flushPendingAudits(ctx.db);
  const { rows, total } = await pageAndTotal(
    () => applyAuditFilters(ctx.db('rb_audits').where({ base_id: baseId }), filters),
    {
      limit,
      offset,
      order: [
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ],
    },
  );
  return {
    list: rows.map((r) => ({ ...r, created_at: Number(r.created_at) })),
    pageInfo: {
      totalRows: total,
      page: Math.floor(offset / limit) + 1,
      pageSize: limit,
      isFirstPage: offset === 0,
      isLastPage: offset + rows.length >= total,
    },
  };
}

const RULE_ROLES = ['owner', 'creator', 'editor', 'commenter', 'viewer'] as const;

/** Every view of the base with the roles it is hidden from. */
export async function listVisibilityRules(ctx: AppContext, baseId: string) {
  const tables = await ctx.tables.list(baseId);
  const views: ViewMeta[] = await ctx.tableViews.listByTables(tables.map((t) => t.id));
  const rules = await ctx.db('rb_visibility_rules').where({ base_id: baseId });
  return views.map((v) => {
    const t = tables.find((x) => x.id === v.fk_model_id)!;
    const disabled: Record<string, boolean> = {};
    for (const role of RULE_ROLES) {
      disabled[role] = rules.some(
        (r) => r.fk_view_id === v.id && r.role === role && (r.disabled === true || r.disabled === 1),
      );
    }
    return {
      ...v,
      ptn: t.table_name,
      _ptn: t.title,
      ptype: t.type,
      tn: v.title,
      _tn: v.title,
      table_meta: t.meta,
      disabled,
    };
  });
}

export async function saveVisibilityRules(
  ctx: AppContext,
  baseId: string,
  rules: { id?: string; fk_view_id?: string; disabled: Record<string, boolean> }[],
): Promise<void> {
  const tables = await ctx.tables.list(baseId);
  const views = new Set((await ctx.tableViews.listByTables(tables.map((t) => t.id))).map((v) => v.id));
  await ctx.db.transaction(async (trx) => {
    for (const rule of rules) {
      const viewId = rule.fk_view_id ?? rule.id;
      if (!viewId || !views.has(viewId)) continue;
      for (const [role, disabled] of Object.entries(rule.disabled)) {
        if (!(RULE_ROLES as readonly string[]).includes(role)) continue;
        await trx('rb_visibility_rules').where({ fk_view_id: viewId, role }).delete();
        ctx.changes.publish({ type: 'view.changed', action: 'updated', viewId }, trx);
        if (disabled) {
          const now = Date.now();
          await trx('rb_visibility_rules').insert({
            id: newId('view'),
            base_id: baseId,
            fk_view_id: viewId,
            role,
            disabled: true,
            created_at: now,
            updated_at: now,
          });
        }
      }
    }
  });
}
