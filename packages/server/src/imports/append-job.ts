/**
 * Importing a file into an existing table runs as a job (`import-rows`): file columns are mapped to the table's
 * fields (by the client, or by header name), other columns are skipped; with a match field, a row whose value
 * of that field is already in the table updates that row instead of adding one. Rows are written a batch per
 * transaction (a long transaction would hold SQLite's only connection); a refused row fails the import unless
 * the client chose to skip bad rows, and a failed or cancelled import is undone: the rows it added are deleted and
 * the rows it updated get their previous values back. See docs/imports.md.
 */
import { rm } from 'node:fs/promises';
import { DEFAULT_IMPORT_OPTIONS, type PlannedColumn } from '@rowbase/core/import/import-plan';
import { importConverter } from '@rowbase/core/import/import-value';
import type { UIType } from '@rowbase/core/fields/ui-types';
import type { Knex } from 'knex';
import type { AppContext } from '../context.js';
import type { StoredField, TableModel } from '../data/table-model.js';
import type { JobRun } from '../jobs/job-queue.js';
import { deletedEvent, insertedEvent, updatedEvent } from '../services/rows-changes.js';
import {
  autoUpdateColumns,
  isWrittenByServer,
  nowStamp,
  prepareRow,
  type ColumnValues,
} from '../services/rows-validate.js';
import {
  inTransaction,
  insertPrepared,
  placeRows,
  writeTarget,
  type WriteTarget,
} from '../services/rows-write.js';
import { planFile, type SkippedRow } from './import-job.js';
import { readRowBatches, type ImportFormat } from './read-rows.js';

export const IMPORT_ROWS_JOB = 'import-rows';
const BATCH_ROWS = 5000;
const MAX_SKIPPED_KEPT = 10_000;
/** Match values looked up per statement. */
const LOOKUP_CHUNK = 500;

export interface AppendRowsInput {
  path: string;
  format: ImportFormat;
  tableId: string;
  /** The table's title, for the job's title. */
  title: string;
  firstRowAsHeaders: boolean;
  normalizeNested: boolean;
  /** File column (by position) -> field title or id; columns left out are skipped. Absent: by header name. */
  mapping?: { index: number; field: string }[];
  /** A field whose value finds the row to update. */
  match?: string;
  skipBadRows: boolean;
}

export interface AppendRowsResult {
  table_id: string;
  title: string;
  rows_imported: number;
  rows_inserted: number;
  rows_updated: number;
  rows_skipped: number;
  skipped: SkippedRow[];
}

/** A field a file column may be imported into, or an error naming the problem. */
export function importableField(model: TableModel, key: string, what: string): StoredField {
  const f = model.field(key);
  if (!f || f.name === null) throw new Error(`${what}: the table has no field '${key}'`);
  const field = f as StoredField;
  if (isWrittenByServer(field) || field.column.pk)
    throw new Error(`${what}: field '${field.title}' is filled in by Rowbase and cannot be imported into`);
  return field;
}

interface Target {
  index: number;
  field: StoredField;
  /** The cell as the field takes it (`importConverter` for the field's type and the column's date format). */
  toValue: (raw: unknown) => unknown;
}

const target = (index: number, field: StoredField, dateFormat: string | undefined): Target => ({
  index,
  field,
  toValue: importConverter({ uidt: field.column.uidt as UIType, dateFormat }),
});

const fold = (s: unknown) =>
  String(s ?? '')
    .trim()
    .toLowerCase();

/** The client's mapping, or each file column whose header (or cleaned title) names a field. */
function targetsOf(
  model: TableModel,
  input: AppendRowsInput,
  planned: PlannedColumn[],
  header: unknown[],
): Target[] {
  const dateFormat = (index: number) => planned.find((c) => c.index === index)?.dateFormat;
  if (input.mapping) {
    return input.mapping.map((m, i) =>
      target(m.index, importableField(model, m.field, `columns[${i}].field`), dateFormat(m.index)),
    );
  }
  const targets: Target[] = [];
  for (const c of planned) {
    const names = [fold(header[c.index]), fold(c.title)];
    const field = model.stored.find(
      (f) => names.includes(fold(f.title)) && !isWrittenByServer(f) && !f.column.pk,
    );
    if (field && !targets.some((t) => t.field === field)) targets.push(target(c.index, field, c.dateFormat));
  }
  return targets;
}

export async function runAppendRows(
  ctx: AppContext,
  run: JobRun<AppendRowsInput>,
): Promise<AppendRowsResult> {
  const { input } = run;
  try {
    const { model, db } = await ctx.tableModels.get(ctx, input.tableId);
    await run.progress({ message: 'Reading the file', percent: 0 });
    const options = {
      ...DEFAULT_IMPORT_OPTIONS,
      firstRowAsHeaders: input.firstRowAsHeaders,
      normalizeNested: input.normalizeNested,
    };
    const plan = await planFile({ path: input.path, format: input.format, options });
    const targets = targetsOf(model, input, plan.columns, plan.header);
    if (!targets.length) throw new Error('No column of the file is mapped to a field of the table');
    const match = input.match ? importableField(model, input.match, 'match') : undefined;
    const state = new AppendState(writeTarget(ctx, model, db), plan.total, input.skipBadRows);
    try {
      let header = input.firstRowAsHeaders;
      for await (const rows of readRowBatches(input.path, input.format, input.normalizeNested)) {
        for (const row of rows) {
          if (header) header = false;
          else state.add(row, targets);
        }
        if (state.pending.length >= BATCH_ROWS) await state.flush(run, match);
      }
      await state.flush(run, match);
    } catch (err) {
      await state.undo();
      throw err;
    }
    return {
      table_id: model.id,
      title: model.title,
      rows_imported: state.inserted.length + state.updated.length,
      rows_inserted: state.inserted.length,
      rows_updated: state.updated.length,
      rows_skipped: state.skippedCount,
      skipped: state.skipped,
    };
  } finally {
    await rm(input.path, { force: true });
  }
}

/** The rows of one append: checked as they are read, written a batch at a time. */
class AppendState {
  pending: { row: number; record: Record<string, unknown>; values: unknown[] }[] = [];
  inserted: unknown[] = [];
  updated: { id: unknown; previous: ColumnValues }[] = [];
  skipped: SkippedRow[] = [];
  skippedCount = 0;
  private rowNumber = 0;
  private readonly stamp = nowStamp();
  private readonly touched: StoredField[];

  private readonly model: TableModel;

  constructor(
    private readonly target: WriteTarget,
    private readonly total: number,
    private readonly skipBadRows: boolean,
  ) {
    this.model = target.model;
    this.touched = autoUpdateColumns(this.model);
  }

  add(row: unknown[], targets: Target[]): void {
    this.rowNumber++;
    const record: Record<string, unknown> = {};
    for (const t of targets) record[t.field.title] = t.toValue(row[t.index]);
    try {
      // Checked as an update here (cells only); rows that turn out to be new are checked again as inserts.
      prepareRow(this.model, record, 'update');
      this.pending.push({ row: this.rowNumber, record, values: row });
    } catch (err) {
      this.refuse(this.rowNumber, row, err as Error);
    }
  }

  private refuse(row: number, values: unknown[], err: Error): void {
    if (!this.skipBadRows) throw new Error(`Row ${row}: ${err.message}`);
    this.skippedCount++;
    if (this.skipped.length < MAX_SKIPPED_KEPT) this.skipped.push({ row, reason: err.message, values });
  }

  /** Writes the pending rows in one transaction: updates of matched rows, the rest appended. */
  async flush(run: JobRun<unknown>, match: StoredField | undefined): Promise<void> {
    run.throwIfCancelled();
    const batch = this.pending;
    this.pending = [];
    const model = this.model;
    const pk = model.pk;
    const written = await inTransaction(this.target, async (trx) => {
      const existing = match
        ? await this.lookup(
            trx,
            match,
            batch.map((p) => p.record[match.title]),
          )
        : undefined;
      const inserts: ColumnValues[] = [];
      const updates: { id: unknown; values: ColumnValues; previous: ColumnValues }[] = [];
      for (const p of batch) {
        try {
          const found = match && existing?.get(keyOf(model, match, p.record[match.title]));
          if (found && pk) {
            const values = prepareRow(model, p.record, 'update');
            for (const f of this.touched) if (!(f.name in values)) values[f.name] = this.stamp;
            await trx(model.tableName)
              .where(pk.name, found.id as string | number)
              .update(values);
            updates.push({ id: pk.decode(found.id), values, previous: found.previous });
          } else inserts.push(prepareRow(model, p.record, 'insert'));
        } catch (err) {
          this.refuse(p.row, p.values, err as Error);
        }
      }
      if (model.rowOrder) await placeRows(trx, model, model.rowOrder, inserts, undefined);
      const ids = inserts.length ? await insertPrepared(trx, model, inserts, true) : [];
      return { ids, inserts, updates };
    });
    this.inserted.push(...written.ids);
    for (const u of written.updates) this.updated.push({ id: u.id, previous: u.previous });
    if (written.ids.length) this.target.changes.publish(insertedEvent(model, written.ids, written.inserts));
    if (written.updates.length) this.target.changes.publish(updatedEvent(model, written.updates, undefined));
    const done = this.inserted.length + this.updated.length + this.skippedCount;
    const of = Math.max(this.total, done);
    await run.progress({
      message: `Imported ${done} of ${of} rows`,
      percent: of ? Math.floor((done / of) * 100) : 100,
    });
  }

  /** Takes back what the import wrote: its new rows deleted, updated rows given their previous values. */
  async undo(): Promise<void> {
    const pk = this.model.pk;
    if (!pk || (!this.inserted.length && !this.updated.length)) return;
    const model = this.model;
    await inTransaction(this.target, async (trx) => {
      for (let i = 0; i < this.inserted.length; i += LOOKUP_CHUNK)
        await trx(model.tableName)
          .whereIn(pk.name, this.inserted.slice(i, i + LOOKUP_CHUNK) as (string | number)[])
          .del();
      for (const u of this.updated)
        await trx(model.tableName)
          .where(pk.name, pk.encode(u.id) as string | number)
          .update(u.previous);
    });
    this.target.changes.publish(deletedEvent(model, this.inserted, undefined));
    if (this.updated.length)
      this.target.changes.publish(
        updatedEvent(
          model,
          this.updated.map((u) => ({ id: u.id, values: u.previous })),
          undefined,
        ),
      );
  }

  /**
   * The row holding each match value already in the table (the first such row): its key and the values the
   * import may overwrite, kept to undo the update.
   */
  private async lookup(
    trx: Knex.Transaction,
    match: StoredField,
    raw: unknown[],
  ): Promise<Map<string, { id: unknown; previous: ColumnValues }>> {
    const pk = this.model.pk;
    const found = new Map<string, { id: unknown; previous: ColumnValues }>();
    if (!pk) return found;
    const values = new Set<string | number>();
    for (const v of raw) {
      const encoded = encodedMatch(this.model, match, v);
      if (encoded !== undefined) values.add(encoded);
    }
    const list = [...values];
    const columns = this.model.stored.filter((f) => !f.column.pk && !f.column.ai).map((f) => f.name);
    for (let i = 0; i < list.length; i += LOOKUP_CHUNK) {
      const rows = (await trx(this.model.tableName)
        .select([pk.name, ...columns])
        .whereIn(match.name, list.slice(i, i + LOOKUP_CHUNK))
        .orderBy(pk.name)) as Record<string, unknown>[];
      for (const r of rows) {
        const key = String(r[match.name]);
        if (found.has(key)) continue;
        const previous: ColumnValues = {};
        for (const c of columns) previous[c] = r[c];
        found.set(key, { id: r[pk.name], previous });
      }
    }
    return found;
  }
}

/** A match value as the column stores it, or undefined when it is empty or not a value of the field. */
function encodedMatch(model: TableModel, match: StoredField, value: unknown): string | number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  try {
    const v = prepareRow(model, { [match.title]: value }, 'update')[match.name];
    return typeof v === 'string' || typeof v === 'number' ? v : undefined;
  } catch {
    return undefined;
  }
}

const keyOf = (model: TableModel, match: StoredField, value: unknown) =>
  String(encodedMatch(model, match, value));
