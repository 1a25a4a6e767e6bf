/**
 * The SQL page: runs one reading statement against a base's source and lists that source's tables for
 * autocomplete. Which connection a statement gets depends on where the source's tables live; see
 * docs/sql-page.md for the layers that keep the meta store and other bases out of reach.
 */
import path from 'node:path';
import type { RunSqlBody, SqlResult, SqlSchema } from '@rowbase/core/api/sql';
import { badRequest } from '@rowbase/core/errors';
import { fieldType } from '@rowbase/core/fields/registry';
import type { AppContext } from '../../context.js';
import type { BaseRecord } from '../../meta/repos/bases.js';
import type { SourceRecord } from '../../meta/repos/sources.js';
import { knexConfigFor } from '../../sources/connections.js';
import { sourceFor } from '../tables.js';
import { getColumns } from '../views/table-meta.js';
import { mysqlDefaultLogin, pgDefaultLogin } from './default-source-login.js';
import { runMysqlSql } from './mysql-sql-run.js';
import { runPgSql } from './pg-sql-run.js';
import type { DriverResult } from './sql-driver-result.js';
import { readingStatement } from './sql-statement.js';
import { runSqliteSql } from './sqlite-sql-run.js';

export async function runSql(ctx: AppContext, base: BaseRecord, body: RunSqlBody): Promise<SqlResult> {
  const source = await sourceFor(ctx, base.id, body.sourceId);
  const sql = readingStatement(body.sql, ctx.sources.dialectOf(source));
  const { rowCap } = ctx.config.sqlPage;
  const started = performance.now();
  const result = await runGuarded(ctx, base, source, sql, rowCap);
  return { ...result, rowCap, elapsedMs: Math.round(performance.now() - started) };
}

/**
 * Runs a statement that already passed `readingStatement` behind the page's other guards: read-only
 * connection, and on the default source the base's own login (PostgreSQL, MySQL) or table allow-list
 * (SQLite), so it can read nothing but the base's tables.
 */
export async function runGuarded(
  ctx: AppContext,
  base: BaseRecord,
  source: SourceRecord,
  sql: string,
  rowCap: number,
): Promise<DriverResult> {
  const { timeoutMs } = ctx.config.sqlPage;
  const dialect = ctx.sources.dialectOf(source);
  switch (dialect) {
    case 'sqlite':
      return runSqliteSql({ ...(await sqliteTarget(ctx, base, source)), sql, rowCap }, timeoutMs);
    case 'pg':
      return source.is_meta
        ? runPgSql(
            await pgDefaultLogin(ctx, base.id, await tablesOf(ctx, base, source)),
            undefined,
            sql,
            rowCap,
            timeoutMs,
          )
        : runPgSql(...externalPg(ctx, source), sql, rowCap, timeoutMs);
    case 'mysql':
      return runMysqlSql(
        source.is_meta
          ? await mysqlDefaultLogin(ctx, base.id, await tablesOf(ctx, base, source))
          : externalMysql(ctx, source),
        sql,
        rowCap,
        timeoutMs,
      );
    default:
      throw badRequest(`The SQL page cannot run on ${dialect} sources on this server`);
  }
}

/** Tables and physical columns of one source, for the editor's autocomplete. */
export async function sqlSchema(ctx: AppContext, base: BaseRecord, sourceId?: string): Promise<SqlSchema> {
  const source = await sourceFor(ctx, base.id, sourceId);
  const tables = await ctx.tables.list(base.id, { sourceId: source.id, includeM2M: true });
  return {
    sourceId: source.id,
    dialect: ctx.sources.dialectOf(source),
    tables: await Promise.all(
      tables.map(async (t) => ({
        table_name: t.table_name,
        title: t.title,
        columns: (await getColumns(ctx.db, t.id))
          .filter((c) => c.column_name && !fieldType(c.uidt).virtual)
          .map((c) => ({ column_name: c.column_name!, title: c.title, dt: c.dt ?? null })),
      })),
    ),
  };
}

/** The physical tables a base keeps in a source (junction tables included). */
async function tablesOf(ctx: AppContext, base: BaseRecord, source: SourceRecord): Promise<string[]> {
  const tables = await ctx.tables.list(base.id, { sourceId: source.id, includeM2M: true });
  return tables.filter((t) => t.type !== 'view').map((t) => t.table_name);
}

/**
 * The file and allow-list for SQLite. The default source's file is the meta store itself, so only the
 * base's own tables may be opened; an external file belongs to its source alone (unless it is the meta
 * file again, which gets the same allow-list).
 */
async function sqliteTarget(ctx: AppContext, base: BaseRecord, source: SourceRecord) {
  const metaFile = ctx.config.db.client === 'sqlite' ? path.resolve(ctx.config.db.connection) : undefined;
  const file = source.is_meta ? metaFile! : sqliteFileOf(ctx, source);
  const restricted = source.is_meta || path.resolve(file) === metaFile;
  return { file, allowedTables: restricted ? await tablesOf(ctx, base, source) : null };
}

function sqliteFileOf(ctx: AppContext, source: SourceRecord): string {
  const conn = knexConfigFor(ctx.sources.configOf(source)).connection as { filename: string };
  return conn.filename;
}

function externalPg(
  ctx: AppContext,
  source: SourceRecord,
): [Record<string, unknown>, readonly string[] | undefined] {
  const cfg = knexConfigFor(ctx.sources.configOf(source));
  const conn = cfg.connection;
  const searchPath = typeof cfg.searchPath === 'string' ? [cfg.searchPath] : cfg.searchPath;
  return [
    typeof conn === 'string' ? { connectionString: conn } : (conn as Record<string, unknown>),
    searchPath,
  ];
}

function externalMysql(ctx: AppContext, source: SourceRecord): Record<string, unknown> {
  const conn = knexConfigFor(ctx.sources.configOf(source)).connection as Record<string, unknown>;
  // knex's own options (time zone handled by the runner) are not connection options of mysql2.
  const { uri, ...rest } = conn;
  return uri ? { uri, ...rest } : rest;
}
