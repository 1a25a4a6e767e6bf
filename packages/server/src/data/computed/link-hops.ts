/**
 * How a link field reaches the related records, as SQL joins: has-many joins the child on its foreign key,
 * belongs-to joins the parent on the record's foreign key, many-to-many joins the junction table and then
 * the related table. A chain of links (lookups of lookups) is these joins one after another; the first
 * join's condition becomes the WHERE that correlates the subquery with the outer row.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { badRequest } from '@rowbase/core/errors';
import { linkOptions } from '@rowbase/core/fields/col-options';
import type { Knex } from 'knex';
import type { TableModel } from '../table-model.js';

export interface Join {
  table: string;
  alias: string;
  /** The join condition (for the first join of a subquery: its correlation with the outer row). */
  on: Knex.Raw;
}

export interface Hop {
  joins: Join[];
  /** The alias of the related table's rows. */
  alias: string;
  model: TableModel;
  /** Whether the hop can reach several records (hm, mm). */
  many: boolean;
}

/** What a hop needs: other tables of the source and fresh aliases. */
export interface HopEnv {
  db: Knex;
  tableOf(id: string): TableModel;
  nextAlias(): string;
}

function columnName(model: TableModel, id: string): string {
  const f = model.fields.find((x) => x.column.id === id);
  if (!f?.name) throw new Error(`Column ${id} of a link is missing from table '${model.title}'`);
  return f.name;
}

/** The joins from the rows of `model` (aliased `from`) to the records its link field `link` points at. */
export function hopOf(env: HopEnv, model: TableModel, link: ColumnMeta, from: string): Hop {
  const o = linkOptions(link);
  if (!o) throw badRequest(`Field '${link.title}' is not a link`);
  const related = env.tableOf(o.fk_related_model_id);
  const alias = env.nextAlias();
  const eq = (a: string, b: string) => env.db.raw('?? = ??', [a, b]);
  switch (o.type) {
    case 'hm': {
      const fk = columnName(related, o.fk_child_column_id);
      const pk = columnName(model, o.fk_parent_column_id);
      const on = eq(`${alias}.${fk}`, `${from}.${pk}`);
      return { joins: [{ table: related.tableName, alias, on }], alias, model: related, many: true };
    }
    case 'bt':
    case 'oo': {
      const fk = columnName(model, o.fk_child_column_id);
      const pk = columnName(related, o.fk_parent_column_id);
      const on = eq(`${alias}.${pk}`, `${from}.${fk}`);
      return { joins: [{ table: related.tableName, alias, on }], alias, model: related, many: false };
    }
    case 'mm': {
      const junction = env.tableOf(o.fk_mm_model_id!);
      const j = env.nextAlias();
      const mine = columnName(junction, o.fk_mm_child_column_id!);
      const theirs = columnName(junction, o.fk_mm_parent_column_id!);
      const myPk = columnName(model, o.fk_child_column_id);
      const theirPk = columnName(related, o.fk_parent_column_id);
      return {
        joins: [
          { table: junction.tableName, alias: j, on: eq(`${j}.${mine}`, `${from}.${myPk}`) },
          { table: related.tableName, alias, on: eq(`${alias}.${theirPk}`, `${j}.${theirs}`) },
        ],
        alias,
        model: related,
        many: true,
      };
    }
    default:
      throw new Error(`Unknown relation type ${String(o.type)}`);
  }
}

/**
 * `(SELECT <select> FROM <first join> JOIN ... WHERE <first condition>)` over a chain of hops.
 * @example subquery(db, hops, db.raw('count(*)'))
 */
export function subquery(db: Knex, hops: readonly Hop[], select: Knex.Raw): Knex.Raw {
  const joins = hops.flatMap((h) => h.joins);
  const [first, ...rest] = joins;
  if (!first) throw new Error('A link subquery needs at least one join');
  const parts: unknown[] = [select, `${first.table} as ${first.alias}`];
  let sql = '(SELECT ? FROM ??';
  for (const j of rest) {
    sql += ' JOIN ?? ON ?';
    parts.push(`${j.table} as ${j.alias}`, j.on);
  }
  sql += ' WHERE ?)';
  parts.push(first.on);
  return db.raw(sql, parts as Knex.RawBinding[]);
}

/** The primary-key expressions of each hop's rows, to order aggregated values the same way every time. */
export function hopOrder(db: Knex, hops: readonly Hop[]): Knex.Raw[] {
  return hops.map((h) => {
    const pk = h.model.pk;
    return db.raw('??', [`${h.alias}.${pk?.name ?? 'id'}`]);
  });
}
