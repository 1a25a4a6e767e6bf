/**
 * Statements compiled with knex once per table model and request shape (docs/performance.md, "A warm read, step by
 * step"): the shape names everything the SQL depends on, filter values apart (they are bound per request through
 * the filter's slots, filter-sql.ts `filterShape`).
 */
import type { Knex } from 'knex';
import { FilterSlot } from './filter-sql.js';
import type { NativeQuery } from './sqlite-statements.js';
import type { TableModel } from './table-model.js';

const MAX_SHAPES = 500;
/** Per table model; a new model (after a meta change) starts empty. Null: a shape that cannot be kept. */
const shapesByModel = new WeakMap<TableModel, Map<string, NativeQuery | null>>();

function cached(model: TableModel, shape: string, compile: () => NativeQuery | null): NativeQuery | null {
  let shapes = shapesByModel.get(model);
  if (!shapes) shapesByModel.set(model, (shapes = new Map()));
  let native = shapes.get(shape);
  if (native === undefined) {
    native = compile();
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    shapes.set(shape, native);
  }
  return native;
}

function compiled(qb: Knex.QueryBuilder): NativeQuery {
  const native = qb.toSQL().toNative();
  return { sql: native.sql, bindings: native.bindings as unknown[] };
}

/** The statement of a request shape, built by `build` and compiled the first time the shape is seen. */
export function compiledOnce(model: TableModel, shape: string, build: () => Knex.QueryBuilder): NativeQuery {
  return cached(model, shape, () => compiled(build()))!;
}

/** What an OFFSET is compiled with in `compiledWithOffsetSlot`, found again among the bindings. */
const OFFSET_STAND_IN = 2_147_483_646;

/**
 * As `compiledOnce`, for a statement whose OFFSET changes from request to request (a deep page read on from a
 * seek point near it, docs/performance.md "Deep pages compiled once"): `build` gets a stand-in offset, whose
 * binding becomes `FilterSlot(slot)`, bound by `withSlotValues`. Undefined when the stand-in is not bound exactly
 * once: the caller then compiles each request's statement itself.
 */
export function compiledWithOffsetSlot(
  model: TableModel,
  shape: string,
  slot: number,
  build: (offset: number) => Knex.QueryBuilder,
): NativeQuery | undefined {
  const native = cached(model, shape, () => {
    const q = compiled(build(OFFSET_STAND_IN));
    const at = q.bindings.indexOf(OFFSET_STAND_IN);
    if (at < 0 || q.bindings.indexOf(OFFSET_STAND_IN, at + 1) >= 0) return null;
    return { sql: q.sql, bindings: q.bindings.map((b, i) => (i === at ? new FilterSlot(slot) : b)) };
  });
  return native ?? undefined;
}
