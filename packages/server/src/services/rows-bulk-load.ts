/**
 * The import fast path: rows already checked by the field types (`prepareRow`) go in without a second check,
 * a large batch per transaction, appended after the table's last row. One change event per batch.
 * See docs/imports.md.
 */
import { insertedEvent } from './rows-changes.js';
import type { ColumnValues } from './rows-validate.js';
import { inTransaction, insertPrepared, placeRows, requireWritable, type WriteTarget } from './rows-write.js';

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
    return insertPrepared(trx, t.model, rows, true);
  });
  t.changes.publish(insertedEvent(t.model, ids, rows));
  return ids;
}
