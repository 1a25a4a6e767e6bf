/**
 * The statements of a CSV export split by row order ranges between two reader threads (sqlite-export-split.ts,
 * docs/imports.md "Rows split between two reader threads"), built on the main thread from the table's model.
 */
import type { Knex } from 'knex';
import { isIntegerKey } from '../paging.js';
import { orderByRowOrder } from '../row-order.js';
import { cachedProjection } from '../row-projection.js';
import { sqliteParams } from '../sqlite-statements.js';
import type { TableModel } from '../table-model.js';
import type { RowOrderRangeSql } from './row-order-ranges.js';

/** What of an export's query the split looks at. */
export interface SplitQuery {
  fields?: readonly string[];
  where?: readonly unknown[];
  sort?: readonly unknown[];
  within?: unknown;
}

/**
 * The statements, and about how many rows the table holds (its key span). Undefined when the query filters,
 * sorts or is a subset, the table has no row order or integer key, the key span is under `minRows`, or the ranges
 * would not be read from the row order index.
 */
export async function rowOrderSplitSql(
  db: Knex,
  model: TableModel,
  q: SplitQuery,
  minRows: number,
): Promise<{ sql: RowOrderRangeSql; rows: number } | undefined> {
  const { rowOrder: order, pk, tableName } = model;
  if (q.where?.length || q.sort?.length || q.within || !order || !pk || !isIntegerKey(pk)) return undefined;
  const { select } = cachedProjection(db, model, q.fields);
  const part = (raw: string) => {
    const names = raw.split('??').slice(1).map(() => order.name);
    const qb = db(tableName)
      .select([...select])
      .whereRaw(raw, names);
    orderByRowOrder(qb, order, pk, model.dialect);
    return qb.toSQL().toNative();
  };
  const nulls = part('?? is null');
  const between = part('?? >= @lo and ?? < @hi');
  const from = part('?? >= @lo');
  const span = [`min(??)`, `max(??)`, `min(??)`, `max(??)`].map((f) => `(select ${f} from ??)`).join(', ');
  const names = [order.name, order.name, pk.name, pk.name].flatMap((n) => [n, tableName]);
  const bounds = db.raw(`select ${span}`, names).toSQL().toNative().sql;
  const ends = Object.values(((await db.raw(bounds)) as Record<string, number | null>[])[0] ?? {});
  const [first, last] = ends.slice(2);
  const rows = typeof first === 'number' && typeof last === 'number' ? last - first + 1 : 0;
  if (rows < minRows) return undefined;
  // Each range must be a search of the (row order, key) index, not a scan of the table.
  const plan = (await db.raw(`explain query plan ${between.sql.replace(/@lo|@hi/g, '0')}`, between.bindings)) as {
    detail: string;
  }[];
  if (!plan.some((p) => /^SEARCH .* USING (COVERING )?INDEX/.test(p.detail))) return undefined;
  const params = sqliteParams(nulls.bindings as unknown[]);
  return { sql: { nulls: nulls.sql, between: between.sql, from: from.sql, bounds, params }, rows };
}
