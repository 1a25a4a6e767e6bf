/**
 * DDL through knex's schema builder for every dialect: create/drop/rename tables, add/drop/rename columns,
 * and retype a column by copying its values through a new column (so no engine's ALTER quirks can lose rows).
 */
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { Knex } from 'knex';
import { dropTextSearch } from '../data/text-search.js';
import { dropCountTables } from '../data/count-tables-drop.js';
import { type ColumnSpec, columnTypeSql, isNowDefault } from './column-spec.js';

/** The dialect behind a knex (or transaction), as far as the search indexes care: SQLite or not. */
function dialectOfKnex(knex: Knex): string {
  const client = (knex.client as { config?: { client?: unknown } }).config?.client;
  return client === 'better-sqlite3' || client === 'sqlite3' ? 'sqlite' : String(client);
}

/**
 * MySQL refreshes datetime/timestamp columns itself (ON UPDATE CURRENT_TIMESTAMP); auto-update of other
 * date/time types, and on other engines, is the data plane's job on every row update.
 */
const mysqlOnUpdate = (dialect: Dialect, spec: ColumnSpec) =>
  dialect === 'mysql' && !!spec.au && /^(datetime|timestamp)$/i.test(spec.dt.trim());

function defaultValue(knex: Knex, dialect: Dialect, spec: ColumnSpec): unknown {
  const cdf = spec.cdf;
  if (cdf === null || cdf === undefined || cdf === '') return undefined;
  if (isNowDefault(cdf)) {
    if (mysqlOnUpdate(dialect, spec)) return knex.raw('CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP');
    // Datetimes are stored as UTC wall time; pg's CURRENT_TIMESTAMP would follow the session time zone.
    if (dialect === 'pg' && /^timestamp( without time zone)?$/i.test(spec.dt.trim())) {
      return knex.raw("(now() at time zone 'utc')");
    }
    return knex.fn.now();
  }
  const lower = spec.dt.toLowerCase();
  if (['boolean', 'bit'].includes(lower) || (lower === 'tinyint' && String(spec.dtxp) === '1')) {
    const on = ['true', '1', 't', 'yes'].includes(cdf.toLowerCase());
    return dialect === 'pg' || dialect === 'sqlite' ? on : on ? 1 : 0;
  }
  return cdf;
}

/** Adds one column to a create/alter table builder. */
export function defineColumn(
  knex: Knex,
  dialect: Dialect,
  t: Knex.CreateTableBuilder | Knex.AlterTableBuilder,
  spec: ColumnSpec,
  opts: { forceNullable?: boolean } = {},
): Knex.ColumnBuilder {
  if (spec.ai && spec.pk) {
    return spec.dt.toLowerCase().startsWith('big')
      ? t.bigIncrements(spec.column_name, { primaryKey: true })
      : t.increments(spec.column_name, { primaryKey: true });
  }
  let type = columnTypeSql(dialect, spec);
  if (mysqlOnUpdate(dialect, spec) && !isNowDefault(spec.cdf)) type += ' NULL ON UPDATE CURRENT_TIMESTAMP';
  const col = t.specificType(spec.column_name, type);
  const def = defaultValue(knex, dialect, spec);
  if (def !== undefined) col.defaultTo(def as never);
  if (spec.rqd && !opts.forceNullable) col.notNullable();
  else if (!(mysqlOnUpdate(dialect, spec) && !isNowDefault(spec.cdf))) col.nullable();
  if (spec.unique) col.unique();
  if (spec.pk && !spec.ai) col.primary();
  return col;
}

/** The CREATE TABLE builder (await it to run; `.toSQL()` shows the statements without a connection). */
export function createTableStatement(knex: Knex, dialect: Dialect, tableName: string, specs: ColumnSpec[]) {
  return knex.schema.createTable(tableName, (t) => {
    for (const s of specs) defineColumn(knex, dialect, t, s);
  });
}

export async function createTable(
  knex: Knex,
  dialect: Dialect,
  tableName: string,
  specs: ColumnSpec[],
): Promise<void> {
  await createTableStatement(knex, dialect, tableName, specs);
}

// A table's trigram search indexes and count tables (docs/performance.md) name it and its columns: they go first.
export async function dropTable(knex: Knex, tableName: string): Promise<void> {
  await dropTextSearch(knex, dialectOfKnex(knex), tableName);
  await dropCountTables(knex, dialectOfKnex(knex), tableName);
  await knex.schema.dropTableIfExists(tableName);
}

export async function renameTable(knex: Knex, from: string, to: string): Promise<void> {
  await dropTextSearch(knex, dialectOfKnex(knex), from);
  await dropCountTables(knex, dialectOfKnex(knex), from);
  await knex.schema.renameTable(from, to);
}

export async function addColumn(
  knex: Knex,
  dialect: Dialect,
  tableName: string,
  spec: ColumnSpec,
  opts: { forceNullable?: boolean } = {},
): Promise<void> {
  await knex.schema.alterTable(tableName, (t) => {
    defineColumn(knex, dialect, t, spec, opts);
  });
}

export async function dropColumn(
  knex: Knex,
  dialect: Dialect,
  tableName: string,
  columnName: string,
): Promise<void> {
  if (dialect === 'sqlite') {
    await dropTextSearch(knex, dialect, tableName, columnName);
    await dropCountTables(knex, dialect, tableName, columnName);
    // Native DROP COLUMN (SQLite 3.35+) instead of knex's copy-the-table emulation; it refuses indexed
    // columns, so their indexes go first (constraint indexes need the copy-the-table path).
    const indexes: { name: string }[] = await knex.raw('pragma index_list(??)', [tableName]);
    let constrained = false;
    for (const idx of indexes) {
      const cols: { name: string }[] = await knex.raw('pragma index_info(??)', [idx.name]);
      if (!cols.some((c) => c.name === columnName)) continue;
      if (idx.name.startsWith('sqlite_autoindex')) constrained = true;
      else await knex.raw('drop index ??', [idx.name]);
    }
    if (constrained) {
      // knex's copy-the-table drops every trigger of the table: count tables and search indexes on other
      // columns would be left unkept, so all of them go first (reads then use the table's indexes, as before
      // those existed, and the auto-indexer may build them again).
      await dropCountTables(knex, dialect, tableName);
      await dropTextSearch(knex, dialect, tableName);
      await knex.schema.alterTable(tableName, (t) => t.dropColumn(columnName));
    } else await knex.raw('alter table ?? drop column ??', [tableName, columnName]);
    return;
  }
  await dropCountTables(knex, dialect, tableName, columnName);
  await knex.schema.alterTable(tableName, (t) => t.dropColumn(columnName));
}

export async function renameColumn(
  knex: Knex,
  dialect: Dialect,
  tableName: string,
  from: string,
  to: string,
): Promise<void> {
  if (from === to) return;
  await dropTextSearch(knex, dialect, tableName, from);
  await dropCountTables(knex, dialect, tableName, from);
  if (dialect === 'sqlite' || dialect === 'mysql') {
    // RENAME COLUMN keeps the type and constraints (MySQL 8 / MariaDB 10.5+, SQLite 3.25+).
    await knex.raw('alter table ?? rename column ?? to ??', [tableName, from, to]);
    return;
  }
  await knex.schema.alterTable(tableName, (t) => t.renameColumn(from, to));
}

export async function addIndex(knex: Knex, tableName: string, columnName: string): Promise<void> {
  await knex.schema.alterTable(tableName, (t) => t.index([columnName]));
}

/** Whether a table holds any row (a required column cannot be added to one without a default). */
export async function hasRows(knex: Knex, tableName: string): Promise<boolean> {
  const r = await knex(tableName).select(knex.raw('1 as x')).limit(1);
  return r.length > 0;
}
