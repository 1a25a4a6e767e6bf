/**
 * The import fast path: rows already checked by the field types (`prepareRow`) go in without a second check,
 * a large batch per transaction, appended after the table's last row. One change event per batch. On embedded
 * SQLite, rows go in 50 per prepared statement (a third less CPU per row than one statement per row).
 * See docs/imports.md.
 */
import type { Knex } from 'knex';
import { prepared, quoteIdent, sqliteConnection } from '../data/sqlite-statements.js';
import type { TableModel } from '../data/table-model.js';
import { insertedEvent } from './rows-changes.js';
import type { ColumnValues } from './rows-validate.js';
import { inTransaction, insertPrepared, placeRows, requireWritable, type WriteTarget } from './rows-write.js';

/** Rows per multi-row INSERT on SQLite; more gains nothing measurable. */
const SQLITE_ROWS_PER_STATEMENT = 50;
/** Bound values per statement, well under SQLite's limit. */
const SQLITE_MAX_PARAMS = 30_000;

/**
 * Appends prepared rows, all with the same keys, in one transaction; returns their primary keys, in order.
 * @example await loadRows(target, rows.map((r) => prepareRow(model, r, 'insert')))
 */
export async function loadRows(t: WriteTarget, rows: ColumnValues[]): Promise<unknown[]> {
  requireWritable(t.model);
  const order = t.model.rowOrder;
  const unplaced = order ? rows.filter((r) => r[order.name] === undefined || r[order.name] === null) : [];
  const ids = await inTransaction(t, async (trx) => {
    if (order) await placeRows(trx, t.model, order, unplaced, undefined);
    return (await insertSqliteRows(trx, t.model, rows)) ?? insertPrepared(trx, t.model, rows, true);
  });
  t.changes.publish(insertedEvent(t.model, ids, rows));
  return ids;
}

/**
 * SQLite with an auto-increment key the rows do not give: multi-row INSERTs through prepared statements. The
 * rows of one statement take consecutive rowids (SQLite gives each new row one more than the largest, and the
 * transaction holds the only write lock), so the last rowid tells them all. Undefined for any other table.
 */
async function insertSqliteRows(
  trx: Knex.Transaction,
  model: TableModel,
  rows: ColumnValues[],
): Promise<unknown[] | undefined> {
  const pk = model.pk;
  if (model.dialect !== 'sqlite' || !pk?.column.ai || rows.length === 0) return undefined;
  const cols = Object.keys(rows[0]!);
  if (cols.length === 0 || cols.includes(pk.name)) return undefined;
  const per = Math.max(1, Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMS / cols.length)));
  const conn = await sqliteConnection(trx);
  const insert = (n: number) =>
    prepared(
      conn,
      `insert into ${quoteIdent(model.tableName)} (${cols.map(quoteIdent).join(',')}) values ` +
        Array.from({ length: n }, () => `(${cols.map(() => '?').join(',')})`).join(','),
    );
  const ids: unknown[] = new Array(rows.length);
  const many = insert(per);
  const args: unknown[] = new Array(per * cols.length);
  let i = 0;
  for (; i + per <= rows.length; i += per) {
    let k = 0;
    for (let r = i; r < i + per; r++) for (const c of cols) args[k++] = rows[r]![c];
    const last = Number(many.run(args).lastInsertRowid);
    for (let r = 0; r < per; r++) ids[i + r] = last - per + 1 + r;
  }
  const one = insert(1);
  for (; i < rows.length; i++) ids[i] = Number(one.run(cols.map((c) => rows[i]![c])).lastInsertRowid);
  return ids;
}
