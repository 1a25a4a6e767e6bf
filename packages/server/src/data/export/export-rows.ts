/**
 * Every row an export writes, a batch at a time, each row an array of values (as the records API gives them)
 * in the order of `titles`: no object per row. On embedded SQLite the rows come from one SELECT stepped
 * through on a reader thread of the export's own (sqlite-export-stream.ts); elsewhere (PostgreSQL, MySQL,
 * SQLite with reader threads off) from pages read here, deep ones by key. See docs/imports.md (Exports).
 */
import type { RowQuery, RowReader } from '../row-query.js';
import { STREAM_BATCH, sqliteExportRows } from './sqlite-export-stream.js';

export interface ExportRows {
  /** The title of each value of a row, in order. */
  titles: readonly string[];
  batches: AsyncIterable<unknown[][]>;
}

async function* pagedRows(reader: RowReader, q: RowQuery, titles: readonly string[]): AsyncGenerator<unknown[][]> {
  for (let offset = 0; ; offset += STREAM_BATCH) {
    const rows = await reader.rows({ ...q, limit: STREAM_BATCH, offset });
    if (rows.length) yield rows.map((r) => titles.map((t) => r[t]));
    if (rows.length < STREAM_BATCH) return;
  }
}

/** The rows of `q` for an export. The query is checked first, so a bad filter is still a clean 400. */
export async function exportRows(reader: RowReader, q: RowQuery): Promise<ExportRows> {
  await reader.rows({ ...q, limit: 1, offset: 0 });
  const file = await reader.streamFile();
  if (file) {
    const stream = reader.streamSql(q);
    return { titles: stream.out.map((f) => f.title), batches: sqliteExportRows(file, stream) };
  }
  const titles = reader.projection(q.fields).out.map((f) => f.title);
  return { titles, batches: pagedRows(reader, q, titles) };
}
