/**
 * ARRAYUNIQUE / ARRAYSORT / ARRAYCOMPACT / ARRAYSLICE over a JSON array (a lookup's values), per dialect:
 * the array is unnested with its positions, filtered or ordered, and aggregated back. An empty or blank
 * array gives `[]`. The sort direction is a keyword chosen from a fixed pair.
 */
import { type CallContext, type FunctionCompiler, result } from '../dialect.js';
import type { Sql } from '../sql-kit.js';

type Direction = 'ASC' | 'DESC';
const direction = (ctx: CallContext): Direction =>
  String(ctx.literal(1) ?? 'asc').toLowerCase() === 'desc' ? 'DESC' : 'ASC';

/**
 * Builds the four functions from one dialect's pieces: `elements(x, alias)` is a FROM item named `alias`
 * with columns `o` (position from 1) and `v` (the element), `aggregate(order)` the JSON array of `v` in that
 * order. No derived tables: MariaDB cannot correlate them with the outer row.
 */
export function arrayFunctions(p: {
  elements: (ctx: CallContext, x: Sql, alias: string) => Sql;
  aggregate: (order: string) => string;
  /** ORDER BY text sorting elements by value (numbers numerically). */
  byValue: (dir: Direction) => string;
  notBlank: string;
}): Record<string, FunctionCompiler> {
  const from = (ctx: CallContext, alias = 'rb_e') => p.elements(ctx, ctx.value(0), alias);
  return {
    ARRAYUNIQUE: (ctx) => {
      const earlier = ctx.sql`NOT EXISTS (SELECT 1 FROM ${from(ctx, 'rb_p')} WHERE rb_p.v = rb_e.v AND rb_p.o < rb_e.o)`;
      return result(ctx.kit.knex.raw(`(SELECT ${p.aggregate('o')} FROM ? WHERE ?)`, [from(ctx), earlier]), 'json');
    },
    ARRAYSORT: (ctx) =>
      result(ctx.kit.knex.raw(`(SELECT ${p.aggregate(p.byValue(direction(ctx)))} FROM ?)`, [from(ctx)]), 'json'),
    ARRAYCOMPACT: (ctx) =>
      result(ctx.kit.knex.raw(`(SELECT ${p.aggregate('o')} FROM ? WHERE ${p.notBlank})`, [from(ctx)]), 'json'),
    ARRAYSLICE: (ctx) => {
      const end = ctx.args.length > 2 ? ctx.int(2) : null;
      const where = end ? ctx.sql`o >= ${ctx.int(1)} AND o <= ${end}` : ctx.sql`o >= ${ctx.int(1)}`;
      return result(ctx.kit.knex.raw(`(SELECT ${p.aggregate('o')} FROM ? WHERE ?)`, [from(ctx), where]), 'json');
    },
  };
}

export const jsonArrayFunctionsPg = arrayFunctions({
  elements: (ctx, x, alias) =>
    ctx.kit.knex.raw(`JSONB_ARRAY_ELEMENTS(CAST(? AS jsonb)) WITH ORDINALITY AS ${alias}(v, o)`, [x]),
  aggregate: (order) => `COALESCE(JSONB_AGG(v ORDER BY ${order}), CAST('[]' AS jsonb))`,
  byValue: (dir) => `v ${dir}`,
  notBlank: `v <> CAST('null' AS jsonb) AND v <> CAST('""' AS jsonb)`,
});

export const jsonArrayFunctionsSqlite = arrayFunctions({
  elements: (ctx, x, alias) =>
    ctx.kit.knex.raw(
      `(SELECT "key" + 1 AS o, CASE WHEN type IN ('object', 'array') THEN json(value) ELSE value END AS v, type AS t FROM json_each(?)) AS ${alias}`,
      [x],
    ),
  aggregate: (order) => `json_group_array(v ORDER BY ${order})`,
  byValue: (dir) => `v ${dir}`,
  notBlank: `t <> 'null' AND NOT (t = 'text' AND v = '')`,
});

export const jsonArrayFunctionsMysql = arrayFunctions({
  elements: (ctx, x, alias) =>
    ctx.kit.knex.raw(`JSON_TABLE(?, '$[*]' COLUMNS (o FOR ORDINALITY, v JSON PATH '$')) AS ${alias}`, [x]),
  aggregate: (order) => `COALESCE(CONCAT('[', GROUP_CONCAT(v ORDER BY ${order} SEPARATOR ','), ']'), '[]')`,
  byValue: (dir) =>
    `(CASE WHEN JSON_TYPE(v) IN ('INTEGER', 'DOUBLE', 'DECIMAL') THEN 0 ELSE 1 END) ${dir}, CAST(v AS DOUBLE) ${dir}, v ${dir}`,
  notBlank: `JSON_TYPE(v) <> 'NULL' AND CAST(v AS CHAR) <> '""'`,
});
