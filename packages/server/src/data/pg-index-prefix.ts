/**
 * PostgreSQL: automatic B-tree indexes that begin another one (docs/performance.md, "Bulk insert on
 * PostgreSQL", "Prefix indexes left out"). An index whose key (columns with their order and nulls options) is a
 * leading prefix of another automatic index's key serves no read the longer one does not, yet every inserted
 * row pays it. So it is not built when the longer one is in place or queued, and dropped once a longer one is
 * built. Only automatic (`rbx_…`), valid, plain B-tree indexes are looked at: never a primary key, a unique,
 * partial or expression index, nor one a user made. SQLite keeps both (see "Automatic indexes").
 */
import type { Knex } from 'knex';
import { quoteIdent } from './sqlite-statements.js';
import type { TableModel } from './table-model.js';

/** An automatic index in place: its name and key, one entry per column (`price nulls first`). */
export interface PgIndexKey {
  name: string;
  key: string[];
}

/**
 * The key `createIndex` gives an automatic index on these columns: the sort or range column (the last one, or
 * the one before a trailing primary key) sorts empty values first (docs/behaviour/views.md).
 */
export function pgIndexKey(model: TableModel, columns: readonly string[]): string[] {
  const last = nullsFirstAt(model, columns);
  return columns.map((c, i) => (i === last ? `${c} nulls first` : c));
}

/** Which column of an automatic index on these columns sorts empty values first. */
export function nullsFirstAt(model: TableModel, columns: readonly string[]): number {
  return columns.length - (columns[columns.length - 1] === model.pk?.name && columns.length > 1 ? 2 : 1);
}

/** Whether `short` is a leading prefix of `long`, and shorter. */
export function isStrictPrefix(short: readonly string[], long: readonly string[]): boolean {
  return short.length < long.length && short.every((c, i) => c === long[i]);
}

/** The leading column lists of `columns` that an automatic index on `columns` serves (same key prefix). */
export function servedPrefixes(model: TableModel, columns: readonly string[]): string[][] {
  const key = pgIndexKey(model, columns);
  const out: string[][] = [];
  for (let n = 1; n < columns.length; n++) {
    const prefix = columns.slice(0, n);
    if (isStrictPrefix(pgIndexKey(model, prefix), key)) out.push(prefix);
  }
  return out;
}

/** The valid plain B-tree automatic indexes of a table, with their keys as `pgIndexKey` writes them. */
export async function pgAutoIndexKeys(db: Knex, tableName: string): Promise<PgIndexKey[]> {
  const res = (await db.raw(
    `select ix.relname as name, a.attname as col, i.indoption[k.n - 1] as opt
       from pg_index i
       join pg_class ix on ix.oid = i.indexrelid
       join pg_am am on am.oid = ix.relam
       join lateral unnest(i.indkey) with ordinality as k(attnum, n) on true
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = to_regclass(?) and ix.relname like 'rbx\\_%' and am.amname = 'btree'
        and i.indisvalid and not i.indisunique and not i.indisprimary
        and i.indpred is null and i.indexprs is null
      order by ix.relname, k.n`,
    [quoteIdent(tableName)],
  )) as { rows: { name: string; col: string; opt: number }[] };
  const byName = new Map<string, string[]>();
  for (const r of res.rows) {
    const opt = Number(r.opt);
    // pg_index.indoption: bit 1 descending, bit 2 nulls first.
    const entry = `${r.col}${opt & 1 ? ' desc' : ''}${opt & 2 ? ' nulls first' : ''}`;
    byName.set(r.name, [...(byName.get(r.name) ?? []), entry]);
  }
  return [...byName].map(([name, key]) => ({ name, key }));
}

/** The automatic indexes of the table whose keys are a strict prefix of another automatic index's key. */
export function prefixIndexes(indexes: readonly PgIndexKey[]): PgIndexKey[] {
  return indexes.filter((s) => indexes.some((l) => isStrictPrefix(s.key, l.key)));
}

/** Drops an automatic index without blocking reads or writes of its table. */
export async function dropPgAutoIndex(db: Knex, name: string): Promise<void> {
  await db.raw('drop index concurrently if exists ??', [name]);
}
