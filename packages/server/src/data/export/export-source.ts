/**
 * What an export reads from a table (docs/imports.md, Exports): its whole query as one SELECT, the row order
 * ranges of a split CSV export, and the embedded SQLite file a reader thread of the export's own may read.
 */
import { readPoolOf } from '../sqlite-read-pool.js';
import { noWriteOpen, type NativeQuery } from '../sqlite-statements.js';
import type { OutField, RowQuery, RowReader } from '../row-query.js';
import { rowOrderSplitSql } from './row-order-split-sql.js';

/** Every row of a query in order, one SELECT (one snapshot), and what each column is: what an export streams. */
export function exportSql(reader: RowReader, q: RowQuery): NativeQuery & { out: OutField[] } {
  const { qb, out } = reader.orderedSelect(q);
  const compiled = qb.toSQL().toNative();
  return { sql: compiled.sql, bindings: compiled.bindings as unknown[], out };
}

/** The statements of an export split by row order ranges (row-order-split-sql.ts), or undefined. */
export function exportRanges(reader: RowReader, q: RowQuery, minRows: number): ReturnType<typeof rowOrderSplitSql> {
  return rowOrderSplitSql(reader.db, reader.model, q, minRows);
}

/**
 * The embedded SQLite file an export may stream from on a thread of its own (reader threads on), once every
 * write begun before has committed; otherwise undefined, and the export reads pages on this thread.
 */
export async function exportFile(reader: RowReader): Promise<string | undefined> {
  const pool = readPoolOf(reader.db);
  if (!pool?.usable || !(await noWriteOpen(reader.db))) return undefined;
  return pool.file;
}
