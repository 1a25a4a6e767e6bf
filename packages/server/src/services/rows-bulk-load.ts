/**
 * The import fast path: rows already checked by the field types (`insertPreparer`) go in without a second
 * check, a large batch per transaction, appended after the table's last row. One change event per batch. On embedded
 * SQLite, rows go in 50 per prepared statement (a third less CPU per row than one statement per row).
 * See docs/imports.md.
 */
import type { Knex } from 'knex';
import { prepared, quoteIdent, sqliteConnection } from '../data/sqlite-statements.js';
import type { TableModel } from '../data/table-model.js';
import { insertedEvent, MAX_EVENT_ROWS } from './rows-changes.js';
import type { ColumnValues } from './rows-validate.js';
import { inTransaction, insertPrepared, placeRows, requireWritable, type WriteTarget } from './rows-write.js';

/** Rows per multi-row INSERT on SQLite; more gains nothing measurable. */
const SQLITE_ROWS_PER_STATEMENT = 50;
/** Bound values per statement, well under SQLite's limit. */
const SQLITE_MAX_PARAMS = 30_000;

/**
 * Appends checked rows, given as one flat array of values, `cols.length` per row, row after row (an import's
 * batches, made on a worker thread), in one transaction; returns their primary keys, in order. On SQLite no
 * object is made per row.
 * @example await loadRowValues(target, ['title', 'age'], ['a', 30, 'b', 31], 2)
 */
export async function loadRowValues(
  t: WriteTarget,
  cols: readonly string[],
  values: unknown[],
  count: number,
): Promise<unknown[]> {
  requireWritable(t.model);
  const { model } = t;
  const order = model.rowOrder && !cols.includes(model.rowOrder.name) ? model.rowOrder : undefined;
  let written = { cols, values };
  const ids = await inTransaction(t, async (trx) => {
    written = { cols, values };
    if (order) {
      const placed: ColumnValues[] = Array.from({ length: count }, () => ({}));
      await placeRows(trx, model, order, placed, undefined);
      written = withColumn(cols, values, count, order.name, (r) => placed[r]![order.name]);
    }
    return (
      (await insertSqliteValues(trx, model, written.cols, written.values, count)) ??
      insertPrepared(trx, model, rowObjects(written.cols, written.values, count), true)
    );
  });
  // An event of more rows than it may carry names only their ids (insertedEvent looks at the count alone):
  // no objects are made for it.
  const rows =
    count > MAX_EVENT_ROWS ? new Array<ColumnValues>(count) : rowObjects(written.cols, written.values, count);
  t.changes.publish(insertedEvent(model, ids, rows));
  return ids;
}

/** The flat rows with one more column at the end. */
function withColumn(
  cols: readonly string[],
  values: unknown[],
  count: number,
  name: string,
  valueOf: (row: number) => unknown,
): { cols: string[]; values: unknown[] } {
  const wider = new Array<unknown>(count * (cols.length + 1));
  for (let r = 0, k = 0, v = 0; r < count; r++) {
    for (let c = 0; c < cols.length; c++) wider[k++] = values[v++];
    wider[k++] = valueOf(r);
  }
  return { cols: [...cols, name], values: wider };
}

function rowObjects(cols: readonly string[], values: unknown[], count: number): ColumnValues[] {
  const rows: ColumnValues[] = new Array(count);
  for (let r = 0, v = 0; r < count; r++) {
    const row: ColumnValues = {};
    for (const c of cols) row[c] = values[v++];
    rows[r] = row;
  }
  return rows;
}

/**
 * SQLite with an auto-increment key the rows do not give: multi-row INSERTs through prepared statements. The
 * rows of one statement take consecutive rowids (SQLite gives each new row one more than the largest, and the
 * transaction holds the only write lock), so the last rowid tells them all. Undefined for any other table.
 */
async function insertSqliteValues(
  trx: Knex.Transaction,
  model: TableModel,
  cols: readonly string[],
  values: unknown[],
  count: number,
): Promise<unknown[] | undefined> {
  const pk = model.pk;
  if (model.dialect !== 'sqlite' || !pk?.column.ai || count === 0) return undefined;
  if (cols.length === 0 || cols.includes(pk.name)) return undefined;
  const width = cols.length;
  const per = Math.max(1, Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMS / width)));
  const conn = await sqliteConnection(trx);
  const insert = (n: number) =>
    prepared(
      conn,
      `insert into ${quoteIdent(model.tableName)} (${cols.map(quoteIdent).join(',')}) values ` +
        Array.from({ length: n }, () => `(${cols.map(() => '?').join(',')})`).join(','),
    );
  const ids: unknown[] = new Array(count);
  const many = insert(per);
  const args: unknown[] = new Array(per * width);
  let i = 0;
  for (; i + per <= count; i += per) {
    const from = i * width;
    for (let k = 0; k < args.length; k++) args[k] = values[from + k];
    const last = Number(many.run(args).lastInsertRowid);
    for (let r = 0; r < per; r++) ids[i + r] = last - per + 1 + r;
  }
  const one = insert(1);
  for (; i < count; i++) ids[i] = Number(one.run(values.slice(i * width, (i + 1) * width)).lastInsertRowid);
  return ids;
}
