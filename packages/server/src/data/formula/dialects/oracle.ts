/**
 * Oracle 12.2+ (SQL generation; no server runs in tests). Conditions are not values; '' is NULL.
 * JSON_EXTRACT is not offered: Oracle's JSON_VALUE takes its path only as SQL text, never as a bound value.
 */
import type { DiffUnit } from '@rowbase/core/formula/functions/literal-rules';
import { COMMON_FUNCTIONS, availableIn } from '../common-functions.js';
import { type CallContext, type Compiled, type FormulaSqlDialect, result } from '../dialect.js';
import { dateAddUnit, diffUnit, weekdayOffset } from '../date-units.js';
import { arrayFunctions } from './json-arrays.js';

const MS_PER: Partial<Record<DiffUnit, number>> = {
  milliseconds: 1,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 604_800_000,
};

/** The full timestamp text TO_TIMESTAMP reads with one fixed format. */
function fullIso(iso: string): string {
  const [date, time = '00:00:00'] = iso.split(' ');
  const [hms, ms = '000'] = time!.split('.');
  return `${date} ${hms}.${ms}`;
}

function dateAdd(ctx: CallContext): Compiled {
  const { sql } = ctx;
  const [d, n] = [ctx.date(0), ctx.num(1)];
  switch (dateAddUnit(ctx)) {
    case 'day':
      return result(sql`(${d} + NUMTODSINTERVAL(${n}, 'DAY'))`, 'date');
    case 'week':
      return result(sql`(${d} + NUMTODSINTERVAL(${n} * 7, 'DAY'))`, 'date');
    case 'month':
      return result(sql`ADD_MONTHS(${d}, ${n})`, 'date');
    case 'year':
      return result(sql`ADD_MONTHS(${d}, ${n} * 12)`, 'date');
  }
}

export const oracleDialect: FormulaSqlDialect = {
  name: 'oracle',
  conditionsAreValues: false,
  realBooleans: false,
  emptyStringIsNull: true,
  ceil: 'CEIL',
  num: (kit, v) => kit.bind(v),
  str: (kit, v) => kit.bind(v),
  bool: (kit, v) => kit.text(v ? '1' : '0'),
  date: (kit, iso) => kit.bind(fullIso(iso), `TO_TIMESTAMP(?, 'YYYY-MM-DD HH24:MI:SS.FF3')`),
  toText: (kit, x) => kit.sql`TO_CHAR(${x})`,
  toInt: (kit, x) => kit.sql`CAST(${x} AS INTEGER)`,
  toNumeric: (_kit, x) => x,
  concat: (kit, parts) => kit.sql`(${kit.join(parts, ' || ')})`,
  mod: (kit, a, b) => kit.sql`MOD(${a}, ${b})`,
  functions: availableIn('oracle', {
    ...COMMON_FUNCTIONS,
    LEFT: (ctx) => result(ctx.sql`SUBSTR(${ctx.text(0)}, 1, ${ctx.int(1)})`, 'string'),
    RIGHT: (ctx) =>
      result(ctx.sql`(CASE WHEN ${ctx.int(1)} > 0 THEN SUBSTR(${ctx.text(0)}, -${ctx.int(1)}) END)`, 'string'),
    REPEAT: (ctx) =>
      result(ctx.sql`RPAD(${ctx.text(0)}, LENGTH(${ctx.text(0)}) * ${ctx.int(1)}, ${ctx.text(0)})`, 'string'),
    SEARCH: (ctx) => result(ctx.sql`INSTR(${ctx.text(0)}, ${ctx.text(1)})`, 'numeric'),
    NOW: (ctx) => result(ctx.kit.text('SYS_EXTRACT_UTC(SYSTIMESTAMP)'), 'date'),
    DATEADD: dateAdd,
    DATETIME_DIFF: (ctx) => {
      const { sql } = ctx;
      const [a, b] = [ctx.date(0), ctx.date(1)];
      const unit = diffUnit(ctx);
      const msPer = MS_PER[unit];
      if (msPer) {
        const ms = sql`((CAST(${a} AS DATE) - CAST(${b} AS DATE)) * 86400000)`;
        return result(sql`TRUNC(${ms} / ${ctx.dialect.num(ctx.kit, msPer)})`, 'numeric');
      }
      const per = unit === 'months' ? 1 : unit === 'quarters' ? 3 : 12;
      return result(sql`TRUNC(MONTHS_BETWEEN(${a}, ${b}) / ${ctx.dialect.num(ctx.kit, per)})`, 'numeric');
    },
    WEEKDAY: (ctx) => {
      const d = ctx.date(0);
      return result(
        ctx.sql`MOD(TRUNC(${d}) - TRUNC(${d}, 'IW') + ${ctx.dialect.num(ctx.kit, weekdayOffset(ctx))}, 7)`,
        'numeric',
      );
    },
    DAY: (ctx) => result(ctx.sql`EXTRACT(DAY FROM ${ctx.date(0)})`, 'numeric'),
    MONTH: (ctx) => result(ctx.sql`EXTRACT(MONTH FROM ${ctx.date(0)})`, 'numeric'),
    YEAR: (ctx) => result(ctx.sql`EXTRACT(YEAR FROM ${ctx.date(0)})`, 'numeric'),
    HOUR: (ctx) => result(ctx.sql`EXTRACT(HOUR FROM CAST(${ctx.date(0)} AS TIMESTAMP))`, 'numeric'),
    ...arrayFunctions({
      elements: (ctx, x, alias) =>
        ctx.kit.knex.raw(`JSON_TABLE(?, '$[*]' COLUMNS (o FOR ORDINALITY, v VARCHAR2(4000) FORMAT JSON PATH '$')) ${alias}`, [
          x,
        ]),
      aggregate: (order) => `COALESCE(JSON_ARRAYAGG(v FORMAT JSON ORDER BY ${order} RETURNING CLOB), '[]')`,
      byValue: (dir) => `v ${dir}`,
      notBlank: `v <> 'null' AND v <> '""'`,
    }),
  }),
};
