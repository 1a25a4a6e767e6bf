/**
 * NocoDB's `groupby` on a table's rows: the distinct values of one field with their row counts, a page of
 * groups and how many groups there are. From the filter's count table when one is in place (its values bound
 * per request to a statement compiled once per shape), otherwise from the table (computed values from a
 * derived table of their keys). A short page of groups is its own count.
 */
import type { PageInfo } from '@rowbase/core/api/meta';
import { utcDay } from '@rowbase/core/filters/date-values';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { compiledOnce } from './compiled-shapes.js';
import { queryFieldOf, type QueryField } from './computed/query-field.js';
import type { DataCache } from './data-cache.js';
import { orderByField, orderWithNulls } from './field-order.js';
import { withSlotValues, type FilterShape } from './filter-sql.js';
import { isShort, pageInfoOf } from './paging.js';
import type { Row } from './row-projection.js';
import type { PageQuery } from './row-query-types.js';
import { COUNT_COLUMN, countColumnsFor } from './sqlite-count-tables.js';
import { selectCompiled, selectRows } from './sqlite-statements.js';
import { textSearchVersion } from './text-search.js';
import type { TableModel } from './table-model.js';

/** What a group-by needs of the table's reader (RowReader). */
export interface GroupBySource {
  readonly db: Knex;
  readonly model: TableModel;
  readonly now: Date;
  readonly indexes: DataCache['indexes'];
  filtered(where: readonly FilterNode[] | undefined): Knex.QueryBuilder;
  /** The count table in place for the filter's columns grouped by `groupKey`, if any. */
  countTableOf(where: readonly FilterNode[] | undefined, groupKey: string): string | undefined;
  fromCountTable(name: string, where: readonly FilterNode[] | undefined): Knex.QueryBuilder;
  filterShapeOf(where: readonly FilterNode[] | undefined): FilterShape | undefined;
}

type GroupPage = { list: Row[]; pageInfo: PageInfo };

export async function readGroupBy(src: GroupBySource, fieldKey: string, q: PageQuery): Promise<GroupPage> {
  const f = queryFieldOf(src.model, fieldKey);
  if (!f.computed) src.indexes.suggestGroupBy(src.db, src.model, q.where, fieldKey);
  if (!f.computed && !q.within) {
    src.indexes.suggestCountTable(src.db, src.model, countColumnsFor(src.model, q.where, fieldKey));
    const counts = src.countTableOf(q.where, fieldKey);
    if (counts) return groupByCountTable(src, counts, f, q);
  }
  const base = (): Knex.QueryBuilder =>
    f.computed ? src.db.from(src.filtered(q.where).select(f.selectExpr).as('rb_g')) : src.filtered(q.where);
  const qb = base().select(f.key).count({ count: '*' }).groupBy(f.key);
  const direction = directionOf(src, f, q);
  if (f.computed) orderWithNulls(qb, f.key, direction, src.model.dialect);
  else orderByField(qb, f, direction, src.model.dialect);
  const raw = await selectRows(src.db, src.model.dialect, qb.limit(q.limit).offset(q.offset));
  return groupPage(src, f, raw, q, () => base().distinct(f.key));
}

/**
 * A group-by read from a count table: the sum of the counts of the combinations the filter matches, per
 * group. Combinations whose rows were all deleted or changed keep a count of 0 and are left out.
 */
async function groupByCountTable(src: GroupBySource, name: string, f: QueryField, q: PageQuery): Promise<GroupPage> {
  const dialect = src.model.dialect;
  const groups = (where = q.where): Knex.QueryBuilder =>
    src.fromCountTable(name, where).select(f.key).groupBy(f.key).havingRaw('sum(??) > 0', [COUNT_COLUMN]);
  const direction = directionOf(src, f, q);
  const page = (where = q.where): Knex.QueryBuilder => {
    const qb = groups(where).sum({ count: COUNT_COLUMN });
    orderByField(qb, f, direction, dialect);
    return qb.limit(q.limit).offset(q.offset);
  };
  let raw: Row[];
  if (dialect === 'sqlite' || dialect === 'pg') {
    // Compiled once per shape, the filter's values bound per request (as a page's, "A warm read, step by step").
    const filter = src.filterShapeOf(q.where);
    const shape = ['g', name, f.key, filter?.key ?? '', direction, q.limit, q.offset, utcDay(src.now), textSearchVersion()].join('\u0000');
    const native = compiledOnce(src.model, shape, () => page(filter?.marked ?? q.where));
    raw = await selectCompiled(src.db, dialect, withSlotValues(native, filter?.values));
  } else raw = await selectRows(src.db, dialect, page());
  return groupPage(src, f, raw, q, () => groups());
}

/** The sort asked for the grouped field itself, ascending by default. */
function directionOf(src: GroupBySource, f: QueryField, q: PageQuery): 'asc' | 'desc' {
  return q.sort?.find((s) => queryFieldOf(src.model, s.field).key === f.key)?.direction ?? 'asc';
}

/** The page's groups decoded, and the number of groups: the page's own when short, else counted from `groups`. */
async function groupPage(
  src: GroupBySource,
  f: QueryField,
  raw: Row[],
  q: PageQuery,
  groups: () => Knex.QueryBuilder,
): Promise<GroupPage> {
  const list = raw.map((r) => ({ [f.title]: f.decode(r[f.key]), count: Number(r.count) }));
  if (isShort(list, q)) return { list, pageInfo: pageInfoOf(q.offset + list.length, q.limit, q.offset) };
  const [total] = await selectRows(src.db, src.model.dialect, src.db.from(groups().as('g')).count({ count: '*' }));
  return { list, pageInfo: pageInfoOf(Number(total?.count ?? 0), q.limit, q.offset) };
}
