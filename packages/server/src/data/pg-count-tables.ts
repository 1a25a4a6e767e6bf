/**
 * Count tables on PostgreSQL (docs/performance.md, "Count tables (PostgreSQL)"): the counterpart of
 * sqlite-count-tables.ts, read the same way (the sum of the counts of the combinations a filter matches).
 *
 * Kept by statement-level triggers with transition tables: a statement that writes 2,000 rows adds one
 * row per combination it changed, not 2,000 updates. Writers only ever insert into a count table (a
 * combination's count is the sum of its rows), so concurrent writers never wait for one another on a
 * combination's row and cannot deadlock on it; the rows a combination gathers are folded into one again in
 * the background (`compactCountTable`).
 */
import type { Knex } from 'knex';
import { COUNT_COLUMN, countTableName, countTablesDropped } from './sqlite-count-tables.js';
import { quoteIdent as q } from './sqlite-statements.js';
import { afterReads } from './read-gate.js';

const TRIGGERS = ['_ai', '_ad', '_au', '_at'] as const;
const FUNCTION_SUFFIX = '_fn';
const INDEX_SUFFIX = '_ix';
/** A build waits at most this long for the writes running on the table (it blocks new writes meanwhile). */
const BUILD_LOCK_TIMEOUT = '5s';
/** Writes to a table (change events) after which its count tables are folded again when next read. */
export const COMPACT_AFTER_WRITES = 100;

/** The schema of a table as the connection's search path finds it. */
async function schemaOf(db: Knex, tableName: string): Promise<string | undefined> {
  const res = (await db.raw(
    'select n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = to_regclass(?)',
    [q(tableName)],
  )) as { rows: { schema: string }[] };
  return res.rows[0]?.schema;
}

/**
 * The statements that create a count table (in the table's schema, with its columns' own types and
 * collations, as `create table … as` keeps them), fill it and create its function and triggers; run them in
 * one transaction. The table is locked against writes first, so no write falls between the fill and the
 * triggers.
 */
export function pgCountTableBuildStatements(schema: string, tableName: string, columns: readonly string[]): string[] {
  const name = countTableName(tableName, columns);
  const table = `${q(schema)}.${q(tableName)}`;
  const counts = `${q(schema)}.${q(name)}`;
  const fn = `${q(schema)}.${q(name + FUNCTION_SUFFIX)}`;
  const cols = columns.map(q).join(', ');
  const n = q(COUNT_COLUMN);
  const into = `insert into ${counts} (${cols}, ${n})`;
  const body = [
    `if tg_op = 'INSERT' then ${into} select ${cols}, count(*) from rbx_new group by ${cols};`,
    `elsif tg_op = 'DELETE' then ${into} select ${cols}, -count(*) from rbx_old group by ${cols};`,
    // Only combinations whose count changed: an update of other columns adds nothing.
    `elsif tg_op = 'UPDATE' then ${into} select ${cols}, sum(d) from (select ${cols}, 1 as d from rbx_new` +
      ` union all select ${cols}, -1 from rbx_old) x group by ${cols} having sum(d) <> 0;`,
    `else truncate ${counts}; end if;`,
  ].join(' ');
  const trigger = (suffix: string, event: string, referencing: string) =>
    `create trigger ${q(name + suffix)} after ${event} on ${table} ${referencing} for each statement execute function ${fn}()`;
  return [
    `set local lock_timeout = '${BUILD_LOCK_TIMEOUT}'`,
    `lock table ${table} in share row exclusive mode`,
    ...pgDropSql(schema, name),
    `create table ${counts} as select ${cols}, count(*)::bigint as ${n} from ${table} group by ${cols}`,
    `create function ${fn}() returns trigger language plpgsql as $rbx$ begin ${body} return null; end $rbx$`,
    trigger('_ai', 'insert', 'referencing new table as rbx_new'),
    trigger('_ad', 'delete', 'referencing old table as rbx_old'),
    trigger('_au', 'update', 'referencing old table as rbx_old new table as rbx_new'),
    trigger('_at', 'truncate', ''),
  ];
}

/** Drops a count table and its function (the triggers go with the function). */
export function pgDropSql(schema: string, name: string): string[] {
  return [
    `drop function if exists ${q(schema)}.${q(name + FUNCTION_SUFFIX)}() cascade`,
    `drop table if exists ${q(schema)}.${q(name)}`,
  ];
}

/**
 * Builds a count table for these columns; drops it again when it holds more than `maxShare` combinations
 * per row of the table. True when kept.
 */
export async function buildPgCountTable(
  db: Knex,
  tableName: string,
  columns: readonly string[],
  maxShare: number,
): Promise<boolean> {
  const schema = await schemaOf(db, tableName);
  if (!schema) return false;
  const name = countTableName(tableName, columns);
  await db.transaction(async (trx) => {
    for (const sql of pgCountTableBuildStatements(schema, tableName, columns)) await trx.raw(sql);
  });
  foldedBy.get(db)?.delete(name);
  builtHere(db).add(name);
  const res = (await db.raw(
    `select count(*) as groups, coalesce(sum(${q(COUNT_COLUMN)}), 0) as rows from ${q(schema)}.${q(name)}`,
  )) as { rows: { groups: string; rows: string }[] };
  const { groups, rows } = res.rows[0] ?? { groups: '0', rows: '0' };
  if (Number(groups) <= Number(rows) * maxShare) {
    await tidyCountTable(db, `${q(schema)}.${q(name)}`, name, columns);
    return true;
  }
  await db.transaction(async (trx) => {
    for (const sql of pgDropSql(schema, name)) await trx.raw(sql);
  });
  return false;
}

/** Whether a count table, its function and its four triggers on the table are all in place. */
export async function pgCountTableInPlace(db: Knex, tableName: string, name: string): Promise<boolean> {
  const res = (await db.raw(
    `select (select count(*) from pg_trigger where tgrelid = to_regclass(?) and tgname = any(?)) as triggers,
            to_regclass(?) is not null as present`,
    [q(tableName), TRIGGERS.map((s) => name + s), q(name)],
  )) as { rows: { triggers: string; present: boolean }[] };
  const row = res.rows[0];
  return Number(row?.triggers) === TRIGGERS.length && row?.present === true;
}

/** Whether a table has fewer than `min` rows (reads at most that many). */
export async function pgSmallTable(db: Knex, tableName: string, min: number): Promise<boolean> {
  const res = (await db.raw(`select count(*) as n from (select 1 from ${q(tableName)} limit ${min}) s`)) as {
    rows: { n: string }[];
  };
  return Number(res.rows[0]?.n ?? 0) < min;
}

/**
 * Drops the count tables of a table (those counting `column`, when given): call before dropping or
 * renaming that column or the table, or changing its type.
 */
export async function dropPgCountTables(db: Knex, tableName: string, column?: string): Promise<void> {
  const res = (await db.raw(
    `select n.nspname as schema, left(t.tgname, -3) as name,
            exists (select 1 from pg_attribute a where a.attrelid = to_regclass(quote_ident(n.nspname) || '.' || quote_ident(left(t.tgname, -3)))
                    and a.attname = ? and a.attnum > 0 and not a.attisdropped) as counts_column
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where t.tgrelid = to_regclass(?) and t.tgname like 'rbx\\_cnt\\_%\\_ai'`,
    [column ?? '', q(tableName)],
  )) as { rows: { schema: string; name: string; counts_column: boolean }[] };
  const dropped = res.rows.filter((r) => column === undefined || r.counts_column);
  if (!dropped.length) return;
  countTablesDropped();
  for (const r of dropped) for (const sql of pgDropSql(r.schema, r.name)) await db.raw(sql);
}

/**
 * Folds the rows each combination gathered from writes into one (and leaves out combinations counting 0).
 * Writers go on meanwhile: rows they add after the delete's snapshot are not deleted, so they stay.
 */
export async function compactCountTable(db: Knex, name: string, columns: readonly string[]): Promise<void> {
  const cols = columns.map(q).join(', ');
  const n = q(COUNT_COLUMN);
  await db.raw(
    `with gone as (delete from ${q(name)} returning ${cols}, ${n})
     insert into ${q(name)} (${cols}, ${n}) select ${cols}, sum(${n}) from gone group by ${cols} having sum(${n}) <> 0`,
  );
}

/**
 * Gives a count table its index and compacts it (docs/performance.md, "Count tables (PostgreSQL)"): a
 * count sums the combinations its filter matches, and read without an index that is the whole count table,
 * dead rows of the last fold included (the shapes benchmark's `Status = s and Price > p` read 830 pages for
 * 10,000 combinations: 2.2 ms; from the index alone 0.1–0.5 ms). The index holds the counted columns, the
 * one with fewest values first (an equality test on it, then a range on the other, read one stretch of the
 * index), and the counts themselves, so `VACUUM`, which marks the pages all-visible, lets counts read the
 * index alone. Run after a build and after each fold (which deletes every row and inserts them again).
 * `relation` is the quoted (schema-qualified) name. Failures leave the table as it was: it counts without.
 */
export async function tidyCountTable(
  db: Knex,
  relation: string,
  name: string,
  columns: readonly string[],
): Promise<void> {
  try {
    let ordered = [...columns];
    if (columns.length > 1) {
      const res = (await db.raw(
        `select ${columns.map((c, i) => `count(distinct ${q(c)}) as d${i}`).join(', ')} from ${relation}`,
      )) as { rows: Record<string, string>[] };
      const distinct = (i: number) => Number(res.rows[0]?.[`d${i}`] ?? 0);
      ordered = columns
        .map((c, i) => ({ c, d: distinct(i) }))
        .sort((a, b) => a.d - b.d)
        .map((x) => x.c);
    }
    // Writes to the table wait for this build (their triggers insert into the count table): a count table
    // holds at most a tenth as many rows as its table, read once here.
    await db.raw(
      `create index if not exists ${q(name + INDEX_SUFFIX)} on ${relation} (${ordered.map(q).join(', ')}) include (${q(COUNT_COLUMN)})`,
    );
    await db.raw(`vacuum (analyze) ${relation}`);
    await reindexWhenBloated(db, relation);
  } catch {
    // PostgreSQL before 11 has no `include`; a drop may have won the race: counts read the table as before.
  }
}

/**
 * A count table's index entries per page, about: the index is rebuilt when it holds more than twice the pages
 * its rows need (docs/performance.md, "Count tables (PostgreSQL)").
 */
const ENTRIES_PER_PAGE = 100;

/**
 * Rebuilds a count table's index once folds have left it bloated. A fold deletes every row and inserts the sums
 * again, and the index keeps its pages: after a bulk insert in batches (a row per combination and statement) a
 * 10,000-row count table's index held 618 pages for 41 needed, and the planner read the table whole instead
 * (1.0–1.4 ms against 0.2 ms). `concurrently`: writes to the table (whose triggers insert here) go on.
 */
async function reindexWhenBloated(db: Knex, relation: string): Promise<void> {
  const res = (await db.raw(
    `select i.indexrelid::regclass::text as ix, pg_relation_size(i.indexrelid) / current_setting('block_size')::int as pages,
       c.reltuples as tuples
     from pg_index i join pg_class c on c.oid = i.indrelid where i.indrelid = ?::regclass`,
    [relation],
  )) as { rows: { ix: string; pages: string; tuples: number }[] };
  for (const { ix, pages, tuples } of res.rows) {
    if (Number(pages) > 4 + (2 * Math.max(tuples, 0)) / ENTRIES_PER_PAGE) await db.raw(`reindex index concurrently ${ix}`);
  }
}

/**
 * Waits before each further `VACUUM` of a folded count table whose pages are not all visible yet, in ms
 * (docs/performance.md, "Lookups as one join; a count table vacuumed again after its fold").
 */
export const REVACUUM_DELAYS_MS = [100, 400, 1600] as const;

/**
 * Vacuums a count table again, a few times with growing waits, while `pg_class` says some of its pages are not
 * all-visible. A fold deletes every row and inserts the sums again; the `VACUUM` right after it cannot remove
 * the deleted rows while a statement whose snapshot is older than the fold still runs (under a load, one of the
 * statements that started during the fold), and a page holding such rows is not marked all-visible: every count
 * then read the count table's heap beside its index (the shapes benchmark's 10,000-row Price count table: 499
 * heap fetches per count, until the next fold or autovacuum, which may be off). `relation` is quoted.
 */
export async function vacuumUntilAllVisible(db: Knex, relation: string): Promise<void> {
  for (const wait of REVACUUM_DELAYS_MS) {
    const res = (await db.raw('select relpages, relallvisible from pg_class where oid = to_regclass(?)', [
      relation,
    ])) as { rows: { relpages: number; relallvisible: number }[] };
    const row = res.rows[0];
    if (!row || row.relallvisible >= row.relpages) return;
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    await db.raw(`vacuum ${relation}`);
  }
}

/**
 * Per database (its knex instance) and count table: the table's write version when it was last folded, and
 * whether a fold is running. Per database, since two sources can hold count tables of the same name.
 */
const foldedBy = new WeakMap<Knex, Map<string, { version: number; running: boolean }>>();

/**
 * Per database: the count tables this process built. Filled in one statement and kept by triggers since, they
 * hold one row per combination plus what writes added after: their first read has nothing to fold.
 */
const built = new WeakMap<Knex, Set<string>>();

function builtHere(db: Knex): Set<string> {
  let names = built.get(db);
  if (!names) built.set(db, (names = new Set()));
  return names;
}

/**
 * Folds a count table in the background the first time this process reads it (unless this process built
 * it), then once `COMPACT_AFTER_WRITES` writes to its table were seen since the last time (`version` is the
 * data cache's write version of the table). One fold per table at a time. The first read folds because writes through
 * other processes, or before this one started, leave rows this process never counted: the shapes benchmark's
 * second bulk insert (100,000 rows in batches) left 50,500 rows in a count table of 500 combinations, all
 * summed by every count until 100 writes went through the process reading it (docs/performance.md).
 * Returns the fold when one starts (callers go on without waiting; tests wait for it).
 */
export function compactWhenWritten(
  db: Knex,
  name: string,
  columns: readonly string[],
  version: number,
): Promise<void> | undefined {
  let folded = foldedBy.get(db);
  if (!folded) foldedBy.set(db, (folded = new Map()));
  let state = folded.get(name);
  if (!state) {
    const fresh = builtHere(db).delete(name);
    folded.set(name, (state = { version: fresh ? version : version - COMPACT_AFTER_WRITES, running: false }));
  }
  if (state.running || version - state.version < COMPACT_AFTER_WRITES) return undefined;
  state.running = true;
  state.version = version;
  // Not beside the read that asked for it (read-gate.ts).
  return afterReads(db)
    .then(() => compactCountTable(db, name, columns))
    .then(() => tidyCountTable(db, q(name), name, columns))
    .then(() => vacuumUntilAllVisible(db, q(name)))
    .catch(() => undefined)
    .finally(() => {
      state.running = false;
    });
}
