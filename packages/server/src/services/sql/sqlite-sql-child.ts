/**
 * Runs one SQL-page statement against a SQLite file in a child process, so that a runaway query can be
 * killed (better-sqlite3 runs synchronously and cannot be interrupted from JavaScript).
 *
 * The file is opened read-only with `query_only`. When `allowedTables` is given (the default source,
 * whose file also holds the meta store and every other base), the compiled program is inspected with
 * EXPLAIN before it runs: every b-tree it opens must belong to one of those tables or their indexes,
 * and virtual tables (`pragma_*()`, `json_each()`, ...) are refused, because their contents are not
 * covered by that check.
 */
import Database from 'better-sqlite3';
import type { SqlCell } from '@rowbase/core/api/sql';
import { toCell } from './sql-cells.js';

export interface SqliteSqlJob {
  file: string;
  sql: string;
  rowCap: number;
  /** Physical table names the statement may read; every table when null. */
  allowedTables: string[] | null;
}

export type SqliteSqlReply =
  | { ready: true; ok?: undefined }
  | { ok: true; ready?: undefined; columns: { name: string }[]; rows: SqlCell[][]; truncated: boolean }
  | { ok: false; message: string; ready?: undefined };

interface ExplainRow {
  opcode: string;
  p2: number;
  p3: number;
  p5: number;
}

/** Opcodes that open a b-tree by root page (P2) in a database (P3). */
const OPENS_BTREE = new Set(['OpenRead', 'ReopenIdx', 'OpenWrite']);
/** OPFLAG_P2ISREG: P2 names a register holding the root page, not the page itself. */
const P2_IS_REGISTER = 0x10;

export function runSqliteJob(job: SqliteSqlJob): SqliteSqlReply {
  const db = new Database(job.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('query_only = ON');
    db.pragma('busy_timeout = 5000');
    let stmt: Database.Statement;
    try {
      stmt = db.prepare(job.sql);
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
    if (!stmt.reader) return { ok: false, message: 'sql: only statements that return rows can run here' };
    if (job.allowedTables) {
      const refusal = refusedBtree(db, job.sql, job.allowedTables);
      if (refusal) return { ok: false, message: refusal };
    }
    stmt.raw(true);
    const columns = stmt.columns().map((c) => ({ name: c.name }));
    const rows: SqlCell[][] = [];
    let truncated = false;
    for (const row of stmt.iterate() as Iterable<unknown[]>) {
      if (rows.length === job.rowCap) {
        truncated = true;
        break;
      }
      rows.push(row.map(toCell));
    }
    return { ok: true, columns, rows, truncated };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  } finally {
    db.close();
  }
}

/** Why the statement may not run, or undefined when every table it opens is allowed. */
function refusedBtree(db: Database.Database, sql: string, allowedTables: string[]): string | undefined {
  const allowed = new Set(allowedTables.map((t) => t.toLowerCase()));
  const pages = new Map<number, string>();
  const schema = db.prepare('SELECT tbl_name, rootpage FROM main.sqlite_schema WHERE rootpage > 0').all() as {
    tbl_name: string;
    rootpage: number;
  }[];
  for (const r of schema) pages.set(r.rootpage, r.tbl_name);
  const program = db.prepare(`EXPLAIN ${sql}`).all() as ExplainRow[];
  for (const op of program) {
    if (op.opcode === 'VOpen') return 'sql: table-valued functions and virtual tables are not available here';
    if (!OPENS_BTREE.has(op.opcode)) continue;
    if (op.opcode === 'OpenWrite') return 'sql: this statement writes, and the SQL page only reads';
    if (op.p3 !== 0 || op.p5 & P2_IS_REGISTER) return 'sql: only tables of this base can be read';
    const table = op.p2 === 1 ? 'sqlite_schema' : pages.get(op.p2);
    if (!table || !allowed.has(table.toLowerCase())) {
      return `sql: table '${table ?? '?'}' is not part of this base's source`;
    }
  }
  return undefined;
}

/** Set by the parent that forks this file; keeps the listener out of any process that merely imports it. */
export const SQLITE_CHILD_FLAG = 'RB_SQLITE_SQL_CHILD';

if (process.env[SQLITE_CHILD_FLAG] === '1' && process.send) {
  process.once('message', (job: SqliteSqlJob) => {
    const reply = runSqliteJob(job);
    process.send!(reply, () => process.exit(0));
  });
  process.send({ ready: true });
}
