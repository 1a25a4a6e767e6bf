/**
 * Text search (`like`, "is like") served by a trigram index on SQLite (docs/performance.md, "Text search").
 * Without it `(Title,like,Item 1001)` reads every row of the table. The first `like` on a text field of a
 * managed table builds, in the background, an FTS5 trigram table over that column (kept in step by three
 * triggers); from then on the condition is
 * `id in (select rowid from <fts> where title like ?) and title like ?`: the trigram index finds the few
 * candidate rows and SQLite checks LIKE on each, so the answer is the plain LIKE's, row for row.
 *
 * A search index is trusted per table model only after its table and triggers were seen in place: any field
 * or table change builds a new model, which checks again (and rebuilds what a table copy dropped). DDL that
 * drops or renames the column or the table drops the search index first (`dropTextSearch`).
 */
import { createHash } from 'node:crypto';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { quoteIdent } from './sqlite-statements.js';
import type { FieldModel, StoredField, TableModel } from './table-model.js';

/** Value kinds whose `like` a trigram index serves. */
const SEARCHABLE_KINDS = new Set(['text', 'longtext']);
/** Trigram indexes need three characters in a row; shorter patterns would read the whole index. */
const MIN_RUN = 3;
/** Column names an FTS5 table cannot have (its columns carry the searched column's name). */
const FTS_RESERVED = new Set(['rank', 'rowid', 'oid', '_rowid_']);

/** The search index of one column, `rbx_fts_…`; its triggers add `_ai`, `_ad`, `_au`. */
export function textSearchName(tableName: string, columnName: string): string {
  return `rbx_fts_${createHash('sha1').update(`${tableName}\u0000${columnName}`).digest('hex').slice(0, 16)}`;
}

const TRIGGERS = ['_ai', '_ad', '_au'] as const;

/** Bumped whenever a search index is dropped: what was trusted before must be checked again. */
let generation = 0;
/** Bumped whenever what queries compile to may change (an index trusted or dropped). */
let version = 0;
const trusted = new WeakMap<TableModel, Map<string, number>>();

/** Whether a field's `like` can use a trigram index at all (SQLite, managed table, integer key, text kind). */
export function textSearchable(model: TableModel, f: { kind: string; name: string | null }): f is StoredField {
  const pk = model.pk;
  return (
    model.dialect === 'sqlite' &&
    model.managed &&
    f.name !== null &&
    SEARCHABLE_KINDS.has(f.kind) &&
    !!pk &&
    pk.kind === 'id' &&
    !/char|text|uuid/i.test(pk.column.dt ?? '') &&
    !FTS_RESERVED.has(f.name.toLowerCase())
  );
}

/** Whether a LIKE pattern has a run of at least three characters without wildcards. */
export function trigramPattern(pattern: string): boolean {
  return pattern.split(/[%_]/).some((run) => [...run].length >= MIN_RUN);
}

/**
 * The fields a where tree searches with `like` in a way a trigram index serves: a SQLite search index
 * (`textSearchable`), or on PostgreSQL a `pg_trgm` GIN index on a text column.
 */
export function searchedFields(model: TableModel, where: readonly FilterNode[] | undefined): StoredField[] {
  const found = new Map<string, StoredField>();
  const fits = (f: FieldModel): f is StoredField =>
    model.dialect === 'pg' ? f.name !== null && SEARCHABLE_KINDS.has(f.kind) : textSearchable(model, f);
  const walk = (nodes: readonly FilterNode[]) => {
    for (const n of nodes) {
      if (n.type === 'group') walk(n.children);
      else if (n.op === 'like') {
        const f = model.field(n.field);
        if (f && fits(f) && trigramPattern(likePattern(n.value ?? ''))) found.set(f.name, f);
      }
    }
  };
  if (model.managed && (model.dialect === 'sqlite' || model.dialect === 'pg')) walk(where ?? []);
  return [...found.values()];
}

/** The LIKE pattern of a `like` value: as sent when it has wildcards, else the value anywhere in the text. */
export function likePattern(value: string): string {
  return value.includes('%') || value.includes('_') ? value : `%${value}%`;
}

/** The search index to use for `column` of this model, once it is known to be in place. */
export function trustedTextSearch(model: TableModel, column: string): string | undefined {
  return trusted.get(model)?.get(column) === generation ? textSearchName(model.tableName, column) : undefined;
}

/** Which drops have happened: trust taken before a drop is refused. */
export function textSearchGeneration(): number {
  return generation;
}

/** Changes whenever a `like` may compile differently: part of the key of SQL compiled once and reused. */
export function textSearchVersion(): number {
  return version;
}

/** Marks a column's search index as in place for this model (if nothing was dropped since `seenAt`). */
export function trustTextSearch(model: TableModel, column: string, seenAt: number): void {
  if (seenAt !== generation) return;
  let m = trusted.get(model);
  if (!m) trusted.set(model, (m = new Map()));
  m.set(column, seenAt);
  version++;
}

/** The statements that create a column's search index and its triggers, then fill it; run them in one transaction. */
export function textSearchBuildStatements(model: TableModel, column: string): string[] {
  const fts = textSearchName(model.tableName, column);
  const q = quoteIdent;
  const table = q(model.tableName);
  const id = q(model.pk!.name);
  const col = q(column);
  const [ai, ad, au] = TRIGGERS.map((s) => q(fts + s));
  const remove = `insert into ${q(fts)}(${q(fts)}, rowid, ${col}) values ('delete', old.${id}, old.${col});`;
  const add = `insert into ${q(fts)}(rowid, ${col}) values (new.${id}, new.${col});`;
  return [
    ...dropSql(fts),
    `create virtual table ${q(fts)} using fts5(${col}, content=${table}, content_rowid=${id}, tokenize='trigram')`,
    `create trigger ${ai} after insert on ${table} begin ${add} end`,
    `create trigger ${ad} after delete on ${table} begin ${remove} end`,
    `create trigger ${au} after update of ${col}, ${id} on ${table} begin ${remove} ${add} end`,
    // Filled in key order: FTS5's `rebuild` reads the narrowest index holding the column (the display value's,
    // docs/performance.md "Text search"), in value order, and took 4 times as long at 1M rows.
    `insert into ${q(fts)}(rowid, ${col}) select ${id}, ${col} from ${table} not indexed order by ${id}`,
  ];
}

function dropSql(fts: string): string[] {
  return [...TRIGGERS.map((s) => `drop trigger if exists ${quoteIdent(fts + s)}`), `drop table if exists ${quoteIdent(fts)}`];
}

/** Whether a column's search index and its three triggers are all in place. */
export async function textSearchInPlace(db: Knex, tableName: string, column: string): Promise<boolean> {
  const fts = textSearchName(tableName, column);
  const names = [fts, ...TRIGGERS.map((s) => fts + s)];
  const rows = (await db.raw(
    `select name from sqlite_master where name in (${names.map(() => '?').join(', ')}) and (type = 'trigger' and tbl_name = ? or type = 'table')`,
    [...names, tableName],
  )) as { name: string }[];
  return rows.length === names.length;
}

/**
 * Drops the search indexes of a SQLite table (of one column, when given): call before dropping or renaming
 * that column or table. Other dialects have none.
 */
export async function dropTextSearch(db: Knex, dialect: string, tableName: string, column?: string): Promise<void> {
  if (dialect !== 'sqlite') return;
  const names = column
    ? [textSearchName(tableName, column)]
    : await textSearchNamesOf(db, tableName);
  if (!names.length) return;
  const all = names.flatMap((n) => [n, ...TRIGGERS.map((s) => n + s)]);
  const present = (await db.raw(
    `select name from sqlite_master where name in (${all.map(() => '?').join(', ')})`,
    all,
  )) as { name: string }[];
  // Dropping nothing must not cost a schema change (nor retire what is trusted).
  if (!present.length) return;
  generation++;
  version++;
  for (const fts of names) for (const statement of dropSql(fts)) await db.raw(statement);
}

/** The search indexes of a table, found by the triggers on it. */
async function textSearchNamesOf(db: Knex, tableName: string): Promise<string[]> {
  const rows = (await db.raw(
    `select name from sqlite_master where type = 'trigger' and tbl_name = ? and name like 'rbx\\_fts\\_%' escape '\\'`,
    [tableName],
  )) as { name: string }[];
  return [...new Set(rows.map((r) => r.name.slice(0, -3)))];
}

/** The columns of a table that have a search index (for the field menu's "Indexed"). */
export async function textSearchColumns(db: Knex, tableName: string): Promise<string[]> {
  const names = new Set(await textSearchNamesOf(db, tableName));
  if (!names.size) return [];
  const columns = (await db.raw('select name from pragma_table_info(?)', [tableName])) as { name: string }[];
  return columns.map((c) => c.name).filter((c) => names.has(textSearchName(tableName, c)));
}
