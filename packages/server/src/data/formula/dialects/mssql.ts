/** Microsoft SQL Server 2017+ (SQL generation; no server runs in tests). Conditions are not values here. */
import { COMMON_FUNCTIONS, availableIn } from '../common-functions.js';
import { type FormulaSqlDialect, type FunctionCompiler, result } from '../dialect.js';
import { DATE_PARTS, DIFF_PARTS, dateAddUnit, diffUnit, weekdayOffset } from '../date-units.js';
import { arrayFunctions } from './json-arrays.js';


/** MIN / MAX over a VALUES list: ignores NULLs, works before GREATEST/LEAST existed (2022). */
const valuesAggregate =
  (fn: 'MIN' | 'MAX'): FunctionCompiler =>
  (ctx) => {
    const rows = ctx.kit.join(
      ctx.args.map((_, i) => ctx.sql`(${ctx.num(i)})`),
      ', ',
    );
    return result(ctx.kit.knex.raw(`(SELECT ${fn}(v) FROM (VALUES ?) AS t(v))`, [rows]), 'numeric');
  };


export const mssqlDialect: FormulaSqlDialect = {
  name: 'mssql',
  conditionsAreValues: false,
  realBooleans: false,
  emptyStringIsNull: false,
  ceil: 'CEILING',
  num: (kit, v) => kit.bind(v),
  str: (kit, v) => kit.bind(v),
  bool: (kit, v) => kit.text(v ? '1' : '0'),
  date: (kit, iso) => kit.bind(iso, 'CAST(? AS DATETIME2)'),
  toText: (kit, x) => kit.sql`CAST(${x} AS NVARCHAR(MAX))`,
  toInt: (kit, x) => kit.sql`CAST(${x} AS INT)`,
  toNumeric: (_kit, x) => x,
  concat: (kit, parts) => {
    const coalesced = parts.map((p) => kit.sql`COALESCE(${p}, '')`);
    return coalesced.length === 1 ? coalesced[0]! : kit.sql`CONCAT(${kit.join(coalesced, ', ')})`;
  },
  mod: (kit, a, b) => kit.sql`(${a} % ${b})`,
  functions: availableIn('mssql', {
    ...COMMON_FUNCTIONS,
    MIN: valuesAggregate('MIN'),
    MAX: valuesAggregate('MAX'),
    INT: (ctx) => result(ctx.sql`ROUND(${ctx.num(0)}, 0, 1)`, 'numeric'),
    LOG: (ctx) =>
      result(ctx.args.length === 1 ? ctx.sql`LOG(${ctx.num(0)})` : ctx.sql`LOG(${ctx.num(1)}, ${ctx.num(0)})`, 'numeric'),
    TRIM: (ctx) => result(ctx.sql`LTRIM(RTRIM(${ctx.text(0)}))`, 'string'),
    LEN: (ctx) => result(ctx.sql`(LEN(${ctx.text(0)} + N'x') - 1)`, 'numeric'),
    REPEAT: (ctx) => result(ctx.sql`REPLICATE(${ctx.text(0)}, ${ctx.int(1)})`, 'string'),
    SUBSTR: (ctx) =>
      result(
        ctx.args.length > 2
          ? ctx.sql`SUBSTRING(${ctx.text(0)}, ${ctx.int(1)}, ${ctx.int(2)})`
          : ctx.sql`SUBSTRING(${ctx.text(0)}, ${ctx.int(1)}, LEN(${ctx.text(0)} + N'x'))`,
        'string',
      ),
    MID: (ctx) => result(ctx.sql`SUBSTRING(${ctx.text(0)}, ${ctx.int(1)}, ${ctx.int(2)})`, 'string'),
    SEARCH: (ctx) => result(ctx.sql`CHARINDEX(${ctx.text(1)}, ${ctx.text(0)})`, 'numeric'),
    NOW: (ctx) => result(ctx.kit.text('SYSUTCDATETIME()'), 'date'),
    DATEADD: (ctx) =>
      result(ctx.kit.knex.raw(`DATEADD(${DATE_PARTS[dateAddUnit(ctx)]}, ?, ?)`, [ctx.int(1), ctx.date(0)]), 'date'),
    DATETIME_DIFF: (ctx) =>
      result(ctx.kit.knex.raw(`DATEDIFF_BIG(${DIFF_PARTS[diffUnit(ctx)]}, ?, ?)`, [ctx.date(1), ctx.date(0)]), 'numeric'),
    WEEKDAY: (ctx) =>
      result(
        ctx.sql`(((DATEPART(WEEKDAY, ${ctx.date(0)}) + @@DATEFIRST + 5) % 7 + ${ctx.dialect.num(ctx.kit, weekdayOffset(ctx))}) % 7)`,
        'numeric',
      ),
    DAY: (ctx) => result(ctx.sql`DAY(${ctx.date(0)})`, 'numeric'),
    MONTH: (ctx) => result(ctx.sql`MONTH(${ctx.date(0)})`, 'numeric'),
    YEAR: (ctx) => result(ctx.sql`YEAR(${ctx.date(0)})`, 'numeric'),
    HOUR: (ctx) => result(ctx.sql`DATEPART(HOUR, ${ctx.date(0)})`, 'numeric'),
    JSON_EXTRACT: (ctx) => result(ctx.sql`JSON_VALUE(${ctx.value(0)}, ${ctx.text(1)})`, 'string'),
    ...arrayFunctions({
      elements: (ctx, x, alias) =>
        ctx.kit.knex.raw(
          `(SELECT CAST([key] AS INT) + 1 AS o, CASE [type] WHEN 0 THEN 'null' WHEN 1 THEN '"' + STRING_ESCAPE([value], 'json') + '"' ELSE [value] END AS v, [type] AS t, [value] AS raw FROM OPENJSON(?)) AS ${alias}`,
          [x],
        ),
      aggregate: (order) => `'[' + COALESCE(STRING_AGG(v, ',') WITHIN GROUP (ORDER BY ${order}), '') + ']'`,
      byValue: (dir) => `(CASE WHEN t = 2 THEN 0 ELSE 1 END) ${dir}, TRY_CAST(raw AS FLOAT) ${dir}, v ${dir}`,
      notBlank: `t <> 0 AND NOT (t = 1 AND raw = '')`,
    }),
  }),
};
