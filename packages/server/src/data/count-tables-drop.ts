/**
 * Dropping a table's count tables before DDL changes what they count (docs/performance.md, "Count tables"):
 * SQLite's and PostgreSQL's are kept by triggers that name the table and its columns; MySQL has none.
 */
import type { Knex } from 'knex';
import { dropPgCountTables } from './pg-count-tables.js';
import { dropSqliteCountTables } from './sqlite-count-tables.js';

/** Drops the count tables of a table (those naming `column`, when given). */
export async function dropCountTables(db: Knex, dialect: string, tableName: string, column?: string): Promise<void> {
  if (dialect === 'sqlite') await dropSqliteCountTables(db, tableName, column);
  else if (dialect === 'pg') await dropPgCountTables(db, tableName, column);
}
