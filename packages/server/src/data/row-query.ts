/**
 * Reading rows: one SELECT per page (fields, where, sort, limit/offset), counts cached per filter, and a
 * keyset seek for deep pages in primary-key order (page at offset 50,000 reads from an index, not 50,000 rows).
 */
import { badRequest } from '@rowbase/core/errors';
import type { PageInfo } from '@rowbase/core/api/meta';
import { DEFAULT_LIMIT, MAX_LIMIT, isIntegerKey, isShort, pageInfoOf, parsePaging, pkValue } from './paging.js';
import { readGroupBy, type GroupBySource } from './row-group-by.js';
import type { PageQuery, RowQuery, RowSubset } from './row-query-types.js';
import { rowOrderPage, type RowOrderSource } from './row-order-pages.js';
import { orderByField } from './field-order.js';
import { utcDay } from '@rowbase/core/filters/date-values';
import { printSort, type SortSpec } from '@rowbase/core/filters/sort';
import { printWhere, type FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { DataCache } from './data-cache.js';
import { queryFieldOf, usesComputed, type QueryField } from './computed/query-field.js';
import { cachedProjection, queryFieldsOf, type OutField, type Projection, type Row } from './row-projection.js';
import {
  goesToReader,
  hasReadPool,
  readerRunning,
  selectCompiled,
  selectNative,
  selectRows,
  type NativeQuery,
} from './sqlite-statements.js';
import { compiledOnce } from './compiled-shapes.js';
import { applyWhere, checkWhere, filterShape, withSlotValues, type FilterShape } from './filter-sql.js';
import { computesAfterPaging, pageThenCompute } from './pg-paging.js';
import { orderByRowOrder } from './row-order.js';
import { textSearchVersion } from './text-search.js';
import { likeIndexKeys, likeScanColumn, likeScanFits, likeScanKeys } from './sqlite-like-scan.js';
import { countedKeys, countedKeysFit, rowsByKeys } from './sqlite-counted-keys.js';
import { COUNT_COLUMN, countColumnsFor, trustedCountTable } from './sqlite-count-tables.js';
import { compactWhenWritten } from './pg-count-tables.js';
import { searchesText } from './pg-like.js';
import { whileReading } from './read-gate.js';
import { orConjunctionColumns, orConjunctionIndex, orParts, type OrParts } from './or-count.js';
import type { StoredField, TableModel } from './table-model.js';

/** Below this offset a plain OFFSET is as fast as a seek. */
const SEEK_FROM_OFFSET = 500;

/**
 * SQLite: the first count of a filter on a table known to hold at least this many rows runs on a reader
 * thread beside its page (docs/performance.md, "Counts beside pages"): read from the table, it costs about
 * as much as the page (60–160 ms of CPU each at 1M rows).
 */
const FIRST_COUNT_BESIDE_PAGE_ROWS = 100_000;
/**
 * SQLite: a table a count shows to hold at least this many rows gets an index on its display value in the
 * background, which its first text search reads instead of the table (docs/performance.md, "Text search").
 */
const DISPLAY_VALUE_INDEX_ROWS = 100_000;
/** Per table id: the most rows a count of the whole table (or of a filter) answered. A size hint only. */
const rowsSeen = new Map<string, number>();
/** Count SQL (values apart) run beside a page once already: later ones follow the read pool's timings. */
const countsBeside = new Set<string>();
/** Entries kept in each of the two above before they start over. */
const MAX_REMEMBERED = 2000;

export { DEFAULT_LIMIT, MAX_LIMIT, isIntegerKey, pageInfoOf, parsePaging, pkValue };

export type { Row } from './row-projection.js';
export { rowDecoder, warmDefaultProjection, type OutField, type Projection } from './row-projection.js';

export type { PageQuery, RowQuery, RowSubset } from './row-query-types.js';

/**
 * PostgreSQL: the column of a page's rows that carries the count of its filter (the count read in the page's
 * own statement, docs/performance.md "Counts beside pages").
 */
const TOTAL_COLUMN = '__rb_total';

/** Filled by a page read when its statement also counted the rows of its filter. */
interface PageTotal {
  rows?: number;
  /** How the count is read, worked out by the caller. */
  plan?: CountPlan;
}

/** Where a count reads from: a count table, the parts of a two-branch `~or`, or else the table. */
interface CountPlan {
  counts?: string;
  or?: { a: string; b: string; parts: OrParts };
}

export class RowReader {
  /** Filter shapes of this request's filters (a page and its count share one). */
  private readonly filterShapes = new WeakMap<readonly FilterNode[], FilterShape>();

  constructor(
    readonly db: Knex,
    readonly model: TableModel,
    private readonly cache: DataCache,
    private readonly now = new Date(),
  ) {}

  /** The fields a query names (all stored and computed fields by default), checked. */
  queryFields(fields: readonly string[] | undefined): QueryField[] {
    return queryFieldsOf(this.model, fields);
  }

  /** What a query selects and returns (the primary key is always selected); built once per model and `fields`. */
  projection(fields: readonly string[] | undefined): Projection {
    const known = cachedProjection(this.db, this.model, fields);
    return { ...known, select: [...known.select] };
  }

  /** A SELECT with the filter applied (no columns, order or paging yet). */
  filtered(
    where: readonly FilterNode[] | undefined,
    db: Knex | Knex.Transaction = this.db,
    within?: RowSubset,
  ): Knex.QueryBuilder {
    const qb = db(this.model.tableName);
    within?.apply(qb);
    if (where?.length) {
      checkWhere(this.model, where, this.now);
      applyWhere(qb, this.model, where, this.now);
    }
    return qb;
  }

  private orderBy(qb: Knex.QueryBuilder, sort: readonly SortSpec[] | undefined): void {
    const seen = new Set<string>();
    for (const s of sort ?? []) {
      const f = queryFieldOf(this.model, s.field);
      if (seen.has(f.key)) continue;
      seen.add(f.key);
      orderByField(qb, f, s.direction, this.model.dialect);
    }
    const pk = this.model.pk;
    // Ties break by the primary key in the direction of the last sort: one index (…, field, key) serves the
    // sort both ways (docs/performance.md).
    const direction = sort?.length ? sort[sort.length - 1]!.direction : 'asc';
    if (!seen.size && this.model.rowOrder) orderByRowOrder(qb, this.model.rowOrder, pk, this.model.dialect);
    else if (pk && !seen.has(pk.name)) void qb.orderBy(pk.name, direction);
  }

  /**
   * The SQL of a page that is read with LIMIT/OFFSET (not a keyset seek): what `rows` runs for it. Tests read
   * the planner's choice for it with EXPLAIN.
   */
  pageSql(q: PageQuery): { sql: string; bindings: readonly unknown[] } {
    const projection = this.projection(q.fields);
    const qb = this.offsetPage(
      this.filtered(q.where, this.db, q.within),
      projection.select,
      (b) => this.orderBy(b, q.sort),
      q.limit,
      q.offset,
      projection.compiledSelect,
    );
    const compiled = qb.toSQL().toNative();
    return { sql: compiled.sql, bindings: compiled.bindings as unknown[] };
  }

  /**
   * Every row of a query in order, one SELECT with no paging, and what each column is; the index its filter and
   * sort want is suggested as for a page. What an export reads (export/export-source.ts).
   */
  orderedSelect(q: RowQuery): { qb: Knex.QueryBuilder; out: OutField[] } {
    const projection = this.projection(q.fields);
    this.cache.indexes.suggest(this.db, this.model, q.where, this.indexSort(q));
    const qb = this.filtered(q.where, this.db, q.within).select(projection.select);
    this.orderBy(qb, q.sort);
    return { qb, out: projection.out };
  }

  /** The sort the auto-indexer plans for: a filtered list without sort runs in row order. */
  private indexSort(q: RowQuery): readonly SortSpec[] | undefined {
    const order = this.model.rowOrder;
    if (q.sort?.length || !q.where?.length || !order) return q.sort;
    return [{ field: order.name, direction: 'asc' }];
  }

  /**
   * PostgreSQL: the automatic builds and folds a read starts wait until it is done (read-gate.ts,
   * docs/performance.md "Cold reads on PostgreSQL"); SQLite: so does the search index a text search starts
   * ("Text search").
   */
  private gated<T>(read: () => Promise<T>, where: readonly FilterNode[] | undefined): Promise<T> {
    const dialect = this.model.dialect;
    return dialect === 'pg' || (dialect === 'sqlite' && searchesText(where)) ? whileReading(this.db, read) : read();
  }

  /** Rows matching the query, decoded. */
  rows(q: PageQuery): Promise<Row[]> {
    return this.gated(() => this.readRows(q), q.where);
  }

  /**
   * How a page is read: with LIMIT/OFFSET in one statement (`offset`), from a remembered position in row
   * order (`rowOrder`) or by primary key (`key`); SQLite's `like` scan is chosen later, when it fits.
   */
  private pagePath(q: PageQuery): 'offset' | 'rowOrder' | 'key' {
    const pk = this.model.pk;
    // Seek points of a filter on computed values go stale when linked tables change: those pages use OFFSET.
    const seekable =
      pk && q.offset >= SEEK_FROM_OFFSET && isIntegerKey(pk) && !usesComputed(this.model, q.where);
    if (seekable && !q.sort?.length && this.model.rowOrder) return 'rowOrder';
    return !seekable || !isPkOnlyOrder(q.sort, pk) ? 'offset' : 'key';
  }

  /**
   * `total`: on PostgreSQL, a page read with LIMIT/OFFSET also counts its filter's rows in the same
   * statement, and the count is left there (none when the page has no row to carry it).
   */
  private async readRows(q: PageQuery, total?: PageTotal): Promise<Row[]> {
    const projection = this.projection(q.fields);
    const decode = projection.decode;
    const pk = this.model.pk;
    const path = this.pagePath(q);
    const rowOrderSeek = path === 'rowOrder';
    const columns = projection.select;
    this.cache.indexes.suggest(this.db, this.model, q.where, this.indexSort(q));
    if (!q.within && likeScanFits(this.model, q)) {
      const page = await this.likeScanPage(q, projection);
      if (page) return page.map(decode);
    }
    if (rowOrderSeek) return (await rowOrderPage(this.rowOrderSource(), q, columns)).map(decode);
    if (path === 'offset' || !pk) {
      const dialect = this.model.dialect;
      // The count as one more column: one statement, one round trip, one snapshot for both.
      // Compiled once per filter shape, each request's values bound (filter-sql.ts `filterShape`).
      const filter = dialect === 'sqlite' || dialect === 'pg' ? this.filterShapeOf(q.where) : undefined;
      const where = filter?.marked ?? q.where;
      const counted = total && dialect === 'pg' && !q.within ? (total.plan ?? this.countPlan(where)) : undefined;
      // Built only when the shape is first compiled (docs/performance.md "Where a `~or` page goes on PostgreSQL").
      const totalColumn = () =>
        counted ? [this.db.raw('(?) as ??', [this.countFrom(counted, where), TOTAL_COLUMN])] : [];
      const build = () =>
        this.offsetPage(
          this.filtered(where, this.db, q.within),
          columns,
          (b) => this.orderBy(b, q.sort),
          q.limit,
          q.offset,
          projection.compiledSelect,
          totalColumn(),
        );
      if (dialect !== 'sqlite' && dialect !== 'pg') return (await selectRows(this.db, dialect, build())).map(decode);
      // The same request shape compiles to the same SQL: build it with knex once per table model.
      const shape = [
        q.within?.key ?? '',
        (q.fields ?? []).join('\u0001'),
        filter ? filter.key : q.where?.length ? printWhere(q.where) : '',
        printSort(q.sort ?? []),
        q.limit,
        q.offset,
        utcDay(this.now),
        textSearchVersion(),
        counted ? `t${counted.or ? `${counted.or.a}|${counted.or.b}` : (counted.counts ?? '')}` : '',
      ].join('\u0000');
      const native = compiledOnce(this.model, shape, build);
      const raw = await selectCompiled(this.db, dialect, withSlotValues(native, filter?.values));
      if (counted && raw.length) total!.rows = Number(raw[0]![TOTAL_COLUMN] ?? 0);
      return raw.map(decode);
    }
    const direction = q.sort?.[0]?.direction ?? 'asc';
    const key = `${q.within?.key ?? ''}\u0000${q.where?.length ? printWhere(q.where) : ''}\u0000${direction}\u0000${utcDay(this.now)}`;
    const version = this.cache.version(this.model.id);
    const before = this.cache.getSeek(this.model.id, key, q.offset);
    const byKey = (b: Knex.QueryBuilder) => void b.orderBy(pk.name, direction);
    let raw: Row[];
    if (before !== undefined) {
      const qb = this.filtered(q.where, this.db, q.within).select(columns);
      byKey(qb);
      raw = await selectRows(
        this.db,
        this.model.dialect,
        qb.where(pk.name, direction === 'asc' ? '>' : '<', before as number).limit(q.limit),
      );
    } else {
      // Read one row more, the one just before the page: its key is the seek point for this offset.
      const filtered = this.filtered(q.where, this.db, q.within);
      raw = await selectRows(
        this.db,
        this.model.dialect,
        this.offsetPage(filtered, columns, byKey, q.limit + 1, q.offset - 1),
      );
      const first = raw.shift();
      if (first) this.cache.setSeek(this.model.id, key, q.offset, first[pk.name], version);
    }
    const last = raw[raw.length - 1];
    if (last && raw.length === q.limit) {
      this.cache.setSeek(this.model.id, key, q.offset + q.limit, last[pk.name], version);
    }
    return raw.map(decode);
  }

  /**
   * A `like` page in row order before a search index serves it (sqlite-like-scan.ts): its keys from a read of
   * the table in key order, then its rows by key (not through the row-order index: SQLite finds the few rows
   * by key and sorts them). Undefined when the plain query must answer.
   */
  private async likeScanPage(q: PageQuery, projection: Projection): Promise<Row[] | undefined> {
    const where = q.where!;
    checkWhere(this.model, where, this.now);
    const from = (source: Knex.Raw) => {
      const qb = this.db.from(source);
      applyWhere(qb, this.model, where, this.now);
      return qb;
    };
    const run = (qb: Knex.QueryBuilder) => selectRows(this.db, 'sqlite', qb);
    const end = q.offset + q.limit;
    // An index on the searched column (the display value's, built once the table is large) is read instead
    // of the table when the pattern is rare (sqlite-like-scan.ts, `likeIndexKeys`).
    const column = likeScanColumn(this.model, where);
    const fromIndex =
      column && this.cache.indexes.isReady(this.model, [column])
        ? await likeIndexKeys(this.db, this.model, from, end, run)
        : undefined;
    const found = fromIndex ?? (await likeScanKeys(this.db, this.model, from, end, run));
    if (!found) return undefined;
    const keys = found.slice(q.offset);
    if (!keys.length) return [];
    const pk = this.model.pk!.name;
    const qb = from(this.db.raw('?? not indexed', [this.model.tableName]))
      .select(projection.compiledSelect ? [projection.compiledSelect] : projection.select)
      .whereIn(pk, keys as number[]);
    this.orderBy(qb, undefined);
    return run(qb);
  }

  /** What the row-order pages read through (row-order-pages.ts). */
  private rowOrderSource(): RowOrderSource {
    return {
      db: this.db,
      model: this.model,
      now: this.now,
      cache: this.cache,
      filtered: (where, within) => this.filtered(where, this.db, within),
      offsetPage: (filtered, columns, order, limit, offset) => this.offsetPage(filtered, columns, order, limit, offset),
      filterShapeOf: (where) => this.filterShapeOf(where),
    };
  }

  /**
   * A page read with LIMIT/OFFSET from a filtered table. On PostgreSQL, computed columns are worked out for
   * the page's rows only, not for the rows OFFSET skips (pg-paging.ts).
   */
  private offsetPage(
    filtered: Knex.QueryBuilder,
    columns: readonly (string | Knex.Raw)[],
    order: (qb: Knex.QueryBuilder) => void,
    limit: number,
    offset: number,
    /** `columns` compiled into one raw (`Projection.compiledSelect`), selected instead when given. */
    compiled?: Knex.Raw,
    /** Selected after `columns` (the count of the filter, read with the page). */
    extra: readonly Knex.Raw[] = [],
  ): Knex.QueryBuilder {
    const { dialect, tableName } = this.model;
    if (computesAfterPaging(dialect, tableName, columns, offset)) {
      const all = [...columns, ...extra];
      return pageThenCompute(this.db, tableName, this.model.pk?.name, filtered, all, order, limit, offset);
    }
    const qb = filtered.select(compiled ? [compiled, ...extra] : [...columns, ...extra]);
    order(qb);
    return qb.limit(limit).offset(offset);
  }

  /** How many rows match; cached per filter until the table changes. */
  count(
    where: readonly FilterNode[] | undefined,
    within?: RowSubset,
    native?: NativeQuery,
    /** SQLite: run it on a reader thread (a first count of a large table, beside its page). */
    reader = false,
  ): Promise<number> {
    return this.gated(() => this.readCount(where, within, native, reader), where);
  }

  private async readCount(
    where: readonly FilterNode[] | undefined,
    within: RowSubset | undefined,
    native: NativeQuery | undefined,
    reader: boolean,
  ): Promise<number> {
    const key = this.countKey(where, within);
    // Counts filtered on computed values depend on other tables: never cached.
    const cacheable = !usesComputed(this.model, where);
    const cached = cacheable ? this.cache.getCount(this.model.id, key) : undefined;
    if (cached !== undefined) return cached;
    this.countSuggestions(where, within);
    // A write committed while the count runs (on a reader thread, or another pooled connection) retires it.
    const version = this.cache.version(this.model.id);
    const dialect = this.model.dialect;
    const [row] =
      dialect === 'sqlite'
        ? await selectNative(this.db, native ?? this.countSql(where, within), { reader })
        : dialect === 'pg'
          ? await selectCompiled(this.db, dialect, this.countSql(where, within))
          : await selectRows(this.db, dialect, this.countQuery(where, within));
    const n = Number(row?.count ?? 0);
    this.keepCount(where, within, n, version);
    return n;
  }

  /** The indexes and count tables a count of this filter asks for (built in the background). */
  private countSuggestions(where: readonly FilterNode[] | undefined, within: RowSubset | undefined): void {
    this.cache.indexes.suggest(this.db, this.model, where, undefined);
    if (!within) {
      this.cache.indexes.suggestCountTable(this.db, this.model, countColumnsFor(this.model, where));
      this.suggestOrCount(where);
    }
  }

  /** Caches a count read at table version `version` (kept only if no write committed since). */
  private keepCount(where: readonly FilterNode[] | undefined, within: RowSubset | undefined, n: number, version: number): void {
    if (!usesComputed(this.model, where)) this.cache.setCount(this.model.id, this.countKey(where, within), n, version);
    if (!within && n > (rowsSeen.get(this.model.id) ?? 0)) {
      if (rowsSeen.size >= MAX_REMEMBERED) rowsSeen.clear();
      rowsSeen.set(this.model.id, n);
      if (n >= DISPLAY_VALUE_INDEX_ROWS) this.cache.indexes.suggestDisplayValueIndex(this.db, this.model);
    }
  }

  /**
   * A page with NocoDB's pageInfo. The count never doubles the page's cost (docs/performance.md): a cached
   * count answers; a short page is its own count; on PostgreSQL and MySQL the count runs beside the page on
   * another connection, on SQLite (one connection) after it, and only when the page was full.
   */
  page(q: PageQuery): Promise<{ list: Row[]; pageInfo: PageInfo }> {
    return this.gated(() => this.readPage(q), q.where);
  }

  private async readPage(q: PageQuery): Promise<{ list: Row[]; pageInfo: PageInfo }> {
    const known = this.cachedCount(q.where, q.within);
    if (known !== undefined) {
      // A page past the end of a count known exact (a write retires it) has no row: not read. Read, it cost a
      // full OFFSET scan (50-140 ms on PostgreSQL at 100k-200k rows, docs/performance.md).
      const past = q.offset >= known && this.model.managed;
      return { list: past ? [] : await this.rows(q), pageInfo: pageInfoOf(known, q.limit, q.offset) };
    }
    if (this.model.dialect === 'pg' && searchesText(q.where)) {
      // A text search's page first: when short it is its own count, and a second read is saved (pg-like.ts).
      const list = await this.rows(q);
      const totalRows = isShort(list, q) ? q.offset + list.length : await this.count(q.where, q.within);
      return { list, pageInfo: pageInfoOf(totalRows, q.limit, q.offset) };
    }
    if (this.model.dialect === 'pg' && !q.within && this.pagePath(q) === 'offset') return this.pageCounted(q);
    if (this.model.dialect !== 'sqlite') {
      const [list, totalRows] = await Promise.all([this.rows(q), this.count(q.where, q.within)]);
      return { list, pageInfo: pageInfoOf(totalRows, q.limit, q.offset) };
    }
    // A count that has been slow runs on a reader thread while the page runs here.
    const countSql = hasReadPool(this.db) ? this.countSql(q.where, q.within) : undefined;
    if (countSql && goesToReader(this.db, countSql.sql)) {
      const [list, totalRows] = await Promise.all([this.rows(q), this.count(q.where, q.within, countSql)]);
      return { list, pageInfo: pageInfoOf(totalRows, q.limit, q.offset) };
    }
    // The first count of a filter on a large table, read from the table itself: a sorted page and its count
    // come from one read (on a reader when one runs, else here), or the count runs on a reader beside the page.
    const firstOfLarge = countSql !== undefined && this.firstCountOfLargeTable(q, countSql);
    if (firstOfLarge) {
      const counted = await this.countedPage(q, readerRunning(this.db));
      if (counted) return counted;
    }
    if (firstOfLarge && readerRunning(this.db) && this.firstCountBeside(countSql)) {
      const counting = this.count(q.where, q.within, countSql, true);
      // The page runs synchronously here: let the count reach its reader first.
      await new Promise((resolve) => setImmediate(resolve));
      const list = await this.rows(q);
      return { list, pageInfo: pageInfoOf(await counting, q.limit, q.offset) };
    }
    const list = await this.rows(q);
    const totalRows = isShort(list, q) ? q.offset + list.length : await this.count(q.where, q.within, countSql);
    return { list, pageInfo: pageInfoOf(totalRows, q.limit, q.offset) };
  }

  /**
   * PostgreSQL: a page whose statement also counts its filter's rows (a column of every row, worked out once
   * per statement). With no row to carry it, an empty first page counts 0 and a page past the end counts
   * in a statement of its own.
   */
  private async pageCounted(q: PageQuery): Promise<{ list: Row[]; pageInfo: PageInfo }> {
    const plan = this.countPlan(this.filterShapeOf(q.where)?.marked ?? q.where);
    // Count tables (and a `~or`'s index) in place: what the count asks for was asked by its first count.
    if (!plan.counts && !plan.or) this.countSuggestions(q.where, q.within);
    const version = this.cache.version(this.model.id);
    const total: PageTotal = { plan };
    const list = await this.readRows(q, total);
    let totalRows = total.rows;
    if (totalRows === undefined) {
      totalRows = q.offset === 0 && !list.length ? 0 : await this.count(q.where, q.within);
    } else this.keepCount(q.where, q.within, totalRows, version);
    return { list, pageInfo: pageInfoOf(totalRows, q.limit, q.offset) };
  }

  /**
   * Whether a count is the first of its shape, read from the table (no count table), of a table known to hold
   * FIRST_COUNT_BESIDE_PAGE_ROWS rows or more: read with a sorted page, or beside the page while a reader runs
   * (docs/performance.md).
   * Not a text search's: most are short pages, their own count, and the count would read the whole table.
   */
  private firstCountOfLargeTable(q: PageQuery, countSql: NativeQuery): boolean {
    if (q.within || searchesText(q.where) || (rowsSeen.get(this.model.id) ?? 0) < FIRST_COUNT_BESIDE_PAGE_ROWS) return false;
    const plan = this.countPlan(q.where);
    return !plan.counts && !plan.or && !countsBeside.has(countSql.sql);
  }

  /** Marks a first count of a large table as sent beside its page: later ones follow the read pool's timings. */
  private firstCountBeside(countSql: NativeQuery): boolean {
    if (countsBeside.has(countSql.sql)) return false;
    if (countsBeside.size >= MAX_REMEMBERED) countsBeside.clear();
    countsBeside.add(countSql.sql);
    return true;
  }

  /**
   * A sorted page and its first count from one read of the matches (sqlite-counted-keys.ts), on a reader when
   * `reader`, else on the event loop.
   */
  private async countedPage(q: PageQuery, reader: boolean): Promise<{ list: Row[]; pageInfo: PageInfo } | undefined> {
    if (!countedKeysFit(this.model, q, this.cache.indexes)) return undefined;
    this.countSuggestions(q.where, undefined);
    this.cache.indexes.suggest(this.db, this.model, q.where, q.sort);
    const version = this.cache.version(this.model.id);
    const order = (qb: Knex.QueryBuilder) => this.orderBy(qb, q.sort);
    const found = await countedKeys(this.db, this.model, this.filtered(q.where), order, q, reader);
    if (!found) return undefined;
    this.keepCount(q.where, undefined, found.total, version);
    const projection = this.projection(q.fields);
    const list = await rowsByKeys(this.db, this.model, found.keys, projection, order);
    return { list: list.map(projection.decode), pageInfo: pageInfoOf(found.total, q.limit, q.offset) };
  }

  /** The count of a filter: from a count table when one serves it (sqlite-count-tables.ts, pg-count-tables.ts). */
  private countQuery(where: readonly FilterNode[] | undefined, within?: RowSubset): Knex.QueryBuilder {
    return this.countFrom(within ? {} : this.countPlan(where), where, within);
  }

  private countFrom(plan: CountPlan, where: readonly FilterNode[] | undefined, within?: RowSubset): Knex.QueryBuilder {
    if (plan.or) {
      // One statement, so the three counts read one snapshot (or-count.ts).
      const { a, b, parts } = plan.or;
      const sumA = this.fromCountTable(a, parts.branches[0]).sum({ count: COUNT_COLUMN });
      const sumB = this.fromCountTable(b, parts.branches[1]).sum({ count: COUNT_COLUMN });
      const both = this.filtered(parts.both, this.db).count({ count: '*' });
      return this.db.select(this.db.raw('coalesce((?), 0) + coalesce((?), 0) - (?) as ??', [sumA, sumB, both, 'count']));
    }
    return plan.counts
      ? this.fromCountTable(plan.counts, where).sum({ count: COUNT_COLUMN })
      : this.filtered(where, this.db, within).count({ count: '*' });
  }

  /**
   * How a filter is counted: from its count table; a two-branch `~or` from its branches' count tables and the
   * index for both branches once all are in place (or-count.ts); else from the table.
   */
  private countPlan(where: readonly FilterNode[] | undefined): CountPlan {
    const counts = this.countTableOf(where);
    if (counts) return { counts };
    const parts = orParts(where);
    if (!parts || !this.cache.indexes.isReady(this.model, orConjunctionColumns(this.model, where))) return {};
    const [a, b] = parts.branches.map((branch) => this.countTableOf(branch));
    return a && b ? { or: { a, b, parts } } : {};
  }

  /**
   * A two-branch `~or` over more fields than one count table takes gets count tables for its branches and an
   * index for both (or-count.ts).
   */
  private suggestOrCount(where: readonly FilterNode[] | undefined): void {
    const parts = this.model.dialect === 'mysql' ? undefined : orParts(where);
    if (!parts || countColumnsFor(this.model, where)) return;
    for (const branch of parts.branches) {
      this.cache.indexes.suggestCountTable(this.db, this.model, countColumnsFor(this.model, branch));
    }
    const conjunction = orConjunctionIndex(this.model, where);
    this.cache.indexes.suggestColumns(this.db, this.model, conjunction.columns, conjunction.bounds);
  }

  /**
   * The compiled count of a filter (SQLite and PostgreSQL), from a count table when one serves it. Compiled
   * with knex once per table model, filter shape and count table, as pages are (docs/performance.md).
   */
  private countSql(where: readonly FilterNode[] | undefined, within?: RowSubset): NativeQuery {
    const filter = this.filterShapeOf(where);
    const marked = filter?.marked ?? where;
    const plan = within ? {} : this.countPlan(marked);
    const from = plan.or ? `${plan.or.a}|${plan.or.b}` : (plan.counts ?? '');
    const filterKey = `${within?.key ?? ''}\u0000${filter?.key ?? ''}\u0000${utcDay(this.now)}`;
    const shape = `c\u0000${from}\u0000${filterKey}\u0000${textSearchVersion()}`;
    return withSlotValues(
      compiledOnce(this.model, shape, () => this.countFrom(plan, marked, within)),
      filter?.values,
    );
  }

  /** A filter's shape and values (filter-sql.ts), worked out once per request; none without a filter. */
  private filterShapeOf(where: readonly FilterNode[] | undefined): FilterShape | undefined {
    if (!where?.length) return undefined;
    let shape = this.filterShapes.get(where);
    if (!shape) this.filterShapes.set(where, (shape = filterShape(this.model, where, this.now)));
    return shape;
  }

  /**
   * The count table in place for a filter's columns (grouped by `groupKey`). On PostgreSQL, reading one
   * folds the rows its combinations gathered from writes now and then (pg-count-tables.ts).
   */
  private countTableOf(where: readonly FilterNode[] | undefined, groupKey?: string): string | undefined {
    const columns = countColumnsFor(this.model, where, groupKey);
    const name = columns && trustedCountTable(this.model, columns);
    if (name && this.model.dialect === 'pg') compactWhenWritten(this.db, name, columns, this.cache.version(this.model.id));
    return name;
  }

  /**
   * The filter applied to a count table: it names only the table's columns, which hold the same values with
   * the same types, so the rows it matches are the combinations of the rows it matches in the table.
   */
  private fromCountTable(name: string, where: readonly FilterNode[] | undefined): Knex.QueryBuilder {
    const qb = this.db(name);
    if (where?.length) {
      checkWhere(this.model, where, this.now);
      applyWhere(qb, this.model, where, this.now);
    }
    return qb;
  }

  private countKey(where: readonly FilterNode[] | undefined, within?: RowSubset): string {
    return `${within?.key ?? ''}\u0000${where?.length ? printWhere(where) : ''}\u0000${utcDay(this.now)}`;
  }

  /** The cached count of a filter, when there is one (counts filtered on computed values are never cached). */
  private cachedCount(where: readonly FilterNode[] | undefined, within?: RowSubset): number | undefined {
    if (usesComputed(this.model, where)) return undefined;
    return this.cache.getCount(this.model.id, this.countKey(where, within));
  }

  /** One row by primary key, or undefined. */
  async byId(id: unknown, fields?: readonly string[]): Promise<Row | undefined> {
    const pk = this.requirePk();
    const projection = this.projection(fields);
    const [raw] = await selectRows(
      this.db,
      this.model.dialect,
      this.db(this.model.tableName).select(projection.select).where(pk.name, pkValue(pk, id)).limit(1),
    );
    return raw ? projection.decode(raw) : undefined;
  }

  async exists(id: unknown): Promise<boolean> {
    const pk = this.requirePk();
    const raw = await this.db(this.model.tableName).select(pk.name).where(pk.name, pkValue(pk, id)).first();
    return raw !== undefined;
  }

  /**
   * Distinct values of one field with their row counts: NocoDB's `groupby` (row-group-by.ts).
   * @example groupBy('Status', ...) // [{ Status: 'open', count: 3 }, ...]
   */
  groupBy(fieldKey: string, q: PageQuery): Promise<{ list: Row[]; pageInfo: PageInfo }> {
    const source: GroupBySource = {
      db: this.db,
      model: this.model,
      now: this.now,
      indexes: this.cache.indexes,
      filtered: (where) => this.filtered(where),
      countTableOf: (where, groupKey) => this.countTableOf(where, groupKey),
      fromCountTable: (name, where) => this.fromCountTable(name, where),
      filterShapeOf: (where) => this.filterShapeOf(where),
    };
    return this.gated(() => readGroupBy(source, fieldKey, q), q.where);
  }

  requirePk(): StoredField {
    const pk = this.model.pk;
    if (!pk) throw badRequest(`Table '${this.model.title}' has no primary key`);
    return pk;
  }
}

function isPkOnlyOrder(sort: readonly SortSpec[] | undefined, pk: StoredField): boolean {
  if (!sort?.length) return true;
  return sort.length === 1 && (sort[0]!.field === pk.title || sort[0]!.field === pk.name);
}
