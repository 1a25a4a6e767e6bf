/**
 * Function compilers that read the same in every dialect once the dialect's conversions are applied. Each
 * dialect file spreads these and adds or overrides the rest.
 */
import { branchType, switchResultIndexes } from '@rowbase/core/formula/functions/logical';
import { UNSUPPORTED_FUNCTIONS } from '@rowbase/core/formula/functions/catalogue';
import type { FormulaDialect, FormulaType } from '@rowbase/core/formula/types';
import { type CallContext, type Compiled, type FunctionCompiler, result } from './dialect.js';
import type { Sql } from './sql-kit.js';

/** A dialect's function table without the functions docs/behaviour/formulas.md says it lacks. */
export function availableIn(
  dialect: FormulaDialect,
  table: Record<string, FunctionCompiler>,
): Readonly<Record<string, FunctionCompiler>> {
  const unsupported = UNSUPPORTED_FUNCTIONS[dialect];
  return Object.fromEntries(Object.entries(table).filter(([name]) => !unsupported.includes(name)));
}

const indexes = (ctx: CallContext) => ctx.args.map((_, i) => i);

/** MIN/MAX of values that may be NULL: LEAST/GREATEST over COALESCE rotations ignores NULLs everywhere. */
export function leastOrGreatest(fn: 'LEAST' | 'GREATEST' | 'MIN' | 'MAX'): FunctionCompiler {
  return (ctx) => {
    const values = indexes(ctx).map((i) => ctx.num(i));
    if (values.length === 1) return result(values[0]!, 'numeric');
    const rotations = values.map((_, i) => ctx.kit.join([...values.slice(i), ...values.slice(0, i)], ', '));
    const args = ctx.kit.join(
      rotations.map((r) => ctx.sql`COALESCE(${r})`),
      ', ',
    );
    return result(ctx.kit.knex.raw(`${fn}(?)`, [args]), 'numeric');
  };
}

/** A power of ten: computed here for a literal precision, in SQL otherwise. */
function tenToThe(ctx: CallContext, i: number): Sql {
  const p = ctx.literal(i);
  if (typeof p === 'number') return ctx.dialect.num(ctx.kit, 10 ** Math.trunc(p));
  return ctx.sql`POWER(10.0, ${ctx.int(i)})`;
}

/** ROUNDUP (away from zero) or ROUNDDOWN (towards zero) to a precision (default 0). */
function roundDirected(awayFromZero: boolean): FunctionCompiler {
  return (ctx) => {
    const { sql } = ctx;
    const x = ctx.num(0);
    const f = ctx.args.length > 1 ? tenToThe(ctx, 1) : ctx.dialect.num(ctx.kit, 1);
    // Rounding the scaled value to 6 places first drops binary noise (1.1 * 100 = 110.00000000000001).
    const scaled = sql`ROUND(${x} * ${f}, 6)`;
    const ceil = ctx.kit.knex.raw(`${ctx.dialect.ceil}(?)`, [scaled]);
    const floor = sql`FLOOR(${scaled})`;
    const [pos, neg] = awayFromZero ? [ceil, floor] : [floor, ceil];
    return result(sql`(CASE WHEN ${x} >= 0 THEN ${pos} ELSE ${neg} END / ${f})`, 'numeric');
  };
}

/** EVEN / ODD: away from zero to the nearest even / odd integer. */
function evenOdd(odd: boolean): FunctionCompiler {
  return (ctx) => {
    const { sql } = ctx;
    const x = ctx.num(0);
    const ceil = (v: Sql) => ctx.kit.knex.raw(`${ctx.dialect.ceil}(?)`, [v]);
    if (!odd) return result(sql`(CASE WHEN ${x} >= 0 THEN ${ceil(sql`${x} / 2.0`)} * 2 ELSE FLOOR(${x} / 2.0) * 2 END)`, 'numeric');
    return result(
      sql`(CASE WHEN ${x} >= 0 THEN ${ceil(sql`(${x} + 1) / 2.0`)} * 2 - 1 ELSE FLOOR((${x} - 1) / 2.0) * 2 + 1 END)`,
      'numeric',
    );
  };
}

/** Whether the argument is blank: NULL, or empty text. */
export function isBlank(ctx: CallContext, i: number): Sql {
  const v = ctx.value(i);
  if (ctx.args[i]!.type === 'string' && !ctx.dialect.emptyStringIsNull) return ctx.sql`(${v} IS NULL OR ${v} = '')`;
  return ctx.sql`(${v} IS NULL)`;
}

/** A branch of IF / SWITCH converted to the common result type. */
function branch(ctx: CallContext, i: number, type: FormulaType): Sql {
  if (type === 'string') return ctx.text(i);
  if (type === 'numeric') return ctx.num(i);
  return ctx.value(i);
}

const bound = (ctx: CallContext, text: string) => ctx.dialect.str(ctx.kit, text);

/** ASCII characters percent-encoded by URLENCODE, as encodeURIComponent does ('%' first). */
const URL_ENCODED = ['%', ' ', '"', '#', '$', '&', '+', ',', '/', ':', ';', '<', '=', '>', '?', '@', '[', '\\', ']', '^', '`', '{', '|', '}'];

export const COMMON_FUNCTIONS: Readonly<Record<string, FunctionCompiler>> = {
  ADD: (ctx) => {
    const parts = indexes(ctx).map((i) => ctx.sql`COALESCE(${ctx.num(i)}, 0)`);
    return result(ctx.sql`(${ctx.kit.join(parts, ' + ')})`, 'numeric');
  },
  AVG: (ctx) => {
    const sum = ctx.kit.join(
      indexes(ctx).map((i) => ctx.sql`COALESCE(${ctx.num(i)}, 0)`),
      ' + ',
    );
    const count = ctx.kit.join(
      indexes(ctx).map((i) => ctx.sql`(CASE WHEN ${ctx.value(i)} IS NULL THEN 0 ELSE 1 END)`),
      ' + ',
    );
    return result(ctx.sql`((${sum}) * 1.0 / NULLIF(${count}, 0))`, 'numeric');
  },
  MIN: leastOrGreatest('LEAST'),
  MAX: leastOrGreatest('GREATEST'),
  CEILING: (ctx) => result(ctx.kit.knex.raw(`${ctx.dialect.ceil}(?)`, [ctx.num(0)]), 'numeric'),
  FLOOR: (ctx) => result(ctx.sql`FLOOR(${ctx.num(0)})`, 'numeric'),
  ROUND: (ctx) =>
    result(ctx.sql`ROUND(${ctx.num(0)}, ${ctx.args.length > 1 ? ctx.int(1) : ctx.kit.text('0')})`, 'numeric'),
  ROUNDUP: roundDirected(true),
  ROUNDDOWN: roundDirected(false),
  MOD: (ctx) => result(ctx.dialect.mod(ctx.kit, ctx.num(0), ctx.sql`NULLIF(${ctx.num(1)}, 0)`), 'numeric'),
  POWER: (ctx) => result(ctx.sql`POWER(${ctx.num(0)}, ${ctx.num(1)})`, 'numeric'),
  SQRT: (ctx) => result(ctx.sql`SQRT(${ctx.num(0)})`, 'numeric'),
  EXP: (ctx) => result(ctx.sql`EXP(${ctx.num(0)})`, 'numeric'),
  LOG: (ctx) =>
    result(ctx.args.length === 1 ? ctx.sql`LN(${ctx.num(0)})` : ctx.sql`LOG(${ctx.num(0)}, ${ctx.num(1)})`, 'numeric'),
  ABS: (ctx) => result(ctx.sql`ABS(${ctx.num(0)})`, 'numeric'),
  INT: (ctx) => result(ctx.sql`TRUNC(${ctx.num(0)})`, 'numeric'),
  EVEN: evenOdd(false),
  ODD: evenOdd(true),
  COUNT: (ctx) => {
    const parts = indexes(ctx).map((i) =>
      ctx.args[i]!.type === 'numeric' ? ctx.sql`(CASE WHEN ${ctx.value(i)} IS NULL THEN 0 ELSE 1 END)` : ctx.kit.text('0'),
    );
    return result(ctx.sql`(${ctx.kit.join(parts, ' + ')})`, 'numeric');
  },
  COUNTA: (ctx) => {
    const parts = indexes(ctx).map((i) => ctx.sql`(CASE WHEN ${isBlank(ctx, i)} THEN 0 ELSE 1 END)`);
    return result(ctx.sql`(${ctx.kit.join(parts, ' + ')})`, 'numeric');
  },
  COUNTALL: (ctx) => result(ctx.dialect.num(ctx.kit, ctx.args.length), 'numeric'),

  CONCAT: (ctx) => result(ctx.dialect.concat(ctx.kit, indexes(ctx).map((i) => ctx.text(i))), 'string'),
  TRIM: (ctx) => result(ctx.sql`TRIM(${ctx.text(0)})`, 'string'),
  UPPER: (ctx) => result(ctx.sql`UPPER(${ctx.text(0)})`, 'string'),
  LOWER: (ctx) => result(ctx.sql`LOWER(${ctx.text(0)})`, 'string'),
  LEN: (ctx) => result(ctx.sql`LENGTH(${ctx.text(0)})`, 'numeric'),
  REPEAT: (ctx) => result(ctx.sql`REPEAT(${ctx.text(0)}, ${ctx.int(1)})`, 'string'),
  REPLACE: (ctx) => result(ctx.sql`REPLACE(${ctx.text(0)}, ${ctx.text(1)}, ${ctx.text(2)})`, 'string'),
  LEFT: (ctx) => result(ctx.sql`LEFT(${ctx.text(0)}, ${ctx.int(1)})`, 'string'),
  RIGHT: (ctx) => result(ctx.sql`RIGHT(${ctx.text(0)}, ${ctx.int(1)})`, 'string'),
  SUBSTR: (ctx) =>
    result(
      ctx.args.length > 2
        ? ctx.sql`SUBSTR(${ctx.text(0)}, ${ctx.int(1)}, ${ctx.int(2)})`
        : ctx.sql`SUBSTR(${ctx.text(0)}, ${ctx.int(1)})`,
      'string',
    ),
  MID: (ctx) => result(ctx.sql`SUBSTR(${ctx.text(0)}, ${ctx.int(1)}, ${ctx.int(2)})`, 'string'),
  URL: (ctx) => result(ctx.dialect.concat(ctx.kit, [bound(ctx, 'URI::('), ctx.text(0), bound(ctx, ')')]), 'string'),
  URLENCODE: (ctx) => {
    let out = ctx.text(0);
    for (const ch of URL_ENCODED) {
      const code = '%' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
      out = ctx.sql`REPLACE(${out}, ${bound(ctx, ch)}, ${bound(ctx, code)})`;
    }
    return result(out, 'string');
  },
  ISBLANK: (ctx) => result(isBlank(ctx, 0), 'boolean', true),
  ISNOTBLANK: (ctx) => result(ctx.sql`(NOT ${isBlank(ctx, 0)})`, 'boolean', true),

  IF: (ctx) => {
    const type = branchType(ctx.args.slice(1).map((a) => a.type));
    const otherwise = ctx.args.length > 2 ? branch(ctx, 2, type) : ctx.kit.text('NULL');
    return result(ctx.sql`(CASE WHEN ${ctx.cond(0)} THEN ${branch(ctx, 1, type)} ELSE ${otherwise} END)`, type);
  },
  SWITCH: (ctx) => {
    const resultIdx = switchResultIndexes(ctx.args.length);
    const type = branchType(resultIdx.map((i) => ctx.args[i]!.type));
    const patternIdx: number[] = [];
    for (let i = 1; i + 1 < ctx.args.length; i += 2) patternIdx.push(i);
    const asText = [0, ...patternIdx].some((i) => ctx.args[i]!.type === 'string');
    const key = (i: number) => (asText ? ctx.text(i) : ctx.value(i));
    const whens: Sql[] = [];
    for (const i of patternIdx)
      whens.push(ctx.sql`WHEN ${key(0)} = ${key(i)} THEN ${branch(ctx, i + 1, type)}`);
    const hasDefault = ctx.args.length % 2 === 0;
    const otherwise = hasDefault ? branch(ctx, ctx.args.length - 1, type) : ctx.kit.text('NULL');
    return result(ctx.sql`(CASE ${ctx.kit.join(whens, ' ')} ELSE ${otherwise} END)`, type);
  },
  AND: (ctx) => result(ctx.sql`(${ctx.kit.join(indexes(ctx).map((i) => ctx.cond(i)), ' AND ')})`, 'boolean', true),
  OR: (ctx) => result(ctx.sql`(${ctx.kit.join(indexes(ctx).map((i) => ctx.cond(i)), ' OR ')})`, 'boolean', true),
  XOR: (ctx) => {
    const ones = indexes(ctx).map((i) => ctx.sql`(CASE WHEN ${ctx.cond(i)} THEN 1 ELSE 0 END)`);
    const sum = ctx.sql`(${ctx.kit.join(ones, ' + ')})`;
    return result(ctx.sql`(${ctx.dialect.mod(ctx.kit, sum, ctx.kit.text('2'))} = 1)`, 'boolean', true);
  },
  TRUE: (ctx) => result(ctx.dialect.bool(ctx.kit, true), 'boolean'),
  FALSE: (ctx) => result(ctx.dialect.bool(ctx.kit, false), 'boolean'),
  BLANK: (ctx) => result(ctx.kit.text('NULL'), 'null'),
  RECORD_ID: (ctx): Compiled => ctx.recordId(),
};
