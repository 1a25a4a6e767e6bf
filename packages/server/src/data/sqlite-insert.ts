/**
 * Multi-row INSERTs on embedded SQLite for tables with an auto-increment key the rows do not give: 50 rows per
 * prepared statement cost about a third less CPU per row than one statement per row (more rows per statement
 * gain nothing measurable). The rows of one statement take consecutive rowids (SQLite gives each new row one more
 * than the largest, and the transaction holds the only write lock), so the last rowid tells them all. Used by
 * imports (`services/rows-bulk-load.ts`) and the API's inserts (`services/rows-write.ts`). See docs/imports.md.
 */
import type { Knex } from 'knex';
import { prepared, quoteIdent, sqliteConnection } from './sqlite-statements.js';

/** Rows per multi-row INSERT; more gains nothing measurable. */
const ROWS_PER_STATEMENT = 50;
/** Bound values per statement, well under SQLite's limit. */
const MAX_PARAMS = 30_000;

/**
 * Inserts `count` rows into `table`'s columns `cols` inside the transaction `trx`; `fill(args, from, n)` writes
 * the values of rows `from` .. `from + n - 1`, `cols.length` per row, row after row, into `args` from 0.
 * Answers the rows' keys, in order.
 * @example await insertSqliteRows(trx, 'people', ['title'], 2, (a, from, n) => { for (let r = 0; r < n; r++) a[r] = names[from + r] })
 */
export async function insertSqliteRows(
  trx: Knex.Transaction,
  table: string,
  cols: readonly string[],
  count: number,
  fill: (args: unknown[], from: number, n: number) => void,
): Promise<number[]> {
  const width = cols.length;
  const per = Math.max(1, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / width)));
  const conn = await sqliteConnection(trx);
  const insert = (n: number) =>
    prepared(
      conn,
      `insert into ${quoteIdent(table)} (${cols.map(quoteIdent).join(',')}) values ` +
        Array.from({ length: n }, () => `(${cols.map(() => '?').join(',')})`).join(','),
    );
  const ids: number[] = new Array(count);
  let i = 0;
  if (count >= per) {
    const many = insert(per);
    const args: unknown[] = new Array(per * width);
    for (; i + per <= count; i += per) {
      fill(args, i, per);
      const last = Number(many.run(args).lastInsertRowid);
      for (let r = 0; r < per; r++) ids[i + r] = last - per + 1 + r;
    }
  }
  if (i < count) {
    const one = insert(1);
    const row: unknown[] = new Array(width);
    for (; i < count; i++) {
      fill(row, i, 1);
      ids[i] = Number(one.run(row).lastInsertRowid);
    }
  }
  return ids;
}
