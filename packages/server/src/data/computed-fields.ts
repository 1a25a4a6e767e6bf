/**
 * Formula fields in the row query: each compiled once per table model (through data/formula) into a SQL
 * expression the page SELECT carries, so a page stays one statement. A formula that does not compile (or
 * refers to fields the data plane cannot express yet, such as lookups) reads as null instead of failing
 * the page; filtering or sorting by it answers 400 with the formula's error.
 */
import { badRequest } from '@rowbase/core/errors';
import type { FormulaType } from '@rowbase/core/formula/types';
import type { Knex } from 'knex';
import { compileFormulaColumn } from './formula/compile-formula.js';
import type { FieldModel, TableModel } from './table-model.js';

export interface ComputedField {
  field: FieldModel;
  /** The SELECT alias; never a user title, so it cannot collide with a column. */
  alias: string;
  /** The value expression, or undefined when the formula cannot be compiled. */
  sql: Knex.Raw | undefined;
  error?: string;
  decode: (v: unknown) => unknown;
}

const compiled = new WeakMap<TableModel, Map<string, ComputedField>>();

function decoderOf(type: FormulaType): (v: unknown) => unknown {
  switch (type) {
    case 'numeric':
      return (v) => (v === null || v === undefined || typeof v === 'number' ? v : Number(v));
    case 'boolean':
      return (v) => (v === null || v === undefined ? null : v === true || v === 1 || v === '1' || v === 't');
    case 'json':
      return (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      };
    default:
      return (v) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : v);
  }
}

/** The computed form of a formula field of the model (compiled on first use, then kept with the model). */
export function computedField(model: TableModel, db: Knex, field: FieldModel): ComputedField {
  let byId = compiled.get(model);
  if (!byId) compiled.set(model, (byId = new Map()));
  const hit = byId.get(field.column.id);
  if (hit) return hit;
  const alias = `__rb_f${byId.size}`;
  let out: ComputedField;
  try {
    const { sql, type } = compileFormulaColumn(field.column, {
      knex: db,
      dialect: model.dialect,
      columns: model.fields.map((f) => f.column),
      columnSql: (c) => {
        if (!c.column_name || model.field(c.id)?.name === null) {
          throw badRequest(`Formula field '${field.title}' uses '${c.title}', which cannot be computed here yet`);
        }
        return db.ref(c.column_name) as unknown as Knex.Raw;
      },
    });
    out = { field, alias, sql, decode: decoderOf(type) };
  } catch (err) {
    out = { field, alias, sql: undefined, error: (err as Error).message, decode: () => null };
  }
  byId.set(field.column.id, out);
  return out;
}

/** Whether the field is computed in the query (a formula). */
export function isComputed(field: FieldModel): boolean {
  return field.column.uidt === 'Formula';
}

/** The expression of a computed field for WHERE / ORDER BY, or a 400 with the formula's problem. */
export function computedSql(model: TableModel, db: Knex, field: FieldModel): Knex.Raw {
  const c = computedField(model, db, field);
  if (!c.sql) throw badRequest(`Field '${field.title}' cannot be used here: ${c.error}`);
  return c.sql;
}
