/**
 * Count tables on SQLite (docs/performance.md, "Count tables"): a count or group-by reads every matching
 * index entry (50,000 entries for `Qty < 250` at 100k rows, ten times that at 1M). A count table holds one
 * row per distinct combination of one or two columns with how many rows have it, kept exact by three
 * triggers in the same transaction as every write. A filter that names only those columns is true or false
 * for all the rows of a combination alike, so its count is the sum of the counts of the combinations it
 * matches, and a group-by the same sum per group: hundreds of rows read instead of hundreds of thousands.
 *
 * A count table is used by a table model only after its table and triggers were seen in place (as search
 * indexes, text-search.ts); DDL that drops or renames one of its columns or the table drops it first.
 */
import { createHash } from 'node:crypto';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { fieldByKey, indexable } from './auto-index-columns.js';
import { quoteIdent } from './sqlite-statements.js';
import type { TableModel } from './table-model.js';

/** The count column of a count table (user columns never start with `rbx_`). */
export const COUNT_COLUMN = 'rbx_rows';
/** A count table with more than this share of the table's rows saves too little: it is dropped again. */
export const MAX_GROUP_SHARE = 0.1;
/** Smaller tables count fast enough from their indexes. */
export const MIN_TABLE_ROWS = 5000;
const MAX_COLUMNS = 2;
const TRIGGERS = ['_ai', '_ad', '_au'] as const;

/** Bumped whenever a count table is dropped: what was trusted before must be checked again. */
let generation = 0;
const trusted = new WeakMap<TableModel, Map<string, number>>();

const names = new Map<string, string>();
const MAX_NAMES = 2000;

/** `rbx_cnt_…` for a table's combination of columns (in the order given); asked on every count, hashed once. */
export function countTableName(tableName: string, columns: readonly string[]): string {
  const key = [tableName, ...columns].join('\u0000');
  let name = names.get(key);
  if (name === undefined) {
    name = `rbx_cnt_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
    if (names.size >= MAX_NAMES) names.clear();
    names.set(key, name);
  }
  return name;
}

/**
 * The columns a count table needs to answer a count of `where` (grouped by `groupKey`): every column the
 * filter names, sorted; none when the filter is not answerable from such a table (a `like`,
 * a computed or unindexable field, more than two columns, a subset of rows).
 */
export function countColumnsFor(
  model: TableModel,
  where: readonly FilterNode[] | undefined,
  groupKey?: string,
): string[] | undefined {
  if ((model.dialect !== 'sqlite' && model.dialect !== 'pg') || !model.managed) return undefined;
  const columns: string[] = [];
  const add = (key: string): boolean => {
    const f = fieldByKey(model, key);
    if (!indexable(model, f) || f.name === COUNT_COLUMN || f.name === model.pk?.name) return false;
    if (!columns.includes(f.name)) columns.push(f.name);
    return true;
  };
  if (groupKey !== undefined && !add(groupKey)) return undefined;
  const walk = (nodes: readonly FilterNode[]): boolean =>
    nodes.every((n) => (n.type === 'group' ? walk(n.children) : n.op !== 'like' && n.op !== 'nlike' && add(n.field)));
  if (!walk(where ?? [])) return undefined;
  if (!columns.length || columns.length > MAX_COLUMNS) return undefined;
  // In one fixed order, grouped or not: a group-by of Status under a Qty filter and a count of Status and Qty
  // share one table, which every write would otherwise keep twice. Two-column tables have an index in each
  // order (docs/performance.md, "Bulk insert on PostgreSQL", "After the shapes").
  return columns.sort();
}

/** The count table to read for these columns, once this model has seen it in place. */
export function trustedCountTable(model: TableModel, columns: readonly string[]): string | undefined {
  const name = countTableName(model.tableName, columns);
  return trusted.get(model)?.get(name) === generation ? name : undefined;
}

/** Which drops have happened: trust taken before a drop is refused. */
export function countTableGeneration(): number {
  return generation;
}

/** Notes that count tables were dropped (on any database): trust taken before is refused. */
export function countTablesDropped(): void {
  generation++;
}

/** Marks a count table as in place for this model (if nothing was dropped since `seenAt`). */
export function trustCountTable(model: TableModel, name: string, seenAt: number): void {
  if (seenAt !== generation) return;
  let m = trusted.get(model);
  if (!m) trusted.set(model, (m = new Map()));
  m.set(name, seenAt);
}

/**
 * The statements that create a count table, its index and triggers, and fill it; run them in one
 * transaction. Its columns are declared with the table's own types, so values compare as in the table.
 */
export function countTableBuildStatements(
  tableName: string,
  columns: readonly { name: string; type: string }[],
): string[] {
  const q = quoteIdent;
  const name = countTableName(
    tableName,
    columns.map((c) => c.name),
  );
  const table = q(tableName);
  const cols = columns.map((c) => q(c.name));
  const n = q(COUNT_COLUMN);
  const [ai, ad, au] = TRIGGERS.map((s) => q(name + s));
  const match = (row: 'new' | 'old') => cols.map((c) => `${c} is ${row}.${c}`).join(' and ');
  // The insert runs only when the trigger's own update found no row of the combination (`changes()` of the
  // last statement in the trigger): one index lookup per written row instead of two.
  const add =
    `update ${q(name)} set ${n} = ${n} + 1 where ${match('new')}; ` +
    `insert into ${q(name)} (${cols.join(', ')}, ${n}) select ${cols.map((c) => `new.${c}`).join(', ')}, 1 where changes() = 0;`;
  const remove = `update ${q(name)} set ${n} = ${n} - 1 where ${match('old')};`;
  const changed = cols.map((c) => `old.${c} is not new.${c}`).join(' or ');
  return [
    ...dropSql(name),
    `create table ${q(name)} (${columns.map((c) => `${q(c.name)} ${c.type}`).join(', ')}, ${n} integer not null)`,
    `insert into ${q(name)} select ${cols.join(', ')}, count(*) from ${table} group by ${cols.join(', ')}`,
    // Without the count column: a write changes the count table's row only, not an index entry as well.
    `create index ${q(`${name}_k`)} on ${q(name)} (${cols.join(', ')})`,
    // Two columns: the other order too, so an equality on either one leads. `status = ? and price > ?` read
    // every combination above the price from (price, status), and those of one status from (status, price).
    // Free on writes for the same reason: an entry is added only with a new combination (docs/performance.md,
    // "Count tables (SQLite)").
    ...(cols.length === 2 ? [`create index ${q(`${name}_r`)} on ${q(name)} (${cols[1]}, ${cols[0]})`] : []),
    `create trigger ${ai} after insert on ${table} begin ${add} end`,
    `create trigger ${ad} after delete on ${table} begin ${remove} end`,
    `create trigger ${au} after update of ${cols.join(', ')} on ${table} when ${changed} begin ${remove} ${add} end`,
  ];
}

export function dropSql(name: string): string[] {
  return [...TRIGGERS.map((s) => `drop trigger if exists ${quoteIdent(name + s)}`), `drop table if exists ${quoteIdent(name)}`];
}

/** Declared types of the columns (their affinity decides how values compare); undefined when one has a collation. */
export async function declaredTypes(
  db: Knex,
  tableName: string,
  columns: readonly string[],
): Promise<{ name: string; type: string }[] | undefined> {
  const info = (await db.raw('select name, type from pragma_table_info(?)', [tableName])) as { name: string; type: string }[];
  const [ddl] = (await db.raw(`select sql from sqlite_master where type = 'table' and name = ?`, [tableName])) as { sql: string }[];
  if (!ddl || /\bcollate\b/i.test(ddl.sql)) return undefined;
  const out: { name: string; type: string }[] = [];
  for (const c of columns) {
    const col = info.find((i) => i.name === c);
    if (!col) return undefined;
    out.push({ name: c, type: col.type.replace(/[^a-z0-9(), ]/gi, '') });
  }
  return out;
}

/** Whether a count table and its three triggers are all in place. */
export async function countTableInPlace(db: Knex, tableName: string, name: string): Promise<boolean> {
  const names = [name, ...TRIGGERS.map((s) => name + s)];
  const rows = (await db.raw(
    `select name from sqlite_master where name in (${names.map(() => '?').join(', ')}) and (type = 'trigger' and tbl_name = ? or type = 'table')`,
    [...names, tableName],
  )) as { name: string }[];
  return rows.length === names.length;
}

/** How many combinations a count table holds, and how many rows they add up to (the table's rows). */
export async function countTableSize(db: Knex, name: string): Promise<{ groups: number; rows: number }> {
  const [row] = (await db.raw(`select count(*) as groups, coalesce(sum(${quoteIdent(COUNT_COLUMN)}), 0) as rows from ${quoteIdent(name)}`)) as {
    groups: number;
    rows: number;
  }[];
  return { groups: Number(row?.groups ?? 0), rows: Number(row?.rows ?? 0) };
}

/**
 * Drops the count tables of a SQLite table (those naming `column`, when given): call before dropping or
 * renaming that column or the table (count-tables-drop.ts picks the database's own).
 */
export async function dropSqliteCountTables(db: Knex, tableName: string, column?: string): Promise<void> {
  const triggers = (await db.raw(
    `select name from sqlite_master where type = 'trigger' and tbl_name = ? and name like 'rbx\\_cnt\\_%' escape '\\'`,
    [tableName],
  )) as { name: string }[];
  const names = [...new Set(triggers.map((r) => r.name.slice(0, -3)))];
  const dropped: string[] = [];
  for (const name of names) {
    if (column !== undefined) {
      const cols = (await db.raw('select name from pragma_table_info(?)', [name])) as { name: string }[];
      // A count table whose table is gone already (its triggers went with it) is dropped too.
      if (cols.length && !cols.some((c) => c.name === column)) continue;
    }
    dropped.push(name);
  }
  if (!dropped.length) return;
  generation++;
  for (const name of dropped) for (const statement of dropSql(name)) await db.raw(statement);
}
