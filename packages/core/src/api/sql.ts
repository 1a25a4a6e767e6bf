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

/**
 * `POST /api/v1/db/meta/projects/{baseId}/bases/{sourceId}/sqlView`: saves a query of the SQL page as a
 * database view, read in as a read-only table of the base. `sql` is accepted for `view_definition`.
 */
export const createSqlViewBody = z
  .object({
    title: z
      .string({ error: 'title must be a string' })
      .trim()
      .min(1, 'title is required')
      .max(255, 'title must be at most 255 characters'),
    view_definition: z
      .string({ error: 'view_definition must be a string' })
      .trim()
      .min(1, 'view_definition is required')
      .max(SQL_MAX_LENGTH, `view_definition must be at most ${SQL_MAX_LENGTH} characters`)
      .optional(),
    sql: z.string({ error: 'sql must be a string' }).trim().min(1).max(SQL_MAX_LENGTH).optional(),
  })
  .transform((b, ctx) => {
    const definition = b.view_definition ?? b.sql;
    if (!definition) {
      ctx.addIssue({ code: 'custom', message: 'view_definition is required', path: ['view_definition'] });
      return z.NEVER;
    }
    return { title: b.title, view_definition: definition };
  });
export type CreateSqlViewBody = z.infer<typeof createSqlViewBody>;
