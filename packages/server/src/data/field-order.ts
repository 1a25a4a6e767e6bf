/** ORDER BY a field the way every dialect agrees on (docs/behaviour/views.md). */
import { selectOptions } from '@rowbase/core/fields/col-options';
import type { Knex } from 'knex';
import type { QueryField } from './computed/query-field.js';

/**
 * Empty values sort as the smallest on every dialect (first ascending, last descending), as SQLite and MySQL
 * do by themselves; PostgreSQL is told so.
 */
/** Orders by a field: select fields in the order of their options, the rest by value (empty smallest). */
export function orderByField(qb: Knex.QueryBuilder, f: QueryField, direction: 'asc' | 'desc', dialect: string): void {
  const options = selectOptions(f.column)?.options;
  if (f.kind === 'select' && Array.isArray(options) && options.length) {
    const whens = options.map((_, i) => `when ?? = ? then ${i}`).join(' ');
    const bindings = options.flatMap((o) => [f.expr, o.title]);
    void qb.orderByRaw(`case when ?? is null then -1 ${whens} else ${options.length} end ${direction}`, [
      f.expr,
      ...bindings,
    ]);
    return;
  }
  orderWithNulls(qb, f.expr, direction, dialect);
}

export function orderWithNulls(
  qb: Knex.QueryBuilder,
  column: string | Knex.Raw,
  direction: 'asc' | 'desc',
  dialect: string,
): void {
  if (typeof column !== 'string') {
    const nulls = dialect === 'pg' ? (direction === 'asc' ? ' nulls first' : ' nulls last') : '';
    void qb.orderByRaw(`? ${direction}${nulls}`, [column]);
  } else if (dialect === 'pg') void qb.orderBy(column, direction, direction === 'asc' ? 'first' : 'last');
  else void qb.orderBy(column, direction);
}
