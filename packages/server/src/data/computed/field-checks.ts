/**
 * Checks for new and changed computed fields, run by the columns service before it saves one:
 * a formula must type-check and compile (docs/behaviour/formulas.md messages, 422) over every field of its table, lookups,
 * rollups, links and other formulas included; a rollup function must suit the rolled-up field's values.
 */
import type { ColumnMeta, FormulaOptions, TableMeta } from '@rowbase/core/api/meta';
import { AppError, ErrorCode, badRequest } from '@rowbase/core/errors';
import type { Aggregation, Dialect } from '@rowbase/core/fields/field-type';
import { DATE_AGGREGATIONS, COUNT_ONLY } from '@rowbase/core/fields/ops';
import { FIELD_TYPES } from '@rowbase/core/fields/registry';
import { FormulaMessages, FormulaSyntaxError, formulaError } from '@rowbase/core/formula/errors';
import { parseFormula } from '@rowbase/core/formula/parse';
import { formulaToShown, formulaToStored } from '@rowbase/core/formula/references';
import type { Knex } from 'knex';
import { buildTableModel, type TableModel } from '../table-model.js';
import { sourceModels } from './attach.js';
import { isComputedField, type FieldSql } from './column-sql.js';

const NUMERIC_KINDS = new Set(['id', 'integer', 'decimal', 'year', 'boolean']);
const SUMS: readonly Aggregation[] = ['sum', 'avg', 'sumDistinct', 'avgDistinct'];

/** The least of a table the checks need: its meta row and columns (as `MetaService.listTables` gives). */
export type TableWithColumns = TableMeta & { columns: ColumnMeta[] };

/**
 * Checks a formula for a new or changed Formula field of `table` and returns its options, stored by id.
 * The field is compiled as part of its source (the other tables' lookups, rollups and formulas included),
 * so a 422 carries the checker's docs/behaviour/formulas.md message, and a formula that reaches itself again through other
 * tables is a 'Circular reference detected'.
 * @example formulaOptionsChecked(db, 'pg', orders, tables, '{Price} * {Qty}')
 *   // { formula: '{c1} * {c2}', formula_raw: '{Price} * {Qty}', error: null }
 */
export function formulaOptionsChecked(
  db: Knex,
  dialect: Dialect,
  table: TableWithColumns,
  tables: readonly TableWithColumns[],
  formulaRaw: string,
  selfId?: string,
): { options: FormulaOptions; sql: Knex.Raw; value: FieldSql } {
  // Syntax is checked on the text as typed, so a position in the message points into what the user wrote
  // (the stored form names fields by their longer ids).
  try {
    parseFormula(formulaRaw);
  } catch (err) {
    if (err instanceof FormulaSyntaxError) throw formulaError([err.issue]);
    throw err;
  }
  const id = selfId ?? 'rb_new_formula';
  const others = table.columns.filter((c) => c.id !== id);
  const formula = formulaToStored(formulaRaw, others);
  const options: FormulaOptions = { formula, formula_raw: formulaToShown(formula, others), error: null };
  const self: ColumnMeta = {
    ...(table.columns.find((c) => c.id === id) ?? {
      id,
      fk_model_id: table.id,
      column_name: null,
      title: id,
      pk: false,
      pv: false,
      rqd: false,
      un: false,
      ai: false,
      system: false,
    }),
    uidt: 'Formula',
    column_name: null,
    colOptions: options,
  };
  const model = buildTableModel(table, [...others, self], dialect);
  sourceModels(
    db,
    model,
    tables.filter((t) => t.id !== table.id),
  );
  const value = model.computed!.valueOf(model, self, model.tableName);
  if (value.cause) throw value.cause;
  if (model.computed!.cycles > 0)
    throw new AppError(ErrorCode.UNPROCESSABLE, FormulaMessages.circularReference, [
      { message: FormulaMessages.circularReference },
    ]);
  return { options, sql: value.sql, value };
}

/**
 * Runs a computed field's SQL on one row (inside a savepoint), so a formula the database cannot compute is
 * refused now with a 422 rather than failing every later read.
 */
export async function probeComputedSql(db: Knex, tableName: string, sql: Knex.Raw): Promise<void> {
  try {
    await db.transaction(async (t) => {
      await t(tableName)
        .select(t.raw('? as v', [sql]))
        .limit(1);
    });
  } catch (err) {
    // knex prefixes the statement; only the database's own words are shown.
    const detail = String((err as Error).message ?? err)
      .split(' - ')
      .pop()!
      .slice(0, 300);
    throw new AppError(ErrorCode.UNPROCESSABLE, FormulaMessages.invalidSyntax(detail), [
      { message: FormulaMessages.invalidSyntax(detail) },
    ]);
  }
}

/**
 * After a computed field is saved (inside its meta change): 422 'Circular reference detected' when its SQL
 * reaches itself again through other tables' lookups, rollups or formulas, so the change rolls back.
 */
export function checkComputedColumn(model: TableModel, columnId: string): void {
  const field = model.fields.find((f) => f.column.id === columnId);
  if (!field || !model.computed) return;
  const before = model.computed.cycles;
  model.computed.valueOf(model, field.column, model.tableName);
  if (model.computed.cycles > before)
    throw new AppError(ErrorCode.UNPROCESSABLE, FormulaMessages.circularReference, [
      { message: FormulaMessages.circularReference },
    ]);
}

/** The rollup functions a field's values allow (docs/behaviour/fields.md by type; computed fields by their result type). */
export function rollupFunctionsFor(model: TableModel, target: ColumnMeta): readonly Aggregation[] {
  if (isComputedField(target) && model.computed) {
    const type = model.computed.typeOf(model, target);
    if (type === 'numeric' || type === 'boolean') return FIELD_TYPES.Number.aggregations;
    if (type === 'date') return DATE_AGGREGATIONS;
    return COUNT_ONLY;
  }
  const def = FIELD_TYPES[target.uidt];
  // Summing or averaging text makes no sense (and fails on PostgreSQL): those stay with count, min and max.
  return NUMERIC_KINDS.has(def.kind) ? def.aggregations : def.aggregations.filter((a) => !SUMS.includes(a));
}

/** 400 naming the function, the field and what it allows, unless `fn` suits `target`. */
export function checkRollupFunction(model: TableModel, target: ColumnMeta, fn: string): void {
  const allowed = rollupFunctionsFor(model, target);
  if (!allowed.includes(fn as Aggregation))
    throw badRequest(
      `Rollup function '${fn}' is not available for ${target.uidt} field '${target.title}'; use one of ${allowed.join(', ')}`,
    );
}
