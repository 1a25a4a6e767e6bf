/**
 * Saving a SQL page query as a database view. The query passes every guard of the SQL page first (one
 * reading statement, run once through the base's own login or table allow-list), so the view can only
 * read what the page itself could; then the meta user creates it and it is read in as a read-only table
 * of type view. See docs/sql-page.md.
 */
import type { CreateSqlViewBody } from '@rowbase/core/api/sql';
import { badRequest } from '@rowbase/core/errors';
import type { Knex } from 'knex';
import type { AppContext } from '../../context.js';
import type { BaseRecord } from '../../meta/repos/bases.js';
import { introspectSource, registerTable } from '../../sources/meta-diff.js';
import type { FullTable } from '../tables-meta.js';
import { MAX_IDENTIFIER, checkTableNameLength, toIdentifier } from '../tables-naming.js';
import { physicalTableName, sourceFor } from '../tables.js';
import { checkTitle } from '../columns-build.js';
import { runGuarded } from './sql-page.js';
import { readingStatement } from './sql-statement.js';

export async function createSqlView(
  ctx: AppContext,
  base: BaseRecord,
  sourceId: string,
  body: CreateSqlViewBody,
): Promise<FullTable> {
  const source = await sourceFor(ctx, base.id, sourceId);
  const dialect = ctx.sources.dialectOf(source);
  if (dialect !== 'sqlite' && dialect !== 'pg' && dialect !== 'mysql')
    throw badRequest(`SQL views cannot be created on ${dialect} sources on this server`);
  const sql = readingStatement(body.view_definition, dialect);
  const { title } = body;
  checkTitle(title, 'View title');
  const tables = await ctx.tables.list(base.id, { includeM2M: true });
  if (tables.some((t) => t.title.toLowerCase() === title.toLowerCase()))
    throw badRequest(`Duplicate table alias '${title}'`);
  const name = toIdentifier(title, 'view').slice(0, MAX_IDENTIFIER[dialect] - (base.prefix?.length ?? 0) - 6);
  const physical = physicalTableName(base, source, name);
  checkTableNameLength(dialect, physical, physical.length - name.length);
  const existing = await introspectSource(ctx, base, source);
  if (
    existing.some((t) => t.name.toLowerCase() === physical.toLowerCase()) ||
    tables.some((t) => t.table_name.toLowerCase() === physical.toLowerCase())
  )
    throw badRequest(`Table '${name}' already exists in the database`);

  // The proof that the query reads only the base's tables: it runs once behind the page's guards.
  await runGuarded(ctx, base, source, sql, 1);

  const data = ctx.sources.connectionOf(source);
  const quotedName = data.raw('??', [physical]).toQuery();
  try {
    await runDdl(data, dialect, `CREATE VIEW ${quotedName} AS ${sql}`);
  } catch (err) {
    throw badRequest(`The database refused the view: ${reasonOf(err)}`);
  }
  try {
    const view = (await introspectSource(ctx, base, source)).find((t) => t.name === physical);
    if (!view) throw new Error(`view ${physical} was created but cannot be read back`);
    const id = await ctx.db.transaction(async (trx) =>
      registerTable(ctx, trx, {
        base,
        source,
        table: { ...view, type: 'view' },
        title,
        order: await ctx.tables.nextOrder(base.id, trx),
      }),
    );
    return await ctx.meta.getTable(id);
  } catch (err) {
    await data.schema.dropViewIfExists(physical).catch(() => undefined);
    throw err;
  }
}

/**
 * Runs one DDL statement on the driver itself, in its single-statement mode: through knex a `?` inside
 * the user's query (in a string literal, say) would be taken for a binding placeholder.
 */
async function runDdl(knex: Knex, dialect: 'sqlite' | 'pg' | 'mysql', text: string): Promise<void> {
  const client = knex.client as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(c: unknown): Promise<unknown>;
  };
  const conn = await client.acquireConnection();
  try {
    if (dialect === 'pg')
      await (conn as PgConnection).query({ text, queryMode: 'extended' } as unknown as string);
    else if (dialect === 'mysql')
      await new Promise<void>((resolve, reject) =>
        (conn as MysqlConnection).query(text, (err) => (err ? reject(err) : resolve())),
      );
    else (conn as SqliteConnection).prepare(text).run();
  } finally {
    await client.releaseConnection(conn);
  }
}

type PgConnection = { query(text: string): Promise<unknown> };
type MysqlConnection = { query(text: string, cb: (err: unknown) => void): void };
type SqliteConnection = { prepare(text: string): { run(): unknown } };

function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // Knex prefixes the statement; the engine's own reason is after the last " - ".
  return message.includes(' - ') ? message.slice(message.lastIndexOf(' - ') + 3) : message;
}
