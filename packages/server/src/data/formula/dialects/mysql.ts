/** MySQL 8 / MariaDB 10.6+. */
import type { DateAddUnit, DiffUnit } from '@rowbase/core/formula/functions/literal-rules';
import { availableIn, COMMON_FUNCTIONS } from '../common-functions.js';
import { type FormulaSqlDialect, result } from '../dialect.js';
import { dateAddUnit, diffUnit, weekdayOffset } from '../date-units.js';
import { jsonArrayFunctionsMysql } from './json-arrays.js';

const INTERVAL_UNITS: Record<DateAddUnit, string> = { day: 'DAY', week: 'WEEK', month: 'MONTH', year: 'YEAR' };
const DIFF_UNITS: Record<Exclude<DiffUnit, 'milliseconds'>, string> = {
  seconds: 'SECOND',
  minutes: 'MINUTE',
  hours: 'HOUR',
  days: 'DAY',
  weeks: 'WEEK',
  months: 'MONTH',
  quarters: 'QUARTER',
  years: 'YEAR',
};

export const mysqlDialect: FormulaSqlDialect = {
  name: 'mysql',
  conditionsAreValues: true,
  realBooleans: false,
  emptyStringIsNull: false,
  ceil: 'CEIL',
  num: (kit, v) => kit.bind(v),
  str: (kit, v) => kit.bind(v),
  bool: (kit, v) => kit.text(v ? '1' : '0'),
  date: (kit, iso) => kit.bind(iso, 'CAST(? AS DATETIME(3))'),
  toText: (kit, x) => kit.sql`CAST(${x} AS CHAR)`,
  toInt: (kit, x) => kit.sql`CAST(${x} AS SIGNED)`,
  toNumeric: (_kit, x) => x,
  concat: (kit, parts) => kit.sql`CONCAT(${kit.join(parts.map((p) => kit.sql`COALESCE(${p}, '')`), ', ')})`,
  mod: (kit, a, b) => kit.sql`MOD(${a}, ${b})`,
  functions: availableIn('mysql', {
    ...COMMON_FUNCTIONS,
    INT: (ctx) => result(ctx.sql`TRUNCATE(${ctx.num(0)}, 0)`, 'numeric'),
    VALUE: (ctx) => {
      const cleaned = ctx.sql`REGEXP_REPLACE(${ctx.text(0)}, ${ctx.dialect.str(ctx.kit, '[^0-9.-]')}, '')`;
      const numberRe = ctx.dialect.str(ctx.kit, '^-?[0-9]*\\.?[0-9]+$');
      return result(ctx.sql`(CASE WHEN ${cleaned} REGEXP ${numberRe} THEN ${cleaned} + 0 END)`, 'numeric');
    },
    LEN: (ctx) => result(ctx.sql`CHAR_LENGTH(${ctx.text(0)})`, 'numeric'),
    SEARCH: (ctx) => result(ctx.sql`LOCATE(${ctx.text(1)}, ${ctx.text(0)})`, 'numeric'),
    REGEX_MATCH: (ctx) => result(ctx.sql`(${ctx.text(0)} REGEXP ${ctx.text(1)})`, 'boolean', true),
    REGEX_EXTRACT: (ctx) => result(ctx.sql`REGEXP_SUBSTR(${ctx.text(0)}, ${ctx.text(1)})`, 'string'),
    REGEX_REPLACE: (ctx) => result(ctx.sql`REGEXP_REPLACE(${ctx.text(0)}, ${ctx.text(1)}, ${ctx.text(2)})`, 'string'),
    NOW: (ctx) => result(ctx.kit.text('UTC_TIMESTAMP(3)'), 'date'),
    DATEADD: (ctx) =>
      result(
        ctx.kit.knex.raw(`DATE_ADD(?, INTERVAL ? ${INTERVAL_UNITS[dateAddUnit(ctx)]})`, [ctx.date(0), ctx.num(1)]),
        'date',
      ),
    DATETIME_DIFF: (ctx) => {
      const unit = diffUnit(ctx);
      const [a, b] = [ctx.date(0), ctx.date(1)];
      if (unit === 'milliseconds') return result(ctx.sql`(TIMESTAMPDIFF(MICROSECOND, ${b}, ${a}) DIV 1000)`, 'numeric');
      return result(ctx.kit.knex.raw(`TIMESTAMPDIFF(${DIFF_UNITS[unit]}, ?, ?)`, [b, a]), 'numeric');
    },
    WEEKDAY: (ctx) =>
      result(ctx.sql`MOD(WEEKDAY(${ctx.date(0)}) + ${ctx.dialect.num(ctx.kit, weekdayOffset(ctx))}, 7)`, 'numeric'),
    DAY: (ctx) => result(ctx.sql`DAY(${ctx.date(0)})`, 'numeric'),
    MONTH: (ctx) => result(ctx.sql`MONTH(${ctx.date(0)})`, 'numeric'),
    YEAR: (ctx) => result(ctx.sql`YEAR(${ctx.date(0)})`, 'numeric'),
    HOUR: (ctx) => result(ctx.sql`HOUR(${ctx.date(0)})`, 'numeric'),
    JSON_EXTRACT: (ctx) => result(ctx.sql`JSON_UNQUOTE(JSON_EXTRACT(${ctx.value(0)}, ${ctx.text(1)}))`, 'string'),
    ...jsonArrayFunctionsMysql,
  }),
};
