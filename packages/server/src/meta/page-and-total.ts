/**
 * One page of a meta list and how many rows the whole list has, read in one statement so that both come from
 * one snapshot (docs/architecture.md, "A page and its total"): two statements on two pooled connections could
 * list a row written meanwhile and leave it out of the total, or the other way round.
 */
import type { Knex } from 'knex';
import { toNum } from './rows.js';

type Row = Record<string, unknown>;

/** The column that carries the total on each row of the page; it is removed before the rows are returned. */
const TOTAL = 'rb_page_total';

export interface PageSpec {
  limit: number;
  offset: number;
  /** The page's order; it should end on a unique column so that pages do not overlap. */
  order: { column: string; order?: 'asc' | 'desc' }[];
  /** The columns to read; every column when absent. */
  columns?: string[];
}

/**
 * `filtered` must build a new query each time it is called (the page's statement counts the same rows in a
 * scalar subquery, which the databases evaluate once per statement).
 */
export async function pageAndTotal(
  filtered: () => Knex.QueryBuilder,
  page: PageSpec,
): Promise<{ rows: Row[]; total: number }> {
  const rows = (await filtered()
    .select(...(page.columns ?? ['*']), filtered().count({ n: '*' }).as(TOTAL))
    .orderBy(page.order)
    .limit(page.limit)
    .offset(page.offset)) as Row[];
  if (rows.length === 0) {
    // An empty first page is an empty list in that snapshot. Past the end no row carries the total, and it is
    // read on its own.
    if (page.offset === 0) return { rows, total: 0 };
    const counted = (await filtered().count({ n: '*' })) as { n: unknown }[];
    return { rows, total: toNum(counted[0]?.n ?? 0) };
  }
  const total = toNum(rows[0]![TOTAL]);
  for (const row of rows) delete row[TOTAL];
  return { rows, total };
}
