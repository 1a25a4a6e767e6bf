/**
 * The one resolver of field SQL: `valueOf(model, column, alias)` gives a SQL expression for any field of any
 * table of the source — a plain column, or a computed one as a correlated subquery — usable in SELECT,
 * WHERE and ORDER BY, so a page is one statement whatever computed fields it shows.
 *
 * - Links / Count: the number of linked records; a belongs-to link: the parent's display value (its select
 *   form is the record `{ Id, <display title> }`).
 * - Lookup: through a chain of links to a final field; one value when every hop is belongs-to, else a JSON
 *   array of the values (json_agg / JSON_ARRAYAGG / json_group_array).
 * - Rollup: an aggregate of a field of the linked records.
 * - Formula: compiled by data/formula with this resolver for its references, so formulas over lookups,
 *   rollups, links and other formulas compose.
 * A field met again while its own SQL is being built (a cycle across tables) reads as NULL.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import { AppError, badRequest } from '@rowbase/core/errors';
import {
  computedBy,
  countOptions,
  linkOptions,
  lookupOptions,
  rollupOptions,
} from '@rowbase/core/fields/col-options';
import type { ComputedBy } from '@rowbase/core/fields/field-type';
import type { FormulaType } from '@rowbase/core/formula/types';
import { staticFormulaTypeOf } from '@rowbase/core/formula/types';
import type { Knex } from 'knex';
import { compileFormulaColumn } from '../formula/compile-formula.js';
import type { FieldModel, TableModel } from '../table-model.js';
import { hopOf, hopOrder, subquery, type Hop, type HopEnv } from './link-hops.js';
import { aggregateSql, dateText, jsonArrayAgg, jsonObject } from './sql-parts.js';
import type { Shape } from './shapes.js';

/** A field's SQL: `sql` for WHERE / ORDER BY / formulas, `select` (when different) for the SELECT list. */
export interface FieldSql {
  sql: Knex.Raw;
  select?: Knex.Raw;
  /** The value's type in formulas. */
  type: FormulaType;
  /** How to turn what the driver returns into the API value. */
  shape: Shape;
  /** Set when the field could not be compiled (a broken formula, a cycle): it reads as NULL. */
  error?: string;
  /** The error behind `error`, for checks that refuse such a field. */
  cause?: AppError;
}

/** Whether the row queries compute this field's value in SQL (its type's `computedBy` in the registry). */
export function isComputedField(column: ColumnMeta): boolean {
  return computedBy(column) !== undefined;
}

type Computer = (model: TableModel, column: ColumnMeta, alias: string) => FieldSql;

export class ComputedSql {
  private readonly memo = new Map<string, FieldSql>();
  private readonly building = new Set<string>();
  private aliasCount = 0;
  /** How many times a field was met inside its own SQL (checks compare it before and after). */
  cycles = 0;
  private readonly env: HopEnv;
  private readonly db: Knex;

  constructor(
    readonly knex: Knex,
    private readonly tables: ReadonlyMap<string, TableModel>,
  ) {
    this.db = knex;
    this.env = {
      db: knex,
      tableOf: (id) => {
        const t = this.tables.get(id);
        if (!t) throw new Error(`Linked table ${id} is not in this source`);
        return t;
      },
      nextAlias: () => `rb_l${++this.aliasCount}`,
    };
  }

  /** Another table of the source by id. */
  tableOf(id: string): TableModel | undefined {
    return this.tables.get(id);
  }

  /** The SQL of `column` (a field of `model`) for rows aliased `alias`. */
  valueOf(model: TableModel, column: ColumnMeta, alias: string): FieldSql {
    const key = `${model.id}\u0000${column.id}\u0000${alias}`;
    const done = this.memo.get(key);
    if (done) return done;
    const cycleKey = `${model.id}\u0000${column.id}`;
    if (this.building.has(cycleKey)) {
      this.cycles++;
      return this.nullValue('Circular reference detected');
    }
    this.building.add(cycleKey);
    let out: FieldSql;
    try {
      out = this.build(model, column, alias);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out = { ...this.nullValue(err.message), cause: err };
    } finally {
      this.building.delete(cycleKey);
    }
    this.memo.set(key, out);
    return out;
  }

  /** The formula type of a field (what a formula referencing it works with). */
  typeOf(model: TableModel, column: ColumnMeta): FormulaType {
    if (!isComputedField(column)) return staticFormulaTypeOf(column);
    return this.valueOf(model, column, model.tableName).type;
  }

  private nullValue(error: string): FieldSql {
    return { sql: this.db.raw('NULL'), type: 'null', shape: { kind: 'null' }, error };
  }

  private fieldOf(model: TableModel, id: string): FieldModel {
    const f = model.fields.find((x) => x.column.id === id);
    if (!f) throw badRequest(`Field ${id} not found in table '${model.title}'`);
    return f;
  }

  /** One way to compute each kind of computed field; the field registry says which kind a UI type is. */
  private readonly computers: Record<ComputedBy, Computer> = {
    link: (model, column, alias) => this.link(model, column, alias),
    count: (model, column, alias) => {
      const relId = countOptions(column)?.fk_relation_column_id;
      if (!relId) return this.nullValue('Count field without a link');
      return this.link(model, this.fieldOf(model, relId).column, alias, true);
    },
    lookup: (model, column, alias) => this.lookup(model, column, alias),
    rollup: (model, column, alias) => this.rollup(model, column, alias),
    formula: (model, column, alias) => this.formula(model, column, alias),
  };

  private build(model: TableModel, column: ColumnMeta, alias: string): FieldSql {
    const by = computedBy(column);
    if (by) return this.computers[by](model, column, alias);
    const f = this.fieldOf(model, column.id);
    if (!f.name) return this.nullValue(`${column.uidt} fields have no value in SQL`);
    return {
      sql: this.db.raw('??', [`${alias}.${f.name}`]),
      type: staticFormulaTypeOf(column),
      shape: { kind: 'field', field: f },
    };
  }

  private count(hop: Hop): Knex.Raw {
    return subquery(this.db, [hop], this.db.raw('COUNT(*)'));
  }

  private link(model: TableModel, column: ColumnMeta, alias: string, asCount = false): FieldSql {
    const o = linkOptions(column);
    if (!o) throw badRequest(`Link field '${column.title}' has no link options`);
    const hop = hopOf(this.env, model, column, alias);
    if (o.type === 'hm' || o.type === 'mm' || asCount) {
      return { sql: this.count(hop), type: 'numeric', shape: { kind: 'number' } };
    }
    // belongs-to: the parent's display value; listed as { Id, <display title> }.
    const parent = hop.model;
    const pk = parent.pk;
    const pv = parent.fields.find((f) => f.column.pv) ?? parent.fields.find((f) => !f.column.pk && f.name);
    const display = pv ? this.valueOf(parent, pv.column, hop.alias) : undefined;
    const entries: [string, Knex.Raw][] = [];
    if (pk) entries.push([pk.title, this.db.raw('??', [`${hop.alias}.${pk.name}`])]);
    if (display && pv && pv !== pk) entries.push([pv.title, display.select ?? display.sql]);
    const record = subquery(this.db, [hop], jsonObject(this.db, model.dialect, entries));
    const sql = display ? subquery(this.db, [hop], display.sql) : this.count(hop);
    return { sql, select: record, type: display?.type ?? 'numeric', shape: { kind: 'json' } };
  }

  private lookup(model: TableModel, column: ColumnMeta, alias: string): FieldSql {
    const hops: Hop[] = [];
    let current = model;
    let from = alias;
    let target: ColumnMeta = column;
    // Follow lookups of lookups to the final field, one hop per link; a lookup met twice is a cycle.
    const seen = new Set<string>();
    while (computedBy(target) === 'lookup') {
      const key = `${current.id}\u0000${target.id}`;
      if (seen.has(key)) {
        this.cycles++;
        return this.nullValue('Circular reference detected');
      }
      seen.add(key);
      const o = lookupOptions(target);
      if (!o) throw badRequest(`Lookup field '${target.title}' has no lookup options`);
      const hop = hopOf(this.env, current, this.fieldOf(current, o.fk_relation_column_id).column, from);
      hops.push(hop);
      current = hop.model;
      from = hop.alias;
      target = this.fieldOf(current, o.fk_lookup_column_id).column;
    }
    const value = this.valueOf(current, target, from);
    const many = hops.some((h) => h.many);
    if (!many) {
      const select = value.select ? subquery(this.db, hops, value.select) : undefined;
      return { sql: subquery(this.db, hops, value.sql), select, type: value.type, shape: value.shape };
    }
    const element = value.select ?? value.sql;
    const agg = jsonArrayAgg(this.db, model.dialect, element, hopOrder(this.db, hops));
    return { sql: subquery(this.db, hops, agg), type: 'json', shape: { kind: 'array', of: value.shape } };
  }

  private rollup(model: TableModel, column: ColumnMeta, alias: string): FieldSql {
    const o = rollupOptions(column);
    if (!o) throw badRequest(`Rollup field '${column.title}' has no rollup options`);
    const hop = hopOf(this.env, model, this.fieldOf(model, o.fk_relation_column_id).column, alias);
    const target = this.fieldOf(hop.model, o.fk_rollup_column_id).column;
    const value = this.valueOf(hop.model, target, hop.alias);
    const fn = o.rollup_function ?? 'count';
    const sql = subquery(this.db, [hop], aggregateSql(this.db, fn, rollupOperand(this.db, model, value, fn)));
    if ((fn === 'min' || fn === 'max') && value.type !== 'numeric') {
      const select = value.type === 'date' ? dateText(this.db, model.dialect, sql) : undefined;
      return { sql, select, type: value.type, shape: value.type === 'date' ? { kind: 'text' } : value.shape };
    }
    return { sql, type: 'numeric', shape: { kind: 'number' } };
  }

  private formula(model: TableModel, column: ColumnMeta, alias: string): FieldSql {
    const compiled = compileFormulaColumn(column, {
      knex: this.db,
      dialect: model.dialect,
      columns: model.fields.map((f) => f.column),
      columnSql: (c) => this.valueOf(model, c, alias).sql,
      resolveType: (c) => {
        const by = computedBy(c);
        return by && by !== 'formula' ? this.typeOf(model, c) : undefined;
      },
    });
    const { sql, type } = compiled;
    switch (type) {
      case 'numeric':
        return { sql, type, shape: { kind: 'number' } };
      case 'boolean':
        return { sql, type, shape: { kind: 'boolean' } };
      case 'date':
        return { sql, select: dateText(this.db, model.dialect, sql), type, shape: { kind: 'text' } };
      case 'json':
        return { sql, type, shape: { kind: 'json' } };
      default:
        return { sql, type, shape: { kind: 'text' } };
    }
  }
}

/** Booleans sum and average as 1/0 on PostgreSQL too. */
function rollupOperand(db: Knex, model: TableModel, value: FieldSql, fn: string): Knex.Raw {
  const numeric = fn === 'sum' || fn === 'avg' || fn === 'sumDistinct' || fn === 'avgDistinct';
  if (numeric && value.type === 'boolean' && model.dialect === 'pg')
    return db.raw('(CASE WHEN ? THEN 1 WHEN NOT ? THEN 0 END)', [value.sql, value.sql]);
  return value.sql;
}
