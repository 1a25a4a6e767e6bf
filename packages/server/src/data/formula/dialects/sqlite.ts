/**
 * SQLite (better-sqlite3's build, with math functions). Regular expressions call the functions that
 * `registerSqliteFormulaFunctions` adds to every connection.
 */
import type { DateAddUnit, DiffUnit } from '@rowbase/core/formula/functions/literal-rules';
import { availableIn, COMMON_FUNCTIONS, leastOrGreatest } from '../common-functions.js';
import { type CallContext, type FormulaSqlDialect, result } from '../dialect.js';
import { dateAddUnit, diffUnit, weekdayOffset } from '../date-units.js';
import type { Sql } from '../sql-kit.js';
import { jsonArrayFunctionsSqlite } from './json-arrays.js';

/** SQLite date modifiers by DATEADD unit: how many of which modifier unit one step is. */
const MODIFIERS: Record<DateAddUnit, { per: number; unit: string }> = {
  day: { per: 1, unit: ' days' },
  week: { per: 7, unit: ' days' },
  month: { per: 1, unit: ' months' },
  year: { per: 1, unit: ' years' },
};
const MS_PER: Partial<Record<DiffUnit, number>> = {
  milliseconds: 1,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

/** Whole months from b to a, counting only completed months (as pg's AGE and MySQL's TIMESTAMPDIFF do). */
function monthsBetween(ctx: CallContext, a: Sql, b: Sql): Sql {
  const { sql } = ctx;
  const raw = sql`((CAST(strftime('%Y', ${a}) AS INTEGER) - CAST(strftime('%Y', ${b}) AS INTEGER)) * 12 + CAST(strftime('%m', ${a}) AS INTEGER) - CAST(strftime('%m', ${b}) AS INTEGER))`;
  const restA = sql`strftime('%d %H:%M:%f', ${a})`;
  const restB = sql`strftime('%d %H:%M:%f', ${b})`;
  return sql`(${raw} - (CASE WHEN ${raw} > 0 AND ${restA} < ${restB} THEN 1 WHEN ${raw} < 0 AND ${restA} > ${restB} THEN -1 ELSE 0 END))`;
}

export const sqliteDialect: FormulaSqlDialect = {
  name: 'sqlite',
  conditionsAreValues: true,
  realBooleans: false,
  emptyStringIsNull: false,
  ceil: 'CEIL',
  // better-sqlite3 binds every number as REAL: integers are cast back, so 7 / 2 stays integer maths
  // where SQLite would do it and CAST(0 AS TEXT) reads '0', not '0.0'.
  num: (kit, v) => (Number.isInteger(v) ? kit.bind(v, 'CAST(? AS INTEGER)') : kit.bind(v)),
  str: (kit, v) => kit.bind(v),
  bool: (kit, v) => kit.text(v ? '1' : '0'),
  date: (kit, iso) => kit.bind(iso),
  toText: (kit, x) => kit.sql`CAST(${x} AS TEXT)`,
  toInt: (kit, x) => kit.sql`CAST(${x} AS INTEGER)`,
  toNumeric: (_kit, x) => x,
  concat: (kit, parts) => kit.sql`(${kit.join(parts.map((p) => kit.sql`COALESCE(${p}, '')`), ' || ')})`,
  mod: (kit, a, b) => kit.sql`MOD(${a}, ${b})`,
  functions: availableIn('sqlite', {
    ...COMMON_FUNCTIONS,
    MIN: leastOrGreatest('MIN'),
    MAX: leastOrGreatest('MAX'),
    VALUE: (ctx) => {
      const cleaned = ctx.sql`regexp_replace(${ctx.text(0)}, ${ctx.dialect.str(ctx.kit, '[^0-9.-]')}, '')`;
      const numberRe = ctx.dialect.str(ctx.kit, '^-?[0-9]*\\.?[0-9]+$');
      return result(ctx.sql`(CASE WHEN ${cleaned} REGEXP ${numberRe} THEN CAST(${cleaned} AS REAL) END)`, 'numeric');
    },
    REPEAT: (ctx) =>
      result(ctx.sql`REPLACE(PRINTF('%.*c', MAX(${ctx.int(1)}, 0), '_'), '_', ${ctx.text(0)})`, 'string'),
    LEFT: (ctx) => result(ctx.sql`SUBSTR(${ctx.text(0)}, 1, ${ctx.int(1)})`, 'string'),
    RIGHT: (ctx) =>
      result(ctx.sql`(CASE WHEN ${ctx.int(1)} > 0 THEN SUBSTR(${ctx.text(0)}, -${ctx.int(1)}) ELSE '' END)`, 'string'),
    SEARCH: (ctx) => result(ctx.sql`INSTR(${ctx.text(0)}, ${ctx.text(1)})`, 'numeric'),
    REGEX_MATCH: (ctx) => result(ctx.sql`(${ctx.text(0)} REGEXP ${ctx.text(1)})`, 'boolean', true),
    REGEX_EXTRACT: (ctx) => result(ctx.sql`regexp_substr(${ctx.text(0)}, ${ctx.text(1)})`, 'string'),
    REGEX_REPLACE: (ctx) => result(ctx.sql`regexp_replace(${ctx.text(0)}, ${ctx.text(1)}, ${ctx.text(2)})`, 'string'),
    NOW: (ctx) => result(ctx.kit.text("strftime('%Y-%m-%d %H:%M:%f', 'now')"), 'date'),
    DATEADD: (ctx) => {
      const { per, unit } = MODIFIERS[dateAddUnit(ctx)];
      const steps = per === 1 ? ctx.num(1) : ctx.sql`(${ctx.num(1)} * ${ctx.dialect.num(ctx.kit, per)})`;
      const modifier = ctx.sql`(CAST(${steps} AS TEXT) || ${ctx.dialect.str(ctx.kit, unit)})`;
      // 'floor' keeps Jan 31 + 1 month on Feb 29, not Mar 2, as the other engines do.
      const floor = unit === ' days' ? ctx.kit.text("'+0 days'") : ctx.kit.text("'floor'");
      return result(ctx.sql`datetime(${ctx.date(0)}, ${modifier}, ${floor})`, 'date');
    },
    DATETIME_DIFF: (ctx) => {
      const { sql } = ctx;
      const [a, b] = [ctx.date(0), ctx.date(1)];
      const unit = diffUnit(ctx);
      const msPer = MS_PER[unit];
      if (msPer) {
        const ms = sql`CAST(ROUND((julianday(${a}) - julianday(${b})) * 86400000) AS INTEGER)`;
        return result(msPer === 1 ? ms : sql`(${ms} / ${ctx.dialect.num(ctx.kit, msPer)})`, 'numeric');
      }
      const months = monthsBetween(ctx, a, b);
      if (unit === 'months') return result(months, 'numeric');
      return result(sql`(${months} / ${ctx.dialect.num(ctx.kit, unit === 'quarters' ? 3 : 12)})`, 'numeric');
    },
    WEEKDAY: (ctx) =>
      result(
        ctx.sql`((CAST(strftime('%w', ${ctx.date(0)}) AS INTEGER) + 6 + ${ctx.dialect.num(ctx.kit, weekdayOffset(ctx))}) % 7)`,
        'numeric',
      ),
    YEAR: (ctx) => result(ctx.sql`CAST(strftime('%Y', ${ctx.date(0)}) AS INTEGER)`, 'numeric'),
    JSON_EXTRACT: (ctx) => result(ctx.sql`CAST(json_extract(${ctx.value(0)}, ${ctx.text(1)}) AS TEXT)`, 'string'),
    ...jsonArrayFunctionsSqlite,
  }),
};
