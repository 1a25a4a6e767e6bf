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
import type { StoredField, TableModel } from './table-model.js';
import {
  searchedFields,
  textSearchBuildStatements,
  textSearchGeneration,
  textSearchInPlace,
  trustTextSearch,
  trustedTextSearch,
} from './text-search.js';

/** Rows SQLite's ANALYZE samples per index: enough to rank indexes, a few milliseconds even at 1M rows. */
const SQLITE_ANALYSIS_LIMIT = 10_000;
/** Per table; beyond this, writes would pay for too many indexes. */
const MAX_AUTO_INDEXES_PER_TABLE = 12;
const EQUALITY_OPS = new Set(['eq', 'checked', 'notchecked', 'in', 'anyof']);
const RANGE_OPS = new Set(['gt', 'ge', 'lt', 'le', 'btw', 'isWithin']);
const UNINDEXABLE_KINDS = new Set(['longtext', 'json', 'attachment', 'multiselect', 'user', 'geo']);

/** Statistics are refreshed once this many rows were inserted and the table grew by half since the last time. */
const REANALYZE_MIN_ROWS = 10_000;

export interface AutoIndexOptions {
  /** RB_AUTO_INDEX=false: no automatic indexes at all. */
  enabled?: boolean;
}

export class AutoIndexer {
  private readonly tried = new Set<string>();
  private readonly perTable = new Map<string, number>();
  /** Per table id: rows inserted since its statistics were last refreshed, and how many it had then. */
  private readonly growth = new Map<string, { inserted: number; rowsThen: number }>();
  /** PostgreSQL without `pg_trgm` (or without the right to create it): no trigram index is tried. */
  private trigramUnavailable = false;
  /** Fields whose trigram index a table model has checked (or is checking). */
  private readonly searchChecked = new WeakMap<TableModel, Set<string>>();
  /** Resolves when the indexes started so far are built (tests and benchmarks wait on it). */
  private pending: Promise<unknown> = Promise.resolve();
  /** Per table name: index builds and statistics refreshes this process finished (see `generation`). */
  private readonly finished = new Map<string, number>();
  readonly enabled: boolean;

  constructor(opts: AutoIndexOptions = {}) {
    this.enabled = opts.enabled ?? true;
  }

  /** Notes a query shape; starts building a fitting index the first time the shape is seen. */
  suggest(db: Knex, model: TableModel, where: readonly FilterNode[] | undefined, sort: readonly SortSpec[] | undefined): void {
    if (!model.managed || !this.enabled) return;
    this.reanalyzeIfGrown(db, model);
    this.suggestColumns(db, model, indexColumnsFor(model, where, sort));
    for (const f of searchedFields(model, where)) {
      if (model.dialect === 'pg') this.suggestTrigramIndex(db, model, f);
      else this.suggestTextSearch(db, model, f);
    }
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
    const build = async () => {
      try {
        await db.raw('create extension if not exists pg_trgm');
      } catch {
        this.trigramUnavailable = true;
        return;
      }
      await db.raw('create index concurrently if not exists ?? on ?? using gin (?? gin_trgm_ops)', [
        name,
        model.tableName,
        field.name,
      ]);
      await this.analyze(db, model);
    };
    this.pending = Promise.all([this.pending, build().catch(() => undefined)]);
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
   * Notes an index on the given columns, in order: dashboards ask for (group field, aggregated field) so a
   * grouped aggregate reads a covering index in group order instead of scanning and sorting the table.
   */
  suggestColumns(db: Knex, model: TableModel, columns: string[]): void {
    if (!model.managed || !this.enabled) return;
    if (!columns.length || (columns.length === 1 && columns[0] === model.pk?.name)) return;
    const key = `${model.tableName}\u0000${columns.join('\u0000')}`;
    if (this.tried.has(key)) return;
    this.tried.add(key);
    const count = this.perTable.get(model.tableName) ?? 0;
    if (count >= MAX_AUTO_INDEXES_PER_TABLE) return;
    this.perTable.set(model.tableName, count + 1);
    const name = `rbx_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
    const build = async () => {
      await createIndex(db, model, name, columns);
      await this.analyze(db, model);
    };
    this.pending = Promise.all([this.pending, build().catch(() => undefined)]);
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
    this.pending = Promise.all([this.pending, this.analyze(db, model).catch(() => undefined)]);
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
    const g = this.growth.get(model.id) ?? { inserted: 0, rowsThen: 0 };
    g.rowsThen += g.inserted;
    g.inserted = 0;
    this.growth.set(model.id, g);
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

function fieldByKey(model: TableModel, key: string): StoredField | undefined {
  const f = model.field(key);
  return f && f.name !== null ? (f as StoredField) : undefined;
}

function indexable(model: TableModel, f: StoredField | undefined): f is StoredField {
  if (!f || UNINDEXABLE_KINDS.has(f.kind)) return false;
  // MySQL cannot index TEXT without a prefix length.
  return !(model.dialect === 'mysql' && /text|blob|json/i.test(f.column.dt ?? ''));
}

/**
 * Equality fields (at most two), then the first sort field or else the first range field; after a sort
 * field the primary key, which breaks ties in the same direction (so one index serves both directions).
 */
export function indexColumnsFor(
  model: TableModel,
  where: readonly FilterNode[] | undefined,
  sort: readonly SortSpec[] | undefined,
): string[] {
  const eq: string[] = [];
  const range: string[] = [];
  const onlyAnd = (where ?? []).every((n, i) => n.logical === 'and' || i === 0) && !(where ?? []).some((n) => n.logical === 'not');
  if (onlyAnd) {
    for (const n of where ?? []) {
      if (n.type !== 'condition') continue;
      const f = fieldByKey(model, n.field);
      if (!indexable(model, f)) continue;
      if (EQUALITY_OPS.has(n.op) && (f.kind !== 'date' && f.kind !== 'datetime')) eq.push(f.name);
      else if (RANGE_OPS.has(n.op) || n.op === 'eq') range.push(f.name);
    }
  }
  const sortField = sort?.length ? fieldByKey(model, sort[0]!.field) : undefined;
  const last = indexable(model, sortField) ? sortField.name : range[0];
  const columns = [...new Set(eq)].slice(0, 2);
  if (last && !columns.includes(last)) columns.push(last);
  // MySQL (InnoDB) and SQLite (rowid) keep integer primary keys in every index already.
  const pk = model.pk;
  const keyImplicit =
    model.dialect === 'mysql' || (model.dialect === 'sqlite' && pk?.kind === 'id' && !/char|text|uuid/i.test(pk.column.dt ?? ''));
  if (last === sortField?.name && pk && !keyImplicit && !columns.includes(pk.name)) columns.push(pk.name);
  return columns;
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
    const last = columns.length - (columns[columns.length - 1] === model.pk?.name && columns.length > 1 ? 2 : 1);
    const list = columns.map((_, i) => (i === last ? '?? nulls first' : '??')).join(', ');
    await db.raw(`create index concurrently if not exists ?? on ?? (${list})`, [name, model.tableName, ...columns]);
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

function buildInWorker(file: string, sql: string): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, sql, driver } });
    worker.once('message', (m: { ok: boolean; error?: string }) => (m.ok ? resolve() : reject(new Error(m.error))));
    worker.once('error', reject);
    worker.once('exit', () => resolve());
  });
}
