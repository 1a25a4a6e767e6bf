/**
 * SQLite transactions begin IMMEDIATE. A deferred `BEGIN` that reads and then writes, after another
 * connection (the background index builder, a second process) has written meanwhile, fails at once with
 * "database is locked": its WAL snapshot cannot be upgraded to a write. Taking the write lock up front makes
 * the transaction wait (busy_timeout) instead. knex has no option for this, so its SQLite transaction's
 * `begin` is replaced once, for every SQLite connection of the process.
 */
import { createRequire } from 'node:module';

interface SqliteTransactionClass {
  prototype: { begin(conn: unknown): Promise<unknown>; query(conn: unknown, sql: string): Promise<unknown> };
}

let installed = false;

export function useImmediateSqliteTransactions(): void {
  if (installed) return;
  installed = true;
  const require = createRequire(import.meta.url);
  const Transaction =
    require('knex/lib/dialects/sqlite3/execution/sqlite-transaction.js') as SqliteTransactionClass;
  Transaction.prototype.begin = function begin(conn: unknown) {
    return this.query(conn, 'BEGIN IMMEDIATE;');
  };
}
