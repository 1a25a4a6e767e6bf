/**
 * The fields a row query works with: a stored field is its column; a computed field (links, lookups,
 * rollups, formulas, counts) is the expression `ComputedSql` builds over the outer table, selected under a
 * private key and decoded by its shape. The where, sort and page code use `expr` and `key` and never care
 * which one they hold.
 */
import { badRequest } from '@rowbase/core/errors';
import type { ValueKind } from '@rowbase/core/fields/field-type';
import type { FormulaType } from '@rowbase/core/formula/types';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { FieldModel, TableModel } from '../table-model.js';
import { isComputedField, type FieldSql } from './column-sql.js';
import { decoderOfShape } from './shapes.js';

export interface QueryField extends FieldModel {
  /** What WHERE, ORDER BY and GROUP BY use: the column name, or the computed expression. */
  expr: string | Knex.Raw;
  /** The SELECT list entry: the column name, or `<expression> as <key>`. */
  selectExpr: string | Knex.Raw;
  /** Where the value is in a raw result row. */
  key: string;
  computed: boolean;
}

const KIND_OF_TYPE: Record<FormulaType, ValueKind> = {
  numeric: 'decimal',
  string: 'text',
  date: 'datetime',
  boolean: 'boolean',
  json: 'json',
  null: 'text',
  unknown: 'text',
};

function computedField(model: TableModel, f: FieldModel): QueryField | undefined {
  if (!model.computed || !isComputedField(f.column)) return undefined;
  const value: FieldSql = model.computed.valueOf(model, f.column, model.tableName);
  const key = `__rb_${f.column.id}`;
  const db = model.computed.knex;
  return {
    ...f,
    kind: value.shape.kind === 'field' ? value.shape.field.kind : KIND_OF_TYPE[value.type],
    decode: decoderOfShape(value.shape),
    expr: value.sql,
    selectExpr: db.raw('? as ??', [value.select ?? value.sql, key]),
    key,
    computed: true,
  };
}

/**
 * Query fields of a model by the key a request used, built once: a model is rebuilt after any meta change, and
 * its computed SQL is attached once, so what a key resolves to never changes for one model.
 */
const fieldsByModel = new WeakMap<TableModel, { computed: TableModel['computed']; byKey: Map<string, QueryField> }>();

/** A field of the table by title, column name or id, ready for a query; 400 naming it when it is unknown. */
export function queryFieldOf(model: TableModel, keyOrTitle: string): QueryField {
  let known = fieldsByModel.get(model);
  if (!known || known.computed !== model.computed) {
    known = { computed: model.computed, byKey: new Map() };
    fieldsByModel.set(model, known);
  }
  let field = known.byKey.get(keyOrTitle);
  if (!field) {
    field = buildQueryField(model, keyOrTitle);
    known.byKey.set(keyOrTitle, field);
  }
  return field;
}

function buildQueryField(model: TableModel, keyOrTitle: string): QueryField {
  const f = model.field(keyOrTitle);
  if (!f) throw badRequest(`Field '${keyOrTitle}' not found in table '${model.title}'`);
  if (f.name !== null) return { ...f, expr: f.name, selectExpr: f.name, key: f.name, computed: false };
  const computed = computedField(model, f);
  if (!computed) throw badRequest(`Field '${keyOrTitle}' is computed and cannot be filtered or sorted yet`);
  return computed;
}

/**
 * Every field a list shows by default: stored fields and the computed ones the queries can compute. The
 * row-order column is left out: a client that wants it names it in `fields`.
 */
export function defaultQueryFields(model: TableModel): QueryField[] {
  return model.fields
    .filter((f) => f !== model.rowOrder)
    .filter((f) => f.name !== null || (model.computed && isComputedField(f.column)))
    .map((f) => queryFieldOf(model, f.column.id));
}

/** Whether a where tree names a computed field (its result then depends on other tables too). */
export function usesComputed(model: TableModel, where: readonly FilterNode[] | undefined): boolean {
  return (where ?? []).some((n) =>
    n.type === 'group' ? usesComputed(model, n.children) : model.field(n.field)?.name === null,
  );
}
