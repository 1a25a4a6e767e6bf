/**
 * What a row read asks for: fields, filter, sort, a subset of the rows, and a page of them. Apart from
 * row-query.ts so the modules its reads are split into (row-group-by.ts, row-order-pages.ts) need not import it.
 */
import type { SortSpec } from '@rowbase/core/filters/sort';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';

export interface RowQuery {
  /** Field titles (or names/ids) to return; all stored fields when absent. */
  fields?: readonly string[];
  where?: readonly FilterNode[];
  sort?: readonly SortSpec[];
  /** Restricts the rows (to the records linked to one record); `key` names the subset for the caches. */
  within?: RowSubset;
}

export interface RowSubset {
  key: string;
  apply(qb: Knex.QueryBuilder): void;
}

export interface PageQuery extends RowQuery {
  limit: number;
  offset: number;
}
