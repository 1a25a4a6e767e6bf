/**
 * Deep pages in row order (docs/performance.md, "Deep pages in row order"): a page far into a table sorted by
 * its row order is read from the (nc_order, pk) index, on from the remembered position of the row just before
 * it, or of a page near it, instead of reading every row before it. Statements compiled once per shape on
 * SQLite and PostgreSQL, the request's filter values, seek point and skip bound to their slots.
 */
import { utcDay } from '@rowbase/core/filters/date-values';
import { printWhere, type FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { compiledOnce, compiledWithOffsetSlot } from './compiled-shapes.js';
import type { DataCache } from './data-cache.js';
import { FilterSlot, withSlotValues, type FilterShape } from './filter-sql.js';
import { MAX_LIMIT } from './paging.js';
import type { Row } from './row-projection.js';
import type { PageQuery, RowSubset } from './row-query-types.js';
import { afterRowOrder, orderByRowOrder } from './row-order.js';
import { selectCompiled, selectRows, type NativeQuery } from './sqlite-statements.js';
import { textSearchVersion } from './text-search.js';
import type { TableModel } from './table-model.js';

/** What a row-order page needs of the table's reader (RowReader). */
export interface RowOrderSource {
  readonly db: Knex;
  readonly model: TableModel;
  readonly now: Date;
  readonly cache: Pick<DataCache, 'version' | 'getSeek' | 'nearestSeek' | 'setSeek'>;
  filtered(where: readonly FilterNode[] | undefined, within: RowSubset | undefined): Knex.QueryBuilder;
  /** A page read with LIMIT/OFFSET from a filtered table (RowReader's, which knows PostgreSQL's computed columns). */
  offsetPage(
    filtered: Knex.QueryBuilder,
    columns: readonly (string | Knex.Raw)[],
    order: (qb: Knex.QueryBuilder) => void,
    limit: number,
    offset: number,
  ): Knex.QueryBuilder;
  filterShapeOf(where: readonly FilterNode[] | undefined): FilterShape | undefined;
}

/**
 * A deep page in row order, read from the (nc_order, pk) index: from the remembered position of the row
 * just before `offset` when known, else with OFFSET (reading that row too, to remember its position).
 */
export async function rowOrderPage(src: RowOrderSource, q: PageQuery, columns: (string | Knex.Raw)[]): Promise<Row[]> {
  const pk = src.model.pk!;
  const order = src.model.rowOrder!;
  const dialect = src.model.dialect;
  const key = `o\u0000${q.within?.key ?? ''}\u0000${q.where?.length ? printWhere(q.where) : ''}\u0000${utcDay(src.now)}`;
  const selected = columns.includes(order.name) ? columns : [...columns, order.name];
  const qb = () => {
    const b = src.filtered(q.where, q.within).select(selected);
    orderByRowOrder(b, order, pk, dialect);
    return b;
  };
  const version = src.cache.version(src.model.id);
  const at = src.cache.getSeek(src.model.id, key, q.offset) as [number, unknown] | undefined;
  let raw: Row[];
  // SQLite and PostgreSQL: a first visit near a page seen before reads on from that page's seek point
  // (docs/performance.md, "Deep pages in row order").
  const near = at || dialect === 'mysql' ? undefined : src.cache.nearestSeek(src.model.id, key, q.offset, MAX_LIMIT);
  const seek = dialect === 'mysql' ? undefined : compiledSeek(src, q, selected, at ? 'at' : near ? 'near' : undefined);
  if (at) {
    if (seek) raw = await selectCompiled(src.db, dialect as 'sqlite' | 'pg', seek([...at]));
    else {
      const b = qb();
      afterRowOrder(b, order, pk, dialect, at);
      raw = await selectRows(src.db, dialect, b.limit(q.limit));
    }
  } else if (near) {
    // The seek point of offset o is the row just before it: the page's row before it is q.offset - 1 - o on.
    const skip = q.offset - 1 - near.offset;
    const point = near.value as [number, unknown];
    raw = seek
      ? await selectCompiled(src.db, dialect as 'sqlite' | 'pg', seek([...point, skip]))
      : await selectRows(src.db, dialect, nearRowOrderPage(src, q, selected, point, skip));
    const first = raw.shift();
    if (first) rememberRowOrder(src, key, q.offset, first, version);
  } else {
    raw = await selectRows(src.db, dialect, deepRowOrderPage(src, q, selected, qb()));
    const first = raw.shift();
    if (first) rememberRowOrder(src, key, q.offset, first, version);
  }
  const last = raw[raw.length - 1];
  if (last && raw.length === q.limit) rememberRowOrder(src, key, q.offset + q.limit, last, version);
  return raw;
}

/**
 * A page read on from a seek point: exactly at it (`at`: `limit` rows after it) or `skip` rows after it
 * (`near`). On PostgreSQL, computed columns for the page's rows only, not for the rows skipped (pg-paging.ts).
 */
function nearRowOrderPage(
  src: RowOrderSource,
  q: PageQuery,
  selected: readonly (string | Knex.Raw)[],
  point: readonly [unknown, unknown],
  skip: number | undefined,
  where: readonly FilterNode[] | undefined = q.where,
): Knex.QueryBuilder {
  const pk = src.model.pk!;
  const order = src.model.rowOrder!;
  const dialect = src.model.dialect;
  const filtered = src.filtered(where, q.within);
  afterRowOrder(filtered, order, pk, dialect, point);
  const byOrder = (b: Knex.QueryBuilder) => orderByRowOrder(b, order, pk, dialect);
  if (skip === undefined) {
    const b = filtered.select([...selected]);
    byOrder(b);
    return b.limit(q.limit);
  }
  return src.offsetPage(filtered, selected, byOrder, q.limit + 1, skip);
}

/**
 * SQLite and PostgreSQL: a seek page's statement compiled once per shape (docs/performance.md, "Deep pages
 * compiled once"); the request's filter values, seek point and skip are bound to its slots. Undefined when
 * the statement cannot be kept so (the caller builds it each time, as before).
 */
function compiledSeek(
  src: RowOrderSource,
  q: PageQuery,
  selected: readonly (string | Knex.Raw)[],
  kind: 'at' | 'near' | undefined,
): ((values: unknown[]) => NativeQuery) | undefined {
  if (!kind) return undefined;
  const filter = src.filterShapeOf(q.where);
  const where = filter?.marked ?? q.where;
  const n = filter?.values.length ?? 0;
  const point = [new FilterSlot(n), new FilterSlot(n + 1)] as const;
  const shape = [
    `seek-${kind}`,
    q.within?.key ?? '',
    (q.fields ?? []).join('\u0001'),
    filter ? filter.key : '',
    q.limit,
    utcDay(src.now),
    textSearchVersion(),
  ].join('\u0000');
  const native =
    kind === 'at'
      ? compiledOnce(src.model, shape, () => nearRowOrderPage(src, q, selected, point, undefined, where))
      : compiledWithOffsetSlot(src.model, shape, n + 2, (skip) => nearRowOrderPage(src, q, selected, point, skip, where));
  return native && ((values) => withSlotValues(native, [...(filter?.values ?? []), ...values]));
}

function deepRowOrderPage(
  src: RowOrderSource,
  q: PageQuery,
  selected: (string | Knex.Raw)[],
  qb: Knex.QueryBuilder,
): Knex.QueryBuilder {
  const pk = src.model.pk!;
  if (src.model.dialect === 'pg') {
    const order = (b: Knex.QueryBuilder) => orderByRowOrder(b, src.model.rowOrder!, pk, 'pg');
    return src.offsetPage(src.filtered(q.where, q.within), selected, order, q.limit + 1, q.offset - 1);
  }
  if (src.model.dialect !== 'mysql') return qb.limit(q.limit + 1).offset(q.offset - 1);
  const keys = src.filtered(q.where, q.within).select({ rb_key: pk.name });
  orderByRowOrder(keys, src.model.rowOrder!, pk, 'mysql');
  void keys.limit(q.limit + 1).offset(q.offset - 1);
  const page = src.db(src.model.tableName)
    .select(selected)
    .join(keys.as('rb_k'), `${src.model.tableName}.${pk.name}`, 'rb_k.rb_key');
  orderByRowOrder(page, src.model.rowOrder!, pk, 'mysql');
  return page;
}

/** Keeps a row's (order, key) as the seek point of `offset`; an empty order cannot be sought from. */
function rememberRowOrder(src: RowOrderSource, key: string, offset: number, raw: Row, version: number): void {
  const o = raw[src.model.rowOrder!.name];
  if (o === null || o === undefined) return;
  src.cache.setSeek(src.model.id, key, offset, [Number(o), raw[src.model.pk!.name]], version);
}

