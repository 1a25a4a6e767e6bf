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

/** An automatic index in place: its name, columns and key, one entry per column (`price nulls first`). */
export interface PgIndexKey {
  name: string;
  columns: string[];
  key: string[];
}

/** Widest index built for a `~or` count's conjunction on top of another automatic index. */
const MAX_MERGED_COLUMNS = 5;

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

/** The leading column lists whose automatic index (`pgIndexKey`) an index of this key serves: a prefix of it. */
export function servedPrefixes(model: TableModel, index: Omit<PgIndexKey, 'name'>): string[][] {
  const out: string[][] = [];
  for (let n = 1; n < index.columns.length; n++) {
    const prefix = index.columns.slice(0, n);
    if (isStrictPrefix(pgIndexKey(model, prefix), index.key)) out.push(prefix);
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
  const byName = new Map<string, PgIndexKey>();
  for (const r of res.rows) {
    const opt = Number(r.opt);
    const index = byName.get(r.name) ?? { name: r.name, columns: [], key: [] };
    byName.set(r.name, index);
    index.columns.push(r.col);
    // pg_index.indoption: bit 1 descending, bit 2 nulls first.
    index.key.push(`${r.col}${opt & 1 ? ' desc' : ''}${opt & 2 ? ' nulls first' : ''}`);
  }
  return [...byName.values()];
}

/**
 * An index read only to count a filter (a `~or` count's conjunction, or-count.ts), whose first `bounds` columns
 * bound the range read and whose others are tested on each entry: `served` when an automatic index in place
 * begins with the same bounding columns (in any nulls order) and holds the others too; else, when one begins so,
 * the index to build instead: that one's columns and key followed by the missing columns, so that one index
 * serves both reads and the older becomes its prefix, dropped (docs/performance.md, "Prefix indexes left out").
 */
export function conjunctionIndex(
  columns: readonly string[],
  bounds: number,
  inPlace: readonly PgIndexKey[],
): 'served' | Omit<PgIndexKey, 'name'> | undefined {
  let best: Omit<PgIndexKey, 'name'> | undefined;
  for (const index of inPlace) {
    if (index.columns.length < bounds || !columns.slice(0, bounds).every((c, i) => index.columns[i] === c)) continue;
    const missing = columns.filter((c) => !index.columns.includes(c));
    if (!missing.length) return 'served';
    const merged = { columns: [...index.columns, ...missing], key: [...index.key, ...missing] };
    if (merged.columns.length <= MAX_MERGED_COLUMNS && (!best || merged.columns.length < best.columns.length)) {
      best = merged;
    }
  }
  return best;
}

/** Builds an automatic index of the given key (`createIndex`'s, or one from `conjunctionIndex`) concurrently. */
export async function createPgIndex(db: Knex, name: string, tableName: string, index: Omit<PgIndexKey, 'name'>): Promise<void> {
  // Each key entry is its column's name followed by options this module wrote (` desc`, ` nulls first`).
  const list = index.columns.map((c, i) => `??${index.key[i]!.slice(c.length)}`).join(', ');
  await db.raw(`create index concurrently if not exists ?? on ?? (${list})`, [name, tableName, ...index.columns]);
}

/** The automatic indexes of the table whose keys are a strict prefix of another automatic index's key. */
export function prefixIndexes(indexes: readonly PgIndexKey[]): PgIndexKey[] {
  return indexes.filter((s) => indexes.some((l) => isStrictPrefix(s.key, l.key)));
}

/** Drops an automatic index without blocking reads or writes of its table. */
export async function dropPgAutoIndex(db: Knex, name: string): Promise<void> {
  await db.raw('drop index concurrently if exists ??', [name]);
}
