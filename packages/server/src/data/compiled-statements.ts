/**
 * Statements compiled with knex once per table model and request shape (docs/performance.md, "A warm read, step by
 * step"). On PostgreSQL a filter whose SQL does not depend on its values is compiled once per filter shape, its
 * values bound per request ("Filters bound per request (PostgreSQL)"): building and compiling a page's statement
 * with knex was the largest step of a filtered page in the server, and a cache keyed by the values never hits
 * when they change from one request to the next.
 */
import type { Knex } from 'knex';
import { printWhere, type FilterNode } from '@rowbase/core/filters/where';
import type { BoundFilter } from './filter-sql.js';
import type { NativeQuery } from './sqlite-statements.js';
import type { TableModel } from './table-model.js';

/** A compiled statement and, per binding, which filter value goes there (-1: the binding stays). */
interface FilterTemplate extends NativeQuery {
  slots: readonly number[];
}

export const MAX_SHAPES = 500;
const shapesByModel = new WeakMap<TableModel, Map<string, NativeQuery | FilterTemplate>>();

/** Compiled statements of a table model, by request shape; a new model (after a meta change) starts empty. */
export function compiledShapes(model: TableModel): Map<string, NativeQuery | FilterTemplate> {
  let m = shapesByModel.get(model);
  if (!m) shapesByModel.set(model, (m = new Map()));
  return m;
}

const nativeOf = (qb: Knex.QueryBuilder): NativeQuery => {
  const compiled = qb.toSQL().toNative();
  return { sql: compiled.sql, bindings: compiled.bindings as unknown[] };
};

/**
 * The statement of a request shape (`shape` names everything it depends on but the filter), built by `build`
 * with knex once per table model. With `bound`, once per filter shape: built with the stand-ins and this
 * request's values bound; `where` otherwise (and when a stand-in is not bound in the statement, whose SQL then
 * depends on more than the filter's shape: built for this request alone).
 */
export function compiledStatement(
  model: TableModel,
  shape: string,
  where: readonly FilterNode[] | undefined,
  bound: BoundFilter | undefined,
  build: (where: readonly FilterNode[] | undefined) => Knex.QueryBuilder,
): NativeQuery {
  const shapes = compiledShapes(model);
  const key = `${bound ? 'b' : 'v'}\u0000${shape}\u0000${printWhere(bound?.standIns ?? where ?? [])}`;
  let known = shapes.get(key);
  if (!known) {
    known = bound ? templateOf(nativeOf(build(bound.standIns)), bound) : nativeOf(build(where));
    if (!known) return nativeOf(build(where));
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(key, known);
  }
  return bound && 'slots' in known ? bindTemplate(known, bound) : known;
}

/**
 * The template of a statement compiled with the filter's stand-ins; undefined when a stand-in is not bound in it.
 */
function templateOf(compiled: NativeQuery, filter: BoundFilter): FilterTemplate | undefined {
  const slots = compiled.bindings.map((b) => filter.marks.indexOf(b));
  if (!filter.marks.every((_, i) => slots.includes(i))) return undefined;
  return { ...compiled, slots };
}

/** The statement with this request's filter values bound. */
function bindTemplate(template: FilterTemplate, filter: BoundFilter): NativeQuery {
  const { slots, bindings } = template;
  return { sql: template.sql, bindings: slots.map((s, i) => (s < 0 ? bindings[i] : filter.values[s])) };
}
