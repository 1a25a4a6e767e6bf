/**
 * Duplicating a table runs as a job (`duplicate-model`, NocoDB's name for it). The request checks access and
 * picks the copy's title, which it answers at once with the job id; the job copies structure, fields and
 * (unless excluded) rows in one transaction, placed right after the original. See docs/jobs.md.
 */
import { badRequest } from '@rowbase/core/errors';
import type { AppContext } from '../context.js';
import type { Principal } from '../http/principal.js';
import type { JobRun } from '../jobs/job-queue.js';
import type { TableRecord } from '../meta/repos/tables.js';
import { inMetaChange } from './tables-change.js';
import { copyTables } from './tables-copy.js';
import { uniqueName } from './tables-naming.js';
import { sourceFor } from './tables.js';

export const DUPLICATE_TABLE_JOB = 'duplicate-model';

export interface TableDuplicateInput {
  tableId: string;
  title: string;
  excludeData: boolean;
}

/** Enqueues the copy; returns the job id and the title the copy will get. */
export async function startTableDuplicate(
  ctx: AppContext,
  principal: Principal,
  table: TableRecord,
  opts: { title?: string; excludeData?: boolean },
): Promise<{ jobId: string; title: string }> {
  const siblings = await ctx.tables.list(table.base_id, { includeM2M: true });
  const title = uniqueName(
    opts.title ?? `${table.title} copy`,
    siblings.map((t) => t.title),
  );
  if (!title.trim()) throw badRequest('title: must not be blank');
  const input: TableDuplicateInput = { tableId: table.id, title, excludeData: opts.excludeData === true };
  const job = await ctx.jobs.enqueue({
    kind: DUPLICATE_TABLE_JOB,
    input,
    baseId: table.base_id,
    userId: principal.user.id,
  });
  return { jobId: job.id, title };
}

/** The `duplicate-model` handler. */
export async function runTableDuplicate(
  ctx: AppContext,
  run: JobRun<TableDuplicateInput>,
): Promise<{ id: string; table_id: string; title: string; table_name: string; base_id: string }> {
  const table = await ctx.tables.byId(run.input.tableId);
  if (!table) throw new Error('The table to copy no longer exists');
  await run.progress({ message: `Copying table ${table.title}`, percent: 0 });
  const full = await ctx.meta.getTable(table.id);
  const source = await sourceFor(ctx, table.base_id, table.source_id);
  // Titles may have been taken since the request: settle them again now.
  const siblings = await ctx.tables.list(table.base_id, { includeM2M: true });
  const title = uniqueName(
    run.input.title,
    siblings.map((t) => t.title),
  );
  const newTableName = uniqueName(
    `${table.table_name}_copy`,
    siblings.map((t) => t.table_name),
    60,
  );
  const ids = await inMetaChange(ctx, source, async (s) => {
    const copied = await copyTables(
      s,
      [{ table: full, newTableName, newTitle: title }],
      { base_id: table.base_id, source_id: source.id },
      { data: !run.input.excludeData, startOrder: (table.order ?? 0) + 1 },
    );
    // The last moment a cancel can still undo everything; once committed, the copy stands.
    run.throwIfCancelled();
    return copied;
  });
  ctx.tableModels.invalidateAll();
  const copyId = ids.get(table.id)!;
  return { id: copyId, table_id: copyId, title, table_name: newTableName, base_id: table.base_id };
}
