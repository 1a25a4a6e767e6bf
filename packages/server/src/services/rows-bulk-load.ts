/**
 * The import fast path: rows already checked by the field types (`insertPreparer`) go in without a second
 * check, a large batch per transaction, appended after the table's last row. One change event per batch. On embedded
 * SQLite, rows go in 50 per prepared statement (a third less CPU per row than one statement per row).
 * See docs/imports.md.
 */
import type { Knex } from 'knex';
import { insertSqliteRows } from '../data/sqlite-insert.js';
import type { TableModel } from '../data/table-model.js';
import { appendedOrders } from '../data/row-order.js';
import { insertedEvent, MAX_EVENT_ROWS } from './rows-changes.js';
import type { ColumnValues } from './rows-validate.js';
import { inTransaction, insertPrepared, placeRows, requireWritable, type WriteTarget } from './rows-write.js';

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
  let appended: AppendedOrder | undefined;
  const ids = await inTransaction(t, async (trx) => {
    written = { cols, values };
    appended = undefined;
    if (sqliteAppends(model, cols, count)) {
      // The rows' orders (max + 1, max + 2, …) are bound as the statements are filled: no wider copy of the batch.
      if (order) appended = { name: order.name, first: (await appendedOrders(trx, model, order, 1))[0]! };
      return insertSqliteValues(trx, model, cols, values, count, appended);
    }
    if (order) {
      const placed: ColumnValues[] = Array.from({ length: count }, () => ({}));
      await placeRows(trx, model, order, placed, undefined);
      written = withColumn(cols, values, count, order.name, (r) => placed[r]![order.name]);
    }
    return insertPrepared(trx, model, rowObjects(written.cols, written.values, count), true);
  });
  // An event of more rows than it may carry names only their ids (insertedEvent looks at the count alone):
  // no objects are made for it.
  const rows =
    count > MAX_EVENT_ROWS
      ? new Array<ColumnValues>(count)
      : rowObjects(written.cols, written.values, count, appended);
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

/** The row-order column of rows appended on SQLite: its name and the first row's order (then + 1 a row). */
interface AppendedOrder {
  name: string;
  first: number;
}

function rowObjects(
  cols: readonly string[],
  values: unknown[],
  count: number,
  appended?: AppendedOrder,
): ColumnValues[] {
  const rows: ColumnValues[] = new Array(count);
  for (let r = 0, v = 0; r < count; r++) {
    const row: ColumnValues = {};
    for (const c of cols) row[c] = values[v++];
    if (appended) row[appended.name] = appended.first + r;
    rows[r] = row;
  }
  return rows;
}

/** Rows the SQLite fast path below can write: an auto-increment key the rows do not give. */
function sqliteAppends(model: TableModel, cols: readonly string[], count: number): boolean {
  const pk = model.pk;
  return (
    model.dialect === 'sqlite' && !!pk?.column.ai && count > 0 && cols.length > 0 && !cols.includes(pk.name)
  );
}

/**
 * SQLite with an auto-increment key the rows do not give (`sqliteAppends`): multi-row INSERTs
 * (`insertSqliteRows`). With `appended`, each row also gets its row order, bound after its own values:
 * `first`, `first + 1`, …
 */
function insertSqliteValues(
  trx: Knex.Transaction,
  model: TableModel,
  given: readonly string[],
  values: unknown[],
  count: number,
  appended: AppendedOrder | undefined,
): Promise<unknown[]> {
  const givenWidth = given.length;
  const cols = appended ? [...given, appended.name] : given;
  const width = cols.length;
  return insertSqliteRows(trx, model.tableName, cols, count, (args, from, n) => {
    if (!appended) {
      for (let k = 0, v = from * width; k < n * width; k++) args[k] = values[v++];
      return;
    }
    for (let r = 0, k = 0, v = from * givenWidth; r < n; r++) {
      for (let c = 0; c < givenWidth; c++) args[k++] = values[v++];
      args[k++] = appended.first + from + r;
    }
  });
}
