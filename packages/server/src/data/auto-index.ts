/**
 * Indexes that follow use (docs/performance.md): the first time a table in the default source is filtered or
 * sorted in a new shape, an index fitting that shape is created in the background (equality fields first,
 * then the sort or range field, then the primary key that breaks ties), so the next page reads an index range
 * instead of scanning and sorting the table: `where=(Status,eq,open)~and(Price,gt,50)&sort=-Price` gets an
 * index on (status, price, id). After each build, and when a table has grown by half since, the planner's
 * statistics are refreshed (ANALYZE): without them SQLite cannot tell the index that serves `ORDER BY …
 * LIMIT` from the one that serves the filter, and picks the wrong one.
 * External databases are never touched: their schema belongs to their owners.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SortSpec } from '@rowbase/core/filters/sort';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { quoteIdent } from './sqlite-statements.js';
import { afterReads } from './read-gate.js';
import {
  fieldByKey,
  filterColumns,
  indexable,
  indexColumnsFor,
  orBranches,
  servedByRowOrderIndex,
} from './auto-index-columns.js';
import type { StoredField, TableModel } from './table-model.js';
import {
  searchedFields,
  textSearchBuildStatements,
  textSearchGeneration,
  textSearchInPlace,
  trustTextSearch,
  trustedTextSearch,
} from './text-search.js';
import {
  countTableBuildStatements,
  countTableGeneration,
  countTableInPlace,
  countTableName,
  countTableSize,
  declaredTypes,
  dropSql as countTableDropSql,
  MAX_GROUP_SHARE,
  MIN_TABLE_ROWS,
  trustCountTable,
  trustedCountTable,
} from './sqlite-count-tables.js';
import { buildPgCountTable, pgCountTableInPlace, pgSmallTable } from './pg-count-tables.js';
import {
  conjunctionIndex,
  createPgIndex,
  dropPgAutoIndex,
  isStrictPrefix,
  pgAutoIndexKeys,
  pgIndexKey,
  prefixIndexes,
  servedPrefixes,
  type PgIndexKey,
} from './pg-index-prefix.js';

/** Rows SQLite's ANALYZE samples per index: enough to rank indexes, a few milliseconds even at 1M rows. */
const SQLITE_ANALYSIS_LIMIT = 10_000;
/** Per table; beyond this, writes would pay for too many indexes. */
const MAX_AUTO_INDEXES_PER_TABLE = 12;

/** A table too small for a count table is looked at again after this long (it may have grown). */
const SMALL_TABLE_RETRY_MS = 60_000;

/** Statistics are refreshed once this many rows were inserted and the table grew by half since the last time. */
const REANALYZE_MIN_ROWS = 10_000;

export interface AutoIndexOptions {
  /** RB_AUTO_INDEX=false: no automatic indexes at all. */
  enabled?: boolean;
}

export class AutoIndexer {
  private readonly tried = new Set<string>();
  /** Index builds still running, by the key of their columns. */
  private readonly building = new Map<string, Promise<void>>();
  /** Indexes (table and columns, as `tried`) this process built or found in place. */
  private readonly ready = new Set<string>();
  private readonly perTable = new Map<string, number>();
  /** PostgreSQL: names of the automatic indexes this process built (their slots are its to give back). */
  private readonly builtNames = new Set<string>();
  /**
   * PostgreSQL: shapes (keys as in `tried`) left out or dropped as the prefix of a longer index, with the table
   * model that decided it. A later model (a field change may have dropped the longer index) looks again.
   */
  private readonly prefixLeftOut = new Map<string, TableModel>();
  /** PostgreSQL, per table: keys of automatic index builds queued, not started (pg-index-prefix.ts). */
  private readonly pgQueued = new Map<string, Set<string[]>>();
  /** Per table id: rows inserted since its statistics were last refreshed, and how many it had then. */
  private readonly growth = new Map<string, { inserted: number; rowsThen: number }>();
  /** PostgreSQL without `pg_trgm` (or without the right to create it): no trigram index is tried. */
  private trigramUnavailable = false;
  /** Fields whose trigram index a table model has checked (or is checking). */
  private readonly searchChecked = new WeakMap<TableModel, Set<string>>();
  /** Count tables a table model has checked (or is checking). */
  private readonly countChecked = new WeakMap<TableModel, Set<string>>();
  /** Count tables not built because their table was small, by name: when to look again. */
  private readonly smallUntil = new Map<string, number>();
  /** Per table name (one queue for all of PostgreSQL): the index builds started so far, one after another. */
  private readonly queues = new Map<string, Promise<void>>();
  /** PostgreSQL, per table: builds queued or running, and whether one was built since the last refresh. */
  private readonly pgBuilds = new Map<string, { queued: number; built: boolean }>();
  /** Resolves when the indexes started so far are built (tests and benchmarks wait on it). */
  private pending: Promise<unknown> = Promise.resolve();
  /** Per table name: index builds and statistics refreshes this process finished (see `generation`). */
  private readonly finished = new Map<string, number>();
  readonly enabled: boolean;

  constructor(opts: AutoIndexOptions = {}) {
    this.enabled = opts.enabled ?? true;
  }

  /**
   * Notes a query shape; starts building a fitting index the first time the shape is seen. Returns the build
   * of that index while it runs (dashboards wait for it when a widget is saved).
   */
  suggest(
    db: Knex,
    model: TableModel,
    where: readonly FilterNode[] | undefined,
    sort: readonly SortSpec[] | undefined,
  ): Promise<void> | undefined {
    if (!model.managed || !this.enabled) return undefined;
    this.reanalyzeIfGrown(db, model);
    const build = this.suggestColumns(db, model, indexColumnsFor(model, where, sort));
    // `~or` of conditions or of `~and` groups: one index per branch, so SQLite and PostgreSQL read each
    // branch from its index and join the row sets (counts of such filters stop scanning the table).
    for (const branch of orBranches(where)) this.suggestColumns(db, model, indexColumnsFor(model, branch, undefined));
    for (const f of searchedFields(model, where)) {
      if (model.dialect === 'pg') this.suggestTrigramIndex(db, model, f);
      else this.suggestTextSearch(db, model, f);
    }
    return build;
  }

  /**
   * PostgreSQL: a `like` on a text field gets a `pg_trgm` GIN index on the column (docs/performance.md, "Text
   * search"), which the planner uses for `ilike '%…%'` by itself. Needs the extension: when it cannot be
   * created (not installed, no right to create it), no index is tried again.
   */
  private suggestTrigramIndex(db: Knex, model: TableModel, field: StoredField): void {
    const key = `${model.tableName}\u0000trgm\u0000${field.name}`;
    if (this.tried.has(key) || this.trigramUnavailable) return;
    this.tried.add(key);
    const count = this.perTable.get(model.tableName) ?? 0;
    if (count >= MAX_AUTO_INDEXES_PER_TABLE) return;
    this.perTable.set(model.tableName, count + 1);
    const name = `rbx_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
    this.build(db, model, async () => {
      if (this.trigramUnavailable) return false;
      try {
        await db.raw('create extension if not exists pg_trgm');
      } catch {
        this.trigramUnavailable = true;
        return false;
      }
      await db.raw('create index concurrently if not exists ?? on ?? using gin (?? gin_trgm_ops)', [
        name,
        model.tableName,
        field.name,
      ]);
      return true;
    });
  }

  /**
   * Notes a `like` on a text field of a SQLite table: the first time a table model sees it, checks that the
   * field's trigram index and its triggers are in place, and builds them when not (docs/performance.md, "Text
   * search"). Queries of that model use the index once this is done.
   */
  private suggestTextSearch(db: Knex, model: TableModel, field: StoredField): void {
    if (trustedTextSearch(model, field.name)) return;
    let checked = this.searchChecked.get(model);
    if (!checked) this.searchChecked.set(model, (checked = new Set()));
    if (checked.has(field.name)) return;
    checked.add(field.name);
    const seenAt = textSearchGeneration();
    const key = `${model.tableName}\u0000fts\u0000${field.name}`;
    const check = async () => {
      // Not beside the search that asked for it: at 1M rows both would read the whole table (read-gate.ts).
      await afterReads(db);
      if (!(await textSearchInPlace(db, model.tableName, field.name))) {
        if (!this.tried.has(key)) {
          const count = this.perTable.get(model.tableName) ?? 0;
          if (count >= MAX_AUTO_INDEXES_PER_TABLE) return;
          this.tried.add(key);
          this.perTable.set(model.tableName, count + 1);
        }
        await buildTextSearch(db, model, field.name);
        this.finish(model.tableName);
      }
      trustTextSearch(model, field.name, seenAt);
    };
    this.pending = Promise.all([this.pending, check().catch(() => undefined)]);
  }

  /**
   * SQLite and PostgreSQL: a count or group-by whose filter names at most two columns gets a count table
   * (sqlite-count-tables.ts, pg-count-tables.ts, docs/performance.md "Count tables"). The first time a table model sees the
   * columns it checks that the table and its triggers are in place and builds them in the background when
   * not; its counts use it once this is done. A count table with too many combinations is dropped again.
   */
  suggestCountTable(db: Knex, model: TableModel, columns: readonly string[] | undefined): void {
    if (!columns || !model.managed || !this.enabled || (model.dialect !== 'sqlite' && model.dialect !== 'pg')) return;
    if (trustedCountTable(model, columns)) return;
    const name = countTableName(model.tableName, columns);
    let checked = this.countChecked.get(model);
    if (!checked) this.countChecked.set(model, (checked = new Set()));
    if (checked.has(name) || (this.smallUntil.get(name) ?? 0) > Date.now()) return;
    checked.add(name);
    const seenAt = countTableGeneration();
    const check = async () => {
      const pg = model.dialect === 'pg';
      const inPlace = pg ? pgCountTableInPlace : countTableInPlace;
      if (!(await inPlace(db, model.tableName, name))) {
        const key = `${model.tableName}\u0000cnt\u0000${columns.join('\u0000')}`;
        if (this.tried.has(key)) return;
        if (pg ? await pgSmallTable(db, model.tableName, MIN_TABLE_ROWS) : await smallTable(db, model.tableName)) {
          // Counted fast enough from its indexes for now; looked at again later, as tables grow.
          checked.delete(name);
          this.smallUntil.set(name, Date.now() + SMALL_TABLE_RETRY_MS);
          return;
        }
        const count = this.perTable.get(model.tableName) ?? 0;
        if (count >= MAX_AUTO_INDEXES_PER_TABLE) return;
        this.tried.add(key);
        this.perTable.set(model.tableName, count + 1);
        let kept = false;
        // On PostgreSQL in the one queue of index builds (docs/performance.md, "Count tables (PostgreSQL)").
        await this.inTurn(db, model, async () => {
          kept = pg
            ? await buildPgCountTable(db, model.tableName, columns, MAX_GROUP_SHARE)
            : await buildCountTable(db, model.tableName, columns, name);
        });
        if (!kept) return;
      }
      trustCountTable(model, name, seenAt);
    };
    this.pending = Promise.all([this.pending, check().catch(() => undefined)]);
  }

  /**
   * SQLite: an index on the display value of a large table (row-query.ts calls it once a count shows it), so
   * its first `like` search reads the index instead of the table (sqlite-like-scan.ts, docs/performance.md
   * "Text search"). The same index a sort by the display value gets.
   */
  suggestDisplayValueIndex(db: Knex, model: TableModel): void {
    if (model.dialect !== 'sqlite') return;
    const display = model.stored.find((f) => f.column.pv);
    if (display && display.kind === 'text' && indexable(model, display)) this.suggestColumns(db, model, [display.name]);
  }

  /**
   * Notes an index on the given columns, in order: dashboards ask for (group field, aggregated field) so a
   * grouped aggregate reads a covering index in group order instead of scanning and sorting the table.
   */
  suggestColumns(db: Knex, model: TableModel, columns: string[], bounds?: number): Promise<void> | undefined {
    if (!model.managed || !this.enabled) return undefined;
    if (!columns.length || (columns.length === 1 && columns[0] === model.pk?.name)) return undefined;
    if (servedByRowOrderIndex(model, columns)) return undefined;
    const key = shapeKey(model.tableName, columns);
    if (this.tried.has(key) && !this.lookAgain(key, model)) return this.building.get(key);
    this.tried.add(key);
    const count = this.perTable.get(model.tableName) ?? 0;
    if (count >= MAX_AUTO_INDEXES_PER_TABLE) return undefined;
    this.perTable.set(model.tableName, count + 1);
    const name = indexNameOf(key);
    const pg = model.dialect === 'pg';
    const queued = pg ? this.pgQueuedKeys(model.tableName) : undefined;
    const indexKey = pgIndexKey(model, columns);
    // A `~or` count's index may be built with another key (conjunctionIndex): shorter ones wait for it in place.
    if (!bounds) queued?.add(indexKey);
    const build = this.build(db, model, async () => {
      if (!queued) {
        await createIndex(db, model, name, columns);
        this.ready.add(key);
        return true;
      }
      queued.delete(indexKey);
      const inPlace = await pgAutoIndexKeys(db, model.tableName);
      // A longer automatic index that begins with this one is queued or in place: it serves these reads.
      if (this.pgPrefixServed(model, key, indexKey, queued, inPlace)) return false;
      // A `~or` count's conjunction: served by, or built on top of, an index that begins with its bounds.
      const conjunction = bounds ? conjunctionIndex(columns, bounds, inPlace) : undefined;
      if (conjunction === 'served') {
        this.ready.add(key);
        this.release(model.tableName);
        return false;
      }
      const index = conjunction ?? { columns, key: indexKey };
      const indexName = conjunction ? indexNameOf(`${key}\u0000with\u0000${conjunction.key.join('\u0000')}`) : name;
      this.builtNames.add(indexName);
      await createPgIndex(db, indexName, model.tableName, index);
      this.ready.add(key);
      await this.pgDropPrefixes(db, model, index);
      return true;
    });
    const running = build.finally(() => {
      this.building.delete(key);
      queued?.delete(indexKey);
    });
    this.building.set(key, running);
    return running;
  }

  /** PostgreSQL, per table: the keys of automatic index builds queued and not started yet. */
  private pgQueuedKeys(tableName: string): Set<string[]> {
    let queued = this.pgQueued.get(tableName);
    if (!queued) this.pgQueued.set(tableName, (queued = new Set()));
    return queued;
  }

  /**
   * PostgreSQL: whether an index of this key is left out, as a prefix of a longer automatic index queued or in
   * place (docs/performance.md, "Prefix indexes left out"). Its slot among the table's automatic indexes is
   * given back; once the longer one is in place the shorter counts as ready.
   */
  private pgPrefixServed(
    model: TableModel,
    key: string,
    indexKey: string[],
    queued: Set<string[]>,
    inPlace: readonly PgIndexKey[],
  ): boolean {
    const built = inPlace.some((i) => isStrictPrefix(indexKey, i.key));
    if (!built && ![...queued].some((k) => isStrictPrefix(indexKey, k))) return false;
    if (built) this.ready.add(key);
    this.prefixLeftOut.set(key, model);
    this.release(model.tableName);
    return true;
  }

  /**
   * PostgreSQL, after an automatic index was built: the shorter columns lists it serves count as ready, and
   * every automatic index of the table that is now a prefix of another is dropped (docs/performance.md,
   * "Prefix indexes left out"), giving back its slot when this process counted it.
   */
  private async pgDropPrefixes(db: Knex, model: TableModel, index: Omit<PgIndexKey, 'name'>): Promise<void> {
    for (const prefix of servedPrefixes(model, index)) {
      const key = shapeKey(model.tableName, prefix);
      this.ready.add(key);
      if (this.tried.has(key)) this.prefixLeftOut.set(key, model);
    }
    for (const dropped of prefixIndexes(await pgAutoIndexKeys(db, model.tableName))) {
      await dropPgAutoIndex(db, dropped.name);
      if (this.builtNames.delete(dropped.name)) this.release(model.tableName);
    }
  }

  /**
   * Whether a shape tried before is tried again: one left out as a prefix under an older table model, whose
   * longer index a field change may have dropped. The build looks at the indexes in place first.
   */
  private lookAgain(key: string, model: TableModel): boolean {
    const decidedBy = this.prefixLeftOut.get(key);
    if (!decidedBy || decidedBy === model || this.building.has(key)) return false;
    this.prefixLeftOut.delete(key);
    this.ready.delete(key);
    return true;
  }

  /** Gives back one of the table's automatic index slots (an index left out or dropped). */
  private release(tableName: string): void {
    this.perTable.set(tableName, Math.max(0, (this.perTable.get(tableName) ?? 0) - 1));
  }

  /** Whether an automatic index on these columns, in order, is in place (built or found by this process). */
  isReady(model: TableModel, columns: readonly string[]): boolean {
    return columns.length > 0 && this.ready.has(shapeKey(model.tableName, columns));
  }

  /**
   * Notes a group-by of `groupKey` under a filter: equality fields, then the grouped field, then the first
   * range field. SQLite and MySQL read such an index in group order and count without a sort or the table.
   */
  suggestGroupBy(db: Knex, model: TableModel, where: readonly FilterNode[] | undefined, groupKey: string): void {
    if (!model.managed || !this.enabled) return;
    this.reanalyzeIfGrown(db, model);
    const group = fieldByKey(model, groupKey);
    if (!indexable(model, group)) return;
    const { eq, range } = filterColumns(model, where);
    const columns = [...new Set([...eq.slice(0, 2), group.name, ...range.slice(0, 1)])];
    this.suggestColumns(db, model, columns);
  }

  /** Counts inserted rows (from the change feed) towards the next statistics refresh. */
  noteInserted(tableId: string, rows: number): void {
    const g = this.growth.get(tableId);
    if (g) g.inserted += rows;
    else this.growth.set(tableId, { inserted: rows, rowsThen: 0 });
  }

  private reanalyzeIfGrown(db: Knex, model: TableModel): void {
    const g = this.growth.get(model.id);
    if (!g || g.inserted < Math.max(REANALYZE_MIN_ROWS, g.rowsThen / 2)) return;
    this.statisticsTaken(model);
    this.inTurn(db, model, () => this.analyze(db, model));
  }

  /**
   * Runs `create` in the background, then refreshes the table's statistics. On PostgreSQL the statistics are
   * refreshed once, after the last build queued for the table (docs/performance.md). Resolves when done
   * (never rejects: a failed build leaves the query as it was).
   */
  private build(db: Knex, model: TableModel, create: () => Promise<boolean>): Promise<void> {
    if (model.dialect !== 'pg') {
      return this.inTurn(db, model, async () => {
        if (await create()) await this.analyze(db, model);
      });
    }
    const builds = this.pgBuilds.get(model.tableName) ?? { queued: 0, built: false };
    builds.queued++;
    this.pgBuilds.set(model.tableName, builds);
    return this.inTurn(db, model, async () => {
      try {
        if (await create()) builds.built = true;
      } finally {
        builds.queued--;
      }
      if (builds.queued === 0 && builds.built) {
        builds.built = false;
        await this.analyze(db, model);
      }
    });
  }

  /**
   * Runs a build of an index (or statistics) after the ones started before it: per table on SQLite and MySQL
   * (builds on one table only wait for each other's write lock), one at a time on PostgreSQL, where
   * `create index concurrently` and `vacuum` on a table conflict with themselves (two at once can deadlock),
   * each waiting build holds a pooled connection requests need, and builds side by side take every core of a
   * small machine from the requests.
   */
  private inTurn(db: Knex, model: TableModel, build: () => Promise<void>): Promise<void> {
    const pg = model.dialect === 'pg';
    const table = pg ? '' : model.tableName;
    const next: Promise<void> = (this.queues.get(table) ?? Promise.resolve())
      // PostgreSQL: not beside the reads running now, the one that asked for it among them (read-gate.ts).
      .then(() => (pg ? afterReads(db) : undefined))
      .then(build)
      .catch(() => undefined)
      .finally(() => {
        if (this.queues.get(table) === next) this.queues.delete(table);
      });
    this.queues.set(table, next);
    this.pending = Promise.all([this.pending, next]);
    return next;
  }

  /** Starts counting the table's growth again from now. */
  private statisticsTaken(model: TableModel): void {
    const g = this.growth.get(model.id) ?? { inserted: 0, rowsThen: 0 };
    g.rowsThen += g.inserted;
    g.inserted = 0;
    this.growth.set(model.id, g);
  }

  /**
   * Changes when this process finished building an index on the table (or refreshing its statistics): a cache
   * of which fields are indexed keys on it, so this process's own builds show at once.
   */
  generation(tableName: string): number {
    return this.finished.get(tableName) ?? 0;
  }

  private finish(tableName: string): void {
    this.finished.set(tableName, this.generation(tableName) + 1);
  }

  /** Refreshes the planner's statistics of one table (off the event loop on SQLite files); ends every build. */
  private async analyze(db: Knex, model: TableModel): Promise<void> {
    await this.refreshStatistics(db, model);
    this.finish(model.tableName);
  }

  private async refreshStatistics(db: Knex, model: TableModel): Promise<void> {
    this.statisticsTaken(model);
    if (model.dialect === 'sqlite') {
      // A sample per index is enough to rank indexes; the throw-away table tells the app's connection to
      // reload its schema, and with it the new statistics (ANALYZE alone does not).
      const table = quoteIdent(model.tableName);
      const sql = `pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}; analyze ${table}; create table if not exists rbx_schema_bump (x); drop table rbx_schema_bump;`;
      const file = sqliteFileOf(db);
      if (file) await buildInWorker(file, sql);
      else {
        await db.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`);
        await db.raw(`analyze ${table}`);
      }
      return;
    }
    // VACUUM also marks pages all-visible, so counts read the index alone (an index-only scan).
    if (model.dialect === 'pg') await db.raw('vacuum (analyze) ??', [model.tableName]);
    else await db.raw('analyze table ??', [model.tableName]);
  }

  /** Waits for the indexes being built. */
  async settled(): Promise<void> {
    await this.pending;
  }
}

/** The key of an automatic index's shape in `tried` and `ready`: its table and columns, in order. */
function shapeKey(tableName: string, columns: readonly string[]): string {
  return `${tableName}\u0000${columns.join('\u0000')}`;
}

/** The name of an automatic index, from its table and columns (`tried`'s key). */
function indexNameOf(key: string): string {
  return `rbx_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

/**
 * Builds the index without stalling the app: PostgreSQL `concurrently`, MySQL online DDL (`lock=none`), and
 * SQLite on a connection of its own in a worker thread (in WAL mode readers go on meanwhile; writers wait for
 * it as for any other writer).
 */
async function createIndex(db: Knex, model: TableModel, name: string, columns: string[]): Promise<void> {
  const cols = columns.map(() => '??').join(', ');
  if (model.dialect === 'sqlite') {
    const file = sqliteFileOf(db);
    const sql = `create index if not exists ${quoteIdent(name)} on ${quoteIdent(model.tableName)} (${columns.map(quoteIdent).join(', ')})`;
    if (file) await buildInWorker(file, sql);
    else await db.raw(sql);
    return;
  }
  if (model.dialect === 'pg') {
    // Empty values sort first ascending and last descending (docs/behaviour/views.md): the sort or range
    // column says so, or PostgreSQL would sort instead of reading the index in order.
    await createPgIndex(db, name, model.tableName, { columns, key: pgIndexKey(model, columns) });
    return;
  }
  try {
    await db.raw(`alter table ?? add index ?? (${cols}), algorithm=inplace, lock=none`, [model.tableName, name, ...columns]);
  } catch (err) {
    // Already there (another process made it first) is fine.
    if (!/duplicate key name|already exists/i.test(String((err as Error).message))) throw err;
  }
}

/** Builds a column's search index and its triggers in one transaction (in a worker thread on SQLite files). */
async function buildTextSearch(db: Knex, model: TableModel, column: string): Promise<void> {
  const statements = textSearchBuildStatements(model, column);
  const file = sqliteFileOf(db);
  if (file) await buildInWorker(file, ['begin immediate', ...statements, 'commit'].join(';\n'));
  else
    await db.transaction(async (trx) => {
      for (const sql of statements) await trx.raw(sql);
    });
}

/**
 * Builds a count table and its triggers in one transaction (in a worker thread on SQLite files); drops it
 * again when it holds more than a tenth as many combinations as the table has rows. True when kept.
 */
async function buildCountTable(db: Knex, tableName: string, columns: readonly string[], name: string): Promise<boolean> {
  const types = await declaredTypes(db, tableName, columns);
  if (!types) return false;
  await runStatements(db, countTableBuildStatements(tableName, types));
  const { groups, rows } = await countTableSize(db, name);
  if (groups <= rows * MAX_GROUP_SHARE) return true;
  await runStatements(db, countTableDropSql(name));
  return false;
}

/** Whether a table has fewer rows than a count table is worth (reads at most that many). */
async function smallTable(db: Knex, tableName: string): Promise<boolean> {
  const [row] = (await db.raw(`select count(*) as n from (select 1 from ${quoteIdent(tableName)} limit ${MIN_TABLE_ROWS})`)) as {
    n: number;
  }[];
  return Number(row?.n ?? 0) < MIN_TABLE_ROWS;
}

/** Runs SQLite statements in one transaction, in a worker thread for a file database. */
async function runStatements(db: Knex, statements: readonly string[]): Promise<void> {
  const file = sqliteFileOf(db);
  if (file) await buildInWorker(file, ['begin immediate', ...statements, 'commit'].join(';\n'));
  else
    await db.transaction(async (trx) => {
      for (const sql of statements) await trx.raw(sql);
    });
}

function sqliteFileOf(db: Knex): string | undefined {
  const conn = (db.client as { config?: { connection?: { filename?: string } } }).config?.connection;
  const file = conn?.filename;
  return file && file !== ':memory:' ? file : undefined;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 60000 });
try {
  db.exec(workerData.sql);
  parentPort.postMessage({ ok: true });
} catch (err) {
  parentPort.postMessage({ ok: false, error: String(err && err.message) });
} finally {
  db.close();
}
`;

/**
 * Settles when the worker has exited, its connection closed: a shutdown that waits for the builds
 * (`settled`) then closes the app's connection last, which removes the WAL file.
 */
function buildInWorker(file: string, sql: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, sql, driver } });
    let failure: Error | undefined;
    worker.once('message', (m: { ok: boolean; error?: string }) => {
      if (!m.ok) failure = new Error(m.error);
    });
    worker.once('error', (err) => (failure ??= err));
    worker.once('exit', () => (failure ? reject(failure) : resolve()));
  });
}
