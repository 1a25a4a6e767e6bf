/** Contracts of the SQL page: `POST /api/v2/meta/bases/{baseId}/sql` and its schema listing for autocomplete. */
import { z } from 'zod';

/** Longest statement the SQL page accepts, in characters. */
export const SQL_MAX_LENGTH = 100_000;

export const runSqlBody = z.object({
  sql: z
    .string({ error: 'sql must be a string' })
    .trim()
    .min(1, 'sql is required')
    .max(SQL_MAX_LENGTH, `sql must be at most ${SQL_MAX_LENGTH} characters`),
  /** The source to run against; the base's default source when absent. */
  sourceId: z.string({ error: 'sourceId must be a string' }).min(1).optional(),
});
export type RunSqlBody = z.infer<typeof runSqlBody>;

/** A cell as JSON carries it: binary as base64, big integers and dates as strings. */
export type SqlCell = string | number | boolean | null;

export interface SqlResult {
  columns: { name: string }[];
  /** One array per row, in column order (names may repeat, so rows are not objects). */
  rows: SqlCell[][];
  /** True when the statement produced more rows than `rowCap` and the rest was dropped. */
  truncated: boolean;
  rowCap: number;
  elapsedMs: number;
}

/** What autocomplete offers: the physical tables of one source and their physical columns. */
export interface SqlSchema {
  sourceId: string;
  dialect: string;
  tables: {
    table_name: string;
    title: string;
    columns: { column_name: string; title: string; dt: string | null }[];
  }[];
}
