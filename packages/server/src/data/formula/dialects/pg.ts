/** PostgreSQL: every bound literal is cast (pg cannot infer parameter types inside functions). */
import type { DiffUnit } from '@rowbase/core/formula/functions/literal-rules';
import { availableIn, COMMON_FUNCTIONS } from '../common-functions.js';
import { type CallContext, type FormulaSqlDialect, result } from '../dialect.js';
import { dateAddUnit, diffUnit, weekdayOffset } from '../date-units.js';
import { jsonArrayFunctionsPg } from './json-arrays.js';

const INTERVALS = { day: "INTERVAL '1 day'", week: "INTERVAL '1 week'", month: "INTERVAL '1 month'", year: "INTERVAL '1 year'" };
const SECONDS: Partial<Record<DiffUnit, number>> = { seconds: 1, minutes: 60, hours: 3600, days: 86400, weeks: 604800 };

function datetimeDiff(ctx: CallContext) {
  const { sql } = ctx;
  const a = sql`CAST(${ctx.date(0)} AS timestamp)`;
  const b = sql`CAST(${ctx.date(1)} AS timestamp)`;
  const unit = diffUnit(ctx);
  if (unit === 'milliseconds') return result(sql`TRUNC(EXTRACT(EPOCH FROM (${a} - ${b})) * 1000)`, 'numeric');
  const seconds = SECONDS[unit];
  if (seconds)
    return result(sql`TRUNC(EXTRACT(EPOCH FROM (${a} - ${b})) / ${ctx.dialect.num(ctx.kit, seconds)})`, 'numeric');
  const months = sql`(EXTRACT(YEAR FROM AGE(${a}, ${b})) * 12 + EXTRACT(MONTH FROM AGE(${a}, ${b})))`;
  if (unit === 'months') return result(months, 'numeric');
  return result(sql`TRUNC(${months} / ${ctx.dialect.num(ctx.kit, unit === 'quarters' ? 3 : 12)})`, 'numeric');
}

export const pgDialect: FormulaSqlDialect = {
  name: 'pg',
  conditionsAreValues: true,
  realBooleans: true,
  emptyStringIsNull: false,
  ceil: 'CEIL',
  num: (kit, v) => kit.bind(v, 'CAST(? AS numeric)'),
  str: (kit, v) => kit.bind(v, 'CAST(? AS text)'),
  bool: (kit, v) => kit.text(v ? 'TRUE' : 'FALSE'),
  date: (kit, iso) => kit.bind(iso, 'CAST(? AS timestamp)'),
  toText: (kit, x) => kit.sql`CAST(${x} AS text)`,
  toInt: (kit, x) => kit.sql`CAST(${x} AS integer)`,
  toNumeric: (kit, x) => kit.sql`CAST(${x} AS numeric)`,
  concat: (kit, parts) => kit.sql`(${kit.join(parts.map((p) => kit.sql`COALESCE(${p}, '')`), ' || ')})`,
  mod: (kit, a, b) => kit.sql`MOD(${a}, ${b})`,
  functions: availableIn('pg', {
    ...COMMON_FUNCTIONS,
    VALUE: (ctx) => {
      const cleaned = ctx.sql`REGEXP_REPLACE(${ctx.text(0)}, ${ctx.dialect.str(ctx.kit, '[^0-9.\\-]')}, '', 'g')`;
      const numberRe = ctx.dialect.str(ctx.kit, '^-?[0-9]*\\.?[0-9]+$');
      return result(ctx.sql`(CASE WHEN ${cleaned} ~ ${numberRe} THEN CAST(${cleaned} AS numeric) END)`, 'numeric');
    },
    SEARCH: (ctx) => result(ctx.sql`STRPOS(${ctx.text(0)}, ${ctx.text(1)})`, 'numeric'),
    REGEX_MATCH: (ctx) => result(ctx.sql`(${ctx.text(0)} ~ ${ctx.text(1)})`, 'boolean', true),
    REGEX_EXTRACT: (ctx) => result(ctx.sql`SUBSTRING(${ctx.text(0)} FROM ${ctx.text(1)})`, 'string'),
    REGEX_REPLACE: (ctx) =>
      result(ctx.sql`REGEXP_REPLACE(${ctx.text(0)}, ${ctx.text(1)}, ${ctx.text(2)}, 'g')`, 'string'),
    NOW: (ctx) => result(ctx.kit.text("(NOW() AT TIME ZONE 'UTC')"), 'date'),
    DATEADD: (ctx) => {
      const interval = ctx.kit.text(INTERVALS[dateAddUnit(ctx)]);
      return result(ctx.sql`(CAST(${ctx.date(0)} AS timestamp) + ${ctx.num(1)} * ${interval})`, 'date');
    },
    DATETIME_DIFF: datetimeDiff,
    WEEKDAY: (ctx) =>
      result(
        ctx.sql`MOD(CAST(EXTRACT(ISODOW FROM ${ctx.date(0)}) AS integer) - 1 + ${ctx.kit.bind(weekdayOffset(ctx), 'CAST(? AS integer)')}, 7)`,
        'numeric',
      ),
    DATESTR: (ctx) => result(ctx.sql`TO_CHAR(${ctx.date(0)}, 'YYYY-MM-DD')`, 'string'),
    DAY: (ctx) => result(ctx.sql`CAST(EXTRACT(DAY FROM ${ctx.date(0)}) AS integer)`, 'numeric'),
    MONTH: (ctx) => result(ctx.sql`CAST(EXTRACT(MONTH FROM ${ctx.date(0)}) AS integer)`, 'numeric'),
    YEAR: (ctx) => result(ctx.sql`CAST(EXTRACT(YEAR FROM ${ctx.date(0)}) AS integer)`, 'numeric'),
    HOUR: (ctx) => result(ctx.sql`CAST(EXTRACT(HOUR FROM CAST(${ctx.date(0)} AS timestamp)) AS integer)`, 'numeric'),
    JSON_EXTRACT: (ctx) =>
      result(
        ctx.sql`(JSONB_PATH_QUERY_FIRST(CAST(${ctx.value(0)} AS jsonb), CAST(${ctx.text(1)} AS jsonpath)) #>> '{}')`,
        'string',
      ),
    ...jsonArrayFunctionsPg,
  }),
};
