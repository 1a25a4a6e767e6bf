/**
 * PostgreSQL pages whose columns include computed values (links, lookups, rollups, formulas), read at an
 * OFFSET (docs/performance.md, "Computed columns after paging").
 *
 * PostgreSQL works out a SELECT's columns for every row it hands to LIMIT, the rows that OFFSET skips
 * included: a page at offset 50,000 ran each lookup and rollup subquery 50,025 times (1.2 s at 100k rows,
 * where the page itself is a 10 ms index read). Here the page is read first with the table's own columns,
 * in a derived table named like the table, and the computed columns (which refer to the table by name) are
 * worked out for its rows only.
 */
import type { Knex } from 'knex';

/** True when a page of these columns at this offset is read in two steps (PostgreSQL only). */
export function computesAfterPaging(
  dialect: string,
  tableName: string,
  columns: readonly (string | Knex.Raw)[],
  offset: number,
): boolean {
  return dialect === 'pg' && offset > 0 && !tableName.includes('.') && columns.some((c) => typeof c !== 'string');
}

/**
 * The page's keys first, then its rows with their computed columns:
 * `select <columns> from <table> join (select <key> as rb_key from <filtered> order by … limit … offset …) as rb_k
 * on <table>.<key> = rb_k.rb_key order by …`. The keys often come from an index alone (the row-order index
 * holds `(nc_order, key)`). Without a key, the page's rows are read whole in a derived table named like the
 * table. `filtered` is the table with its filter (and joins) applied; `order` adds the ORDER BY to a query (it
 * runs on both: a derived table's order is not kept by the query around it).
 */
export function pageThenCompute(
  db: Knex,
  tableName: string,
  key: string | undefined,
  filtered: Knex.QueryBuilder,
  columns: readonly (string | Knex.Raw)[],
  order: (qb: Knex.QueryBuilder) => void,
  limit: number,
  offset: number,
): Knex.QueryBuilder {
  const inner = key ? filtered.select({ rb_key: `${tableName}.${key}` }) : filtered.select(`${tableName}.*`);
  order(inner);
  void inner.limit(limit).offset(offset);
  const outer = key
    ? db(tableName)
        .select([...columns])
        .join(inner.as('rb_k'), `${tableName}.${key}`, 'rb_k.rb_key')
    : db.select([...columns]).from(inner.as(tableName));
  order(outer);
  return outer;
}
