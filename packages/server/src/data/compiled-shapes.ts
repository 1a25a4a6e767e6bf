/**
 * Statements compiled with knex once per table model and request shape (docs/performance.md, "A warm read, step by
 * step"): the shape names everything the SQL depends on, filter values apart (they are bound per request through
 * the filter's slots, filter-sql.ts `filterShape`).
 */
import type { Knex } from 'knex';
import type { NativeQuery } from './sqlite-statements.js';
import type { TableModel } from './table-model.js';

const MAX_SHAPES = 500;
/** Per table model; a new model (after a meta change) starts empty. */
const shapesByModel = new WeakMap<TableModel, Map<string, NativeQuery>>();

/** The statement of a request shape, built by `build` and compiled the first time the shape is seen. */
export function compiledOnce(model: TableModel, shape: string, build: () => Knex.QueryBuilder): NativeQuery {
  let shapes = shapesByModel.get(model);
  if (!shapes) shapesByModel.set(model, (shapes = new Map()));
  let native = shapes.get(shape);
  if (!native) {
    const compiled = build().toSQL().toNative();
    native = { sql: compiled.sql, bindings: compiled.bindings as unknown[] };
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(shape, native);
  }
  return native;
}
