/**
 * What a read selects and how its raw rows become API rows: a table model's select lists (stored columns and
 * computed expressions), compiled once per field list and kept per model (docs/performance.md, "A warm read,
 * step by step").
 */
import type { Knex } from 'knex';
import { objectDecoder } from './row-builders.js';
import { defaultQueryFields, queryFieldOf, type QueryField } from './computed/query-field.js';
import type { StoredField, TableModel } from './table-model.js';

export type Row = Record<string, unknown>;

/** Select lists kept per model and field list; a new model (after a meta change) starts empty. */
const MAX_PROJECTIONS = 500;
const projectionsByModel = new WeakMap<TableModel, Map<string, Projection>>();

/** One field of a reply: where its value is in the raw row and how to decode it. */
export interface OutField {
  title: string;
  key: string;
  decode: (v: unknown) => unknown;
}

/** What a query selects and returns: stored columns and computed expressions (links, lookups, rollups, formulas). */
export interface Projection {
  out: OutField[];
  select: (string | Knex.Raw)[];
  /**
   * The same list compiled once into one raw (docs/performance.md, "A warm read, step by step"): knex then
   * copies it into each page's SQL instead of quoting every column and expression again. Undefined when the
   * list cannot be one raw (a `?` in it that is not a binding).
   */
  compiledSelect?: Knex.Raw;
  /** Raw rows to API rows (`objectDecoder(out)`, row-builders.ts). */
  decode: (raw: Row) => Row;
}

/** Turns raw rows into API rows keyed by field title (from a projection, or from stored fields). */
export function rowDecoder(fields: readonly (OutField | StoredField)[]): (raw: Row) => Row {
  const list: OutField[] = fields.map((f) => ('key' in f ? f : { title: f.title, key: f.name, decode: f.decode }));
  return (raw) => {
    const out: Row = {};
    for (const f of list) out[f.title] = f.decode(raw[f.key]);
    return out;
  };
}

export function queryFieldsOf(model: TableModel, fields: readonly string[] | undefined): QueryField[] {
  if (!fields?.length) return defaultQueryFields(model);
  const byKey = new Map(fields.map((k) => queryFieldOf(model, k)).map((f) => [f.key, f]));
  return [...byKey.values()];
}

export function cachedProjection(db: Knex, model: TableModel, fields: readonly string[] | undefined): Projection {
  let byFields = projectionsByModel.get(model);
  if (!byFields) projectionsByModel.set(model, (byFields = new Map()));
  const key = fields?.length ? fields.join('\u0001') : '';
  let known = byFields.get(key);
  if (!known) {
    const chosen = queryFieldsOf(model, fields);
    const out = chosen.map((f) => ({ title: f.title, key: f.key, decode: f.decode }));
    const select = selectList(chosen, model.pk);
    known = { out, select, compiledSelect: selectAsOneRaw(db, select), decode: objectDecoder(out) };
    if (byFields.size >= MAX_PROJECTIONS) byFields.clear();
    byFields.set(key, known);
  }
  return known;
}

/**
 * Builds a table model's default select list (every field, its lookups, rollups and formulas compiled to
 * SQL) ahead of its first read: the model cache calls it for the models it loads again after a field
 * change (model-cache.ts), which the first page of the table would otherwise wait for.
 */
export function warmDefaultProjection(db: Knex, model: TableModel): void {
  cachedProjection(db, model, undefined);
}

/**
 * A select list as one raw: `"id", "title", (select …) as "__rb_…"` with its bindings. knex reads every `?`
 * of a raw as a placeholder, so a list whose compiled text holds a `?` that is not a binding (a column named
 * `Why?`) stays a list.
 */
function selectAsOneRaw(db: Knex, select: readonly (string | Knex.Raw)[]): Knex.Raw | undefined {
  const { sql, bindings } = db.queryBuilder().select(select).toSQL();
  if (!sql.startsWith('select ')) return undefined;
  const list = sql.slice('select '.length);
  if ((list.match(/\?/g)?.length ?? 0) !== bindings.length || list.includes('??') || list.includes('\\')) return undefined;
  return db.raw(list, bindings);
}

function selectList(fields: readonly QueryField[], pk: StoredField | undefined): (string | Knex.Raw)[] {
  const names: (string | Knex.Raw)[] = fields.map((f) => f.selectExpr);
  if (pk && !fields.some((f) => f.key === pk.name)) names.push(pk.name);
  return names;
}
