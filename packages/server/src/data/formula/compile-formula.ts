/**
 * The entry points the row queries call to put formula fields into their SELECT, WHERE and ORDER BY.
 */
import { computedBy, formulaOptions } from '@rowbase/core/fields/col-options';
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { formulaError } from '@rowbase/core/formula/errors';
import { checkFormula } from '@rowbase/core/formula/typecheck';
import { type FormulaDialect, type FormulaType, staticFormulaTypeOf } from '@rowbase/core/formula/types';
import type { Knex } from 'knex';
import { compileChecked } from './compile.js';
import { type Compiled, type FormulaSqlDialect, result } from './dialect.js';
import { mssqlDialect } from './dialects/mssql.js';
import { mysqlDialect } from './dialects/mysql.js';
import { oracleDialect } from './dialects/oracle.js';
import { pgDialect } from './dialects/pg.js';
import { snowflakeDialect } from './dialects/snowflake.js';
import { sqliteDialect } from './dialects/sqlite.js';
import { SqlKit } from './sql-kit.js';

const DIALECTS: { [D in FormulaDialect]: FormulaSqlDialect } = {
  pg: pgDialect,
  mysql: mysqlDialect,
  sqlite: sqliteDialect,
  mssql: mssqlDialect,
  oracle: oracleDialect,
  snowflake: snowflakeDialect,
};

export interface FormulaSqlOptions {
  /** A knex of the source's client: it composes the fragments (and quotes identifiers inside `columnSql`). */
  knex: Knex;
  dialect: FormulaDialect;
  /** Every field of the table the formula belongs to (formula fields included). */
  columns: readonly ColumnMeta[];
  /**
   * The SQL of a referenced field that is not a formula: a plain column (`knex.ref('t.price')`), or for
   * Lookup / Rollup / Links a correlated subquery or a column of a lateral join. Formula fields are compiled
   * inline from their own formula, so formulas over formulas need nothing here.
   */
  columnSql: (column: ColumnMeta) => Knex.Raw;
  /**
   * The formula type of computed fields (Lookup, Rollup, Links, ...) whose `columnSql` yields something
   * other than the UI type's default (see FORMULA_TYPE_OF_UI_TYPE in core); also used by the checker.
   * Formula fields are always compiled inline, whatever this says.
   */
  resolveType?: (column: ColumnMeta) => FormulaType | undefined;
}

export interface CompiledFormula {
  /** A value expression: `select ${sql} as "Total"`, `where ${sql} > ?`, `order by ${sql}`. */
  sql: Knex.Raw;
  /**
   * What the value is, to normalise what drivers return and pick filter/sort behaviour: numeric (pg gives
   * numeric as text), string, date, boolean (pg/snowflake true/false; elsewhere 1/0), json (pg jsonb; text
   * elsewhere), null, unknown.
   */
  type: FormulaType;
}

/**
 * Compiles a Formula field to SQL for its source's dialect.
 * Throws a 422 AppError with the messages of docs/behaviour/formulas.md when the formula (or a formula it uses) does not check.
 * @example
 *   const { sql, type } = compileFormulaColumn(totalField, {
 *     knex, dialect: 'pg', columns: table.columns,
 *     columnSql: (c) => knex.ref(`t.${c.column_name}`) as unknown as Knex.Raw,
 *   });
 *   knex('orders as t').select(knex.raw('? as ??', [sql, 'Total']));
 */
export function compileFormulaColumn(column: ColumnMeta, options: FormulaSqlOptions): CompiledFormula {
  const formula = formulaOptions(column)?.formula ?? '';
  return compileFormula(formula, { ...options, selfId: column.id });
}

/**
 * Compiles formula text (stored form `{cXXXX}` or shown form `{Title}`) that may not be saved yet, e.g. to
 * validate a new field. `selfId` is the field's id when it exists (for cycle detection).
 */
export function compileFormula(formula: string, options: FormulaSqlOptions & { selfId?: string }): CompiledFormula {
  const kit = new SqlKit(options.knex);
  const compiledFormulas = new Map<string, Compiled>();
  const compileText = (text: string, selfId: string | undefined): Compiled => {
    const checked = checkFormula(text, {
      columns: options.columns,
      dialect: options.dialect,
      selfId,
      resolveType: options.resolveType,
    });
    if (checked.errors.length) throw formulaError(checked.errors);
    return compileChecked(checked, { kit, dialect: DIALECTS[options.dialect], refSql, recordId });
  };
  function refSql(column: ColumnMeta): Compiled {
    if (computedBy(column) === 'formula') {
      let done = compiledFormulas.get(column.id);
      if (!done) {
        const inner = compileText(formulaOptions(column)?.formula ?? '', column.id);
        done = result(kit.sql`(${inner.sql})`, inner.type);
        compiledFormulas.set(column.id, done);
      }
      return done;
    }
    const type = options.resolveType?.(column) ?? staticFormulaTypeOf(column);
    return result(options.columnSql(column), type);
  }
  function recordId(): Compiled {
    const pk = options.columns.find((c) => c.pk);
    return pk ? { ...refSql(pk), type: 'unknown' } : result(kit.text('NULL'), 'null');
  }
  const compiled = compileText(formula, options.selfId);
  return { sql: compiled.sql, type: compiled.type };
}
