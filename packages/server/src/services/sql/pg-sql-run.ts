/**
 * Runs a SQL-page statement on PostgreSQL: a fresh connection, a READ ONLY transaction with a statement
 * timeout, and the statement behind a cursor. DECLARE ... CURSOR accepts only a query (never INSERT,
 * DDL or a WITH that writes), and the extended protocol refuses a second statement hidden after `;`.
 */
import type pg from 'pg';
import { refusedByDatabase, timedOut } from './sql-errors.js';
import { toCell } from './sql-cells.js';
import type { DriverResult } from './sql-driver-result.js';

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

export async function runPgSql(
  connection: pg.ClientConfig,
  searchPath: readonly string[] | undefined,
  sql: string,
  rowCap: number,
  timeoutMs: number,
): Promise<DriverResult> {
  // query_timeout is the client's own guard should the server stop answering.
  // The driver is loaded on first use, not at start (docs/performance.md, "Server memory at rest").
  const { default: driver } = await import('pg');
  const client = new driver.Client({ ...connection, query_timeout: timeoutMs + 5_000 });
  try {
    await client.connect();
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    if (searchPath?.length) {
      await client.query(
        `SET LOCAL search_path TO ${searchPath.map((s) => client.escapeIdentifier(s)).join(', ')}`,
      );
    }
    // queryMode is in the driver (pg 8.x) but not in its type definitions.
    const declare = { text: `DECLARE rb_sql_page NO SCROLL CURSOR FOR ${sql}`, queryMode: 'extended' };
    await client.query(declare as pg.QueryConfig);
    const res = await client.query({
      text: `FETCH FORWARD ${rowCap + 1} FROM rb_sql_page`,
      rowMode: 'array',
    });
    const rows = (res.rows as unknown[][]).slice(0, rowCap).map((r) => r.map(toCell));
    return { columns: res.fields.map((f) => ({ name: f.name })), rows, truncated: res.rows.length > rowCap };
  } catch (err) {
    if ((err as { code?: string }).code === QUERY_CANCELED) throw timedOut(timeoutMs);
    if (/Query read timeout/i.test((err as Error).message)) throw timedOut(timeoutMs);
    throw refusedByDatabase(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}
