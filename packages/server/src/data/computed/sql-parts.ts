/**
 * The per-dialect SQL pieces computed fields need beyond the formula compiler: JSON array aggregates (hm/mm
 * lookups), JSON objects (belongs-to records), and a text form of date results. Only fixed SQL text lives
 * here; values and identifiers are bound.
 */
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { Knex } from 'knex';

/**
 * `[v, ...]` of the rows a subquery reads, ordered, `[]` when there are none.
 * @example jsonArrayAgg(db, 'pg', db.raw('??', ['l1.title']), [db.raw('??', ['l1.id'])])
 *   // COALESCE(json_agg("l1"."title" ORDER BY "l1"."id"), '[]'::json)
 */
export function jsonArrayAgg(
  db: Knex,
  dialect: Dialect,
  value: Knex.Raw,
  order: readonly Knex.Raw[],
): Knex.Raw {
  const by = order.length ? ` ORDER BY ${order.map(() => '?').join(', ')}` : '';
  switch (dialect) {
    case 'pg':
      return db.raw(`COALESCE(json_agg(?${by}), CAST('[]' AS json))`, [value, ...order]);
    case 'mysql':
      return db.raw(`COALESCE(JSON_ARRAYAGG(?${by}), JSON_ARRAY())`, [value, ...order]);
    case 'sqlite':
      return db.raw(`json_group_array(?${by})`, [value, ...order]);
    default:
      throw new Error(`Lookups of many records are not supported on ${dialect} yet`);
  }
}

/** A JSON object from fixed keys (bound) and value expressions. */
export function jsonObject(db: Knex, dialect: Dialect, entries: readonly [string, Knex.Raw][]): Knex.Raw {
  const fn = dialect === 'pg' ? 'json_build_object' : dialect === 'mysql' ? 'JSON_OBJECT' : 'json_object';
  // PostgreSQL cannot type a bare parameter: keys are bound as text.
  const key = dialect === 'pg' ? 'CAST(? AS text)' : '?';
  const sql = entries.map(() => `${key}, ?`).join(', ');
  return db.raw(
    `${fn}(${sql})`,
    entries.flatMap(([k, v]) => [k, v]),
  );
}

/** A date or datetime expression as 'YYYY-MM-DD HH:mm:ss' text, the same on every engine. */
export function dateText(db: Knex, dialect: Dialect, value: Knex.Raw): Knex.Raw {
  if (dialect === 'pg') return db.raw(`to_char(?, 'YYYY-MM-DD HH24:MI:SS')`, [value]);
  if (dialect === 'mysql') return db.raw(`DATE_FORMAT(?, '%Y-%m-%d %H:%i:%s')`, [value]);
  return db.raw(`strftime('%Y-%m-%d %H:%M:%S', ?)`, [value]);
}

/** The SQL of a rollup function over a value expression: counts and sums are never blank. */
export function aggregateSql(db: Knex, fn: string, value: Knex.Raw): Knex.Raw {
  switch (fn) {
    case 'count':
      return db.raw('COUNT(?)', [value]);
    case 'countDistinct':
      return db.raw('COUNT(DISTINCT ?)', [value]);
    case 'sum':
      return db.raw('COALESCE(SUM(?), 0)', [value]);
    case 'sumDistinct':
      return db.raw('COALESCE(SUM(DISTINCT ?), 0)', [value]);
    case 'avg':
      return db.raw('AVG(?)', [value]);
    case 'avgDistinct':
      return db.raw('AVG(DISTINCT ?)', [value]);
    case 'min':
      return db.raw('MIN(?)', [value]);
    case 'max':
      return db.raw('MAX(?)', [value]);
    default:
      throw new Error(`Unknown rollup function ${fn}`);
  }
}
