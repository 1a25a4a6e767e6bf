/**
 * Runs a SQL-page statement on MySQL or MariaDB: a fresh connection without multiple statements, a
 * READ ONLY transaction, a per-session statement timeout (MySQL `max_execution_time`, MariaDB
 * `max_statement_time`) and `sql_select_limit` as the row cap, so the server never sends more rows.
 */
import type mysql from 'mysql2/promise';
import { refusedByDatabase, timedOut } from './sql-errors.js';
import { toCell } from './sql-cells.js';
import type { DriverResult } from './sql-driver-result.js';

/** ER_QUERY_TIMEOUT (MySQL), ER_STATEMENT_TIMEOUT (MariaDB), ER_QUERY_INTERRUPTED. */
const TIMEOUT_ERRNOS = new Set([3024, 1969, 1317]);

export async function runMysqlSql(
  connection: mysql.ConnectionOptions,
  sql: string,
  rowCap: number,
  timeoutMs: number,
): Promise<DriverResult> {
  let conn: mysql.Connection | undefined;
  try {
    // The driver is loaded on first use, not at start (docs/performance.md, "Server memory at rest").
    conn = await (
      await import('mysql2/promise')
    ).default.createConnection({
      ...connection,
      multipleStatements: false,
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      connectTimeout: 10_000,
    });
    await conn.query("SET time_zone = '+00:00'");
    const [ver] = (await conn.query('SELECT VERSION() AS v')) as unknown as [{ v: string }[]];
    if (/mariadb/i.test(ver[0]?.v ?? '')) {
      await conn.query(`SET SESSION max_statement_time = ${Math.max(0.001, timeoutMs / 1000)}`);
    } else {
      await conn.query(`SET SESSION max_execution_time = ${Math.max(1, Math.floor(timeoutMs))}`);
    }
    await conn.query(`SET SESSION sql_select_limit = ${rowCap + 1}`);
    await conn.query('START TRANSACTION READ ONLY');
    const [rows, fields] = await conn.query({ sql, rowsAsArray: true, timeout: timeoutMs + 5_000 });
    await conn.query('ROLLBACK');
    if (!Array.isArray(rows) || !Array.isArray(fields)) {
      throw new Error('only statements that return rows can run here');
    }
    const list = rows as unknown[][];
    return {
      columns: fields.map((f) => ({ name: f.name })),
      rows: list.slice(0, rowCap).map((r) => r.map(toCell)),
      truncated: list.length > rowCap,
    };
  } catch (err) {
    const e = err as { errno?: number; code?: string };
    if ((e.errno && TIMEOUT_ERRNOS.has(e.errno)) || e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
      throw timedOut(timeoutMs);
    }
    throw refusedByDatabase(err);
  } finally {
    await conn?.end().catch(() => conn?.destroy());
  }
}
