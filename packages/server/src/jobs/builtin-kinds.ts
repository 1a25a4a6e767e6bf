/** The job kinds Rowbase ships with; each process registers them before its queue starts. */
import type { AppContext } from '../context.js';
import {
  DUPLICATE_BASE_JOB,
  runBaseDuplicate,
  type BaseDuplicateInput,
} from '../services/bases-duplicate.js';
import {
  DUPLICATE_TABLE_JOB,
  runTableDuplicate,
  type TableDuplicateInput,
} from '../services/tables-duplicate.js';
import { IMPORT_TABLE_JOB, runImportTable, type ImportTableInput } from '../imports/import-job.js';
import { IMPORT_ROWS_JOB, runAppendRows, type AppendRowsInput } from '../imports/append-job.js';

export function registerBuiltinJobKinds(ctx: AppContext): void {
  if (!ctx.jobKinds.has(DUPLICATE_BASE_JOB))
    ctx.jobKinds.register<BaseDuplicateInput, unknown>(
      DUPLICATE_BASE_JOB,
      (run) => runBaseDuplicate(ctx, run),
      { title: (input) => input.title, target: (input) => input.toBaseId },
    );
  if (!ctx.jobKinds.has(DUPLICATE_TABLE_JOB))
    ctx.jobKinds.register<TableDuplicateInput, unknown>(
      DUPLICATE_TABLE_JOB,
      (run) => runTableDuplicate(ctx, run),
      { title: (input) => input.title },
    );
  if (!ctx.jobKinds.has(IMPORT_TABLE_JOB))
    ctx.jobKinds.register<ImportTableInput, unknown>(IMPORT_TABLE_JOB, (run) => runImportTable(ctx, run), {
      title: (input) => input.title,
    });
  if (!ctx.jobKinds.has(IMPORT_ROWS_JOB))
    ctx.jobKinds.register<AppendRowsInput, unknown>(IMPORT_ROWS_JOB, (run) => runAppendRows(ctx, run), {
      title: (input) => input.title,
    });
}
