/**
 * The block form of a number or chart widget (dashboards/block-aggregates.ts): which widgets can be kept in
 * blocks of primary keys, the SQL of one block, and the widget's answer from the merged groups.
 */
import type { Aggregation } from '@rowbase/core/fields/field-type';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import { applyWhere } from '../data/filter-sql.js';
import { isIntegerKey, type Row } from '../data/row-query.js';
import type { StoredField } from '../data/table-model.js';
import type { ViewScope } from '../services/views/view-scope.js';
import type { BlockPlan, GroupPartial } from './block-aggregates.js';
import { sumOf } from './block-partials.js';

/** Aggregations whose per-block partials add up to the whole. */
const ADDITIVE: readonly Aggregation[] = ['count', 'sum', 'avg'];
const EXTREMES: readonly Aggregation[] = ['min', 'max'];
/** Group keys that compare alike in the database and in memory on every dialect (MySQL text ignores case). */
const EXACT_KEYS = new Set(['id', 'integer', 'decimal', 'boolean', 'date', 'datetime', 'year']);

export interface BlockWidget {
  scope: ViewScope;
  where: readonly FilterNode[];
  group: StoredField | undefined;
  field: StoredField | undefined;
  aggregation: Aggregation;
  key: string;
  /** The widget's answer from its groups, each with its aggregate value as the database would return it. */
  finish(groups: { raw: unknown; value: number | null }[]): unknown;
}

/** The block plan of a widget, or undefined when it cannot be kept in blocks (the plain SQL path answers). */
export function blockPlanOf(w: BlockWidget): BlockPlan | undefined {
  const { scope, group, field, aggregation } = w;
  const pk = scope.model.pk;
  if (!pk || !isIntegerKey(pk)) return undefined;
  const numeric = !field || field.kind === 'integer' || field.kind === 'decimal';
  if (!ADDITIVE.includes(aggregation) && !(EXTREMES.includes(aggregation) && numeric)) return undefined;
  if ((aggregation === 'sum' || aggregation === 'avg') && !numeric) return undefined;
  const dialect = scope.model.dialect;
  if (group && dialect === 'mysql' && !EXACT_KEYS.has(group.kind)) return undefined;
  // MySQL answers an average as a decimal rounded to 4 more places than the field has: the plain path answers.
  if (aggregation === 'avg' && dialect === 'mysql') return undefined;
  const scale = exactScaleOf(field);
  const db = scope.db;
  const table = scope.model.tableName;
  return {
    tableId: scope.model.id,
    key: w.key,
    bounds: async () => {
      const row = (await db(table).min({ lo: pk.name }).max({ hi: pk.name }).first()) as Row | undefined;
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return { min: num(row?.lo), max: num(row?.hi) };
    },
    // SQLite counts the commits of other connections (index builds, other processes, direct SQL).
    outsideWrites:
      dialect === 'sqlite'
        ? async () => {
            const rows = (await db.raw('pragma data_version')) as { data_version: number }[];
            return rows[0]?.data_version;
          }
        : undefined,
    block: async (lo, hi) => {
      const qb = db(table).where(pk.name, '>=', lo).where(pk.name, '<', hi);
      if (w.where.length) {
        const now = new Date();
        void qb.where((inner: Knex.QueryBuilder) => void applyWhere(inner, scope.model, w.where, now));
      }
      if (group) void qb.select({ rb_g: group.name }).groupBy(group.name);
      void qb.count({ rb_n: '*' });
      if (field) {
        void qb.count({ rb_c: field.name });
        if (aggregation === 'sum' || aggregation === 'avg') {
          void qb.sum({ rb_s: field.name });
          if (scale !== undefined && dialect === 'sqlite') {
            const unit = 10 ** scale;
            void qb.select(
              db.raw(`sum(cast(round(?? * ${unit}) as integer)) as rb_si`, [field.name]),
              db.raw(`sum(abs(?? * ${unit} - round(?? * ${unit})) < 1e-6) as rb_fit`, [
                field.name,
                field.name,
              ]),
            );
          }
        }
        if (aggregation === 'min') void qb.min({ rb_min: field.name });
        if (aggregation === 'max') void qb.max({ rb_max: field.name });
      }
      const rows = (await qb) as Row[];
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return rows
        .filter((r) => Number(r.rb_n) > 0)
        .map((r) => ({
          raw: group ? r.rb_g : null,
          p: {
            n: Number(r.rb_n),
            c: Number(r.rb_c ?? 0),
            s: Number(r.rb_s ?? 0),
            min: num(r.rb_min),
            max: num(r.rb_max),
            ...(r.rb_si === undefined ? {} : { si: Number(r.rb_si ?? 0), fit: Number(r.rb_fit ?? 0) }),
          },
        }));
    },
    finish: (groups: GroupPartial[]) =>
      w.finish(groups.map(({ raw, p }) => ({ raw, value: valueOfPartial(p, field, aggregation, scale) }))),
  };
}

/**
 * The scale of a decimal field. PostgreSQL and MySQL keep it exactly: a sum of such values has at most that
 * many places, so the sum of block sums is rounded to them, as the database's own sum is exact. SQLite keeps
 * floating point: there blocks also sum the values in whole units of the last place, exact while every value
 * has no more places than the scale (otherwise the block sums are added up, compensated).
 */
function exactScaleOf(field: StoredField | undefined): number | undefined {
  if (!field || field.kind !== 'decimal') return undefined;
  if (!/^(decimal|numeric)/i.test(field.column.dt ?? '')) return undefined;
  const scale = Number(field.column.dtxs);
  return Number.isInteger(scale) && scale >= 0 && scale <= 12 ? scale : undefined;
}

/** A group's sum: in whole units of the last place when SQLite's values all fit, else rounded to the scale. */
function exactSum(p: GroupPartial['p'], scale: number | undefined): number {
  if (scale === undefined) return sumOf(p);
  if (p.si !== undefined) return p.fit === p.c ? p.si / 10 ** scale : sumOf(p);
  return Number(sumOf(p).toFixed(scale));
}

/** The aggregate of a group from its merged partial, as SQL would answer it (null for no values). */
function valueOfPartial(
  p: GroupPartial['p'],
  field: StoredField | undefined,
  type: Aggregation,
  scale: number | undefined,
): number | null {
  switch (type) {
    case 'count':
      return field ? p.c : p.n;
    case 'sum':
      return p.c ? exactSum(p, scale) : null;
    case 'avg':
      return p.c ? exactSum(p, scale) / p.c : null;
    case 'min':
      return p.min;
    case 'max':
      return p.max;
    default:
      return null;
  }
}

/**
 * Orders chart groups as the SQL path does: by value, largest first, then by key (bars and slices), or by key
 * alone (lines and areas); empty keys and values are the smallest. Keys compare by their decoded value.
 */
export function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = a instanceof Date ? a.toISOString() : String(a);
  const y = b instanceof Date ? b.toISOString() : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
