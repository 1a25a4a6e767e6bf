/**
 * What differs between SQL dialects for formulas: how literals are bound, how values convert, and the
 * function table. One object per dialect (dialects/*.ts); compile.ts holds the single switch over nodes.
 */
import type { FormulaNode, LiteralValue } from '@rowbase/core/formula/ast';
import type { FormulaDialect, FormulaType } from '@rowbase/core/formula/types';
import type { Sql, SqlKit } from './sql-kit.js';

/** A compiled sub-expression. `predicate` SQL is a condition (`a > b`), usable as a value only via `value()`. */
export interface Compiled {
  sql: Sql;
  type: FormulaType;
  predicate: boolean;
  /** The literal value when the node is a literal (units, day names, date texts are read from here). */
  literal?: LiteralValue;
}

/** What a function compiler gets: its compiled arguments and the conversions every dialect offers. */
export interface CallContext {
  kit: SqlKit;
  sql: SqlKit['sql'];
  dialect: FormulaSqlDialect;
  args: readonly Compiled[];
  nodes: readonly FormulaNode[];
  /** The argument as a value (conditions become 1/0 where the dialect needs it). */
  value(i: number): Sql;
  /** The argument as a number (booleans become 1/0). */
  num(i: number): Sql;
  /** The argument as an integer (for counts and positions). */
  int(i: number): Sql;
  /** The argument as text. */
  text(i: number): Sql;
  /** The argument as a date (accepted date texts become date literals). */
  date(i: number): Sql;
  /** The argument as a condition. */
  cond(i: number): Sql;
  /** The argument's literal value, if it is a literal. */
  literal(i: number): LiteralValue | undefined;
  /** The PRIMARY KEY of the record, for RECORD_ID(). */
  recordId(): Compiled;
}

export type FunctionCompiler = (ctx: CallContext) => Compiled;

export interface FormulaSqlDialect {
  readonly name: FormulaDialect;
  /** Whether a condition can stand as a value (pg, mysql, sqlite, snowflake) or needs CASE (mssql, oracle). */
  readonly conditionsAreValues: boolean;
  /** Whether checkbox values are real booleans (pg, snowflake) rather than 0/1. */
  readonly realBooleans: boolean;
  /** Whether '' is NULL (oracle). */
  readonly emptyStringIsNull: boolean;
  num(kit: SqlKit, value: number): Sql;
  str(kit: SqlKit, value: string): Sql;
  bool(kit: SqlKit, value: boolean): Sql;
  /** A date literal from ISO text `YYYY-MM-DD[ HH:mm:ss[.SSS]]`. */
  date(kit: SqlKit, iso: string): Sql;
  toText(kit: SqlKit, x: Sql, type: FormulaType): Sql;
  toInt(kit: SqlKit, x: Sql): Sql;
  /** A numeric value ready for arithmetic and numeric functions (pg: numeric, so ROUND(x, n) exists). */
  toNumeric(kit: SqlKit, x: Sql): Sql;
  /** Text parts joined; each part is already text and may be NULL (it then counts as empty). */
  concat(kit: SqlKit, parts: readonly Sql[]): Sql;
  /** The ceiling function's name: CEIL, or CEILING (mssql). */
  readonly ceil: 'CEIL' | 'CEILING';
  /** a MOD b, b never 0 (the caller wraps it in NULLIF). */
  mod(kit: SqlKit, a: Sql, b: Sql): Sql;
  functions: Readonly<Record<string, FunctionCompiler>>;
}

export const result = (sql: Sql, type: FormulaType, predicate = false): Compiled => ({ sql, type, predicate });
