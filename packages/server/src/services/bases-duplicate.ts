/**
 * Duplicating a base runs as a job. The request creates the empty copy (so the caller learns its id at once, as
 * NocoDB clients expect) and enqueues `duplicate-base`; the job copies the default-source tables with their
 * fields, links and (unless excluded) rows, one table per transaction so progress can be reported between them;
 * a documentation base's pages and a dashboard base's layouts with their widgets are copied after.
 * A failed or cancelled copy is removed whole. External sources are not copied (their data lives elsewhere).
 */
import type { BaseMeta } from '@rowbase/core/api/meta';
import type { AppContext } from '../context.js';
import type { Principal } from '../http/principal.js';
import type { JobRun } from '../jobs/job-queue.js';
import type { BaseRecord } from '../meta/repos/bases.js';
import { copyLayouts } from '../dashboards/dashboards-copy.js';
import { copyDocsPages } from '../docs/docs-copy.js';
import { createBase, deleteBase } from './bases.js';
import { inMetaChange } from './tables-change.js';
import { copyTables, planIds, type CopyPlan } from './tables-copy.js';

export const DUPLICATE_BASE_JOB = 'duplicate-base';

export interface BaseDuplicateInput {
  fromBaseId: string;
  toBaseId: string;
  /** The copy's title, shown while the job runs. */
  title: string;
  excludeData: boolean;
}

/** Creates the empty copy (the caller owns it) and enqueues the job that fills it. */
export async function startBaseDuplicate(
  ctx: AppContext,
  principal: Principal,
  base: BaseRecord,
  opts: { excludeData?: boolean; title?: string },
): Promise<{ jobId: string; copy: BaseMeta }> {
  const copy = await createBase(ctx, principal, {
    title: opts.title ?? `${base.title} copy`,
    description: base.description ?? undefined,
    color: base.color ?? undefined,
    type: base.type,
    meta: base.meta ?? undefined,
  });
  const input: BaseDuplicateInput = {
    fromBaseId: base.id,
    toBaseId: copy.id,
    title: copy.title,
    excludeData: opts.excludeData === true,
  };
  try {
    const job = await ctx.jobs.enqueue({
      kind: DUPLICATE_BASE_JOB,
      input,
      baseId: base.id,
      userId: principal.user.id,
    });
    return { jobId: job.id, copy };
  } catch (err) {
    await deleteBase(ctx, (await ctx.bases.byId(copy.id))!);
    throw err;
  }
}

/** The `duplicate-base` handler. */
export async function runBaseDuplicate(
  ctx: AppContext,
  run: JobRun<BaseDuplicateInput>,
): Promise<{ id: string; base_id: string; title: string }> {
  const { fromBaseId, toBaseId, excludeData } = run.input;
  const from = await ctx.bases.byId(fromBaseId);
  const to = await ctx.bases.byId(toBaseId);
  if (!to) throw new Error('The copy was deleted before it could be filled');
  try {
    if (!from) throw new Error('The base to copy no longer exists');
    const source = (await ctx.sourceRepo.listByBase(from.id)).find((s) => s.is_meta);
    const target = (await ctx.sourceRepo.listByBase(to.id)).find((s) => s.is_meta)!;
    const tables = source
      ? (await ctx.meta.listTables(from.id)).filter((t) => t.source_id === source.id)
      : [];
    const rename = (name: string) =>
      from.prefix && name.startsWith(from.prefix) ? to.prefix + name.slice(from.prefix.length) : name;
    const plans: CopyPlan[] = tables.map((t) => ({
      table: t,
      newTableName: rename(t.table_name),
      newTitle: t.title,
    }));
    const ids = planIds(plans);
    for (const [i, plan] of plans.entries()) {
      run.throwIfCancelled();
      await run.progress({
        message: `Copying table ${plan.newTitle} (${i + 1} of ${plans.length})`,
        percent: Math.round((i / plans.length) * 100),
      });
      await inMetaChange(ctx, target, (s) =>
        copyTables(
          s,
          plans,
          { base_id: to.id, source_id: target.id },
          { data: !excludeData, startOrder: i + 1, ids, only: [plan] },
        ),
      );
    }
    run.throwIfCancelled();
    // Bases of other kinds hold their content outside tables (docs/documentation-bases.md, docs/dashboards.md).
    if (from.type === 'documentation') await copyDocsPages(ctx.db, from.id, to.id, run.userId);
    if (from.type === 'dashboard') await copyLayouts(ctx.db, from.id, to.id, run.userId);
    await run.progress({ message: 'Base copied', percent: 100 });
  } catch (err) {
    await deleteBase(ctx, to);
    throw err;
  }
  ctx.tableModels.invalidateAll();
  return { id: to.id, base_id: to.id, title: to.title };
}
