/** Snowflake (SQL generation; no server runs in tests). Lookups arrive as ARRAY values. */
import { COMMON_FUNCTIONS, availableIn } from '../common-functions.js';
import { type FormulaSqlDialect, result } from '../dialect.js';
import { DATE_PARTS, DIFF_PARTS, dateAddUnit, diffUnit, weekdayOffset } from '../date-units.js';


export const snowflakeDialect: FormulaSqlDialect = {
  name: 'snowflake',
  conditionsAreValues: true,
  realBooleans: true,
  emptyStringIsNull: false,
  ceil: 'CEIL',
  num: (kit, v) => kit.bind(v),
  str: (kit, v) => kit.bind(v),
  bool: (kit, v) => kit.text(v ? 'TRUE' : 'FALSE'),
  date: (kit, iso) => kit.bind(iso, 'TO_TIMESTAMP_NTZ(?)'),
  toText: (kit, x) => kit.sql`TO_VARCHAR(${x})`,
  toInt: (kit, x) => kit.sql`CAST(${x} AS INTEGER)`,
  toNumeric: (_kit, x) => x,
  concat: (kit, parts) => kit.sql`(${kit.join(parts.map((p) => kit.sql`COALESCE(${p}, '')`), ' || ')})`,
  mod: (kit, a, b) => kit.sql`MOD(${a}, ${b})`,
  functions: availableIn('snowflake', {
    ...COMMON_FUNCTIONS,
    VALUE: (ctx) =>
      result(ctx.sql`TRY_TO_DOUBLE(REGEXP_REPLACE(${ctx.text(0)}, ${ctx.dialect.str(ctx.kit, '[^0-9.-]')}, ''))`, 'numeric'),
    SEARCH: (ctx) => result(ctx.sql`POSITION(${ctx.text(1)}, ${ctx.text(0)})`, 'numeric'),
    REGEX_MATCH: (ctx) => result(ctx.sql`(REGEXP_INSTR(${ctx.text(0)}, ${ctx.text(1)}) > 0)`, 'boolean', true),
    REGEX_EXTRACT: (ctx) => result(ctx.sql`REGEXP_SUBSTR(${ctx.text(0)}, ${ctx.text(1)})`, 'string'),
    REGEX_REPLACE: (ctx) => result(ctx.sql`REGEXP_REPLACE(${ctx.text(0)}, ${ctx.text(1)}, ${ctx.text(2)})`, 'string'),
    NOW: (ctx) => result(ctx.kit.text('SYSDATE()'), 'date'),
    DATEADD: (ctx) =>
      result(ctx.kit.knex.raw(`DATEADD(${DATE_PARTS[dateAddUnit(ctx)]}, ?, ?)`, [ctx.num(1), ctx.date(0)]), 'date'),
    DATETIME_DIFF: (ctx) =>
      result(ctx.kit.knex.raw(`DATEDIFF(${DIFF_PARTS[diffUnit(ctx)]}, ?, ?)`, [ctx.date(1), ctx.date(0)]), 'numeric'),
    WEEKDAY: (ctx) =>
      result(
        ctx.sql`MOD(DAYOFWEEKISO(${ctx.date(0)}) - 1 + ${ctx.dialect.num(ctx.kit, weekdayOffset(ctx))}, 7)`,
        'numeric',
      ),
    DAY: (ctx) => result(ctx.sql`DAY(${ctx.date(0)})`, 'numeric'),
    MONTH: (ctx) => result(ctx.sql`MONTH(${ctx.date(0)})`, 'numeric'),
    YEAR: (ctx) => result(ctx.sql`YEAR(${ctx.date(0)})`, 'numeric'),
    HOUR: (ctx) => result(ctx.sql`HOUR(${ctx.date(0)})`, 'numeric'),
    JSON_EXTRACT: (ctx) => {
      // Snowflake paths have no leading `$` / `$.`: `$.a.b[0]` is `a.b[0]` (validated shape, still bound).
      const path = String(ctx.literal(1)).replace(/^\$\.?/, '');
      return result(ctx.sql`JSON_EXTRACT_PATH_TEXT(${ctx.value(0)}, ${ctx.dialect.str(ctx.kit, path)})`, 'string');
    },
    ARRAYUNIQUE: (ctx) => result(ctx.sql`ARRAY_DISTINCT(${ctx.value(0)})`, 'json'),
    ARRAYSORT: (ctx) => {
      const asc = String(ctx.literal(1) ?? 'asc').toLowerCase() !== 'desc';
      return result(ctx.kit.knex.raw(`ARRAY_SORT(?, ${asc ? 'TRUE' : 'FALSE'})`, [ctx.value(0)]), 'json');
    },
    ARRAYCOMPACT: (ctx) => result(ctx.sql`ARRAY_COMPACT(${ctx.value(0)})`, 'json'),
    ARRAYSLICE: (ctx) => {
      const end = ctx.args.length > 2 ? ctx.int(2) : ctx.sql`ARRAY_SIZE(${ctx.value(0)})`;
      return result(ctx.sql`ARRAY_SLICE(${ctx.value(0)}, ${ctx.int(1)} - 1, ${end})`, 'json');
    },
  }),
};
