/**
 * The computed-field resolver without a database: the SQL shapes it builds per dialect, that a page needs
 * no query per row (everything is a correlated subquery of the one SELECT), and cycle protection.
 */
import type { ColumnMeta, TableMeta } from '@rowbase/core/api/meta';
import type { Dialect } from '@rowbase/core/fields/field-type';
import type { UIType } from '@rowbase/core/fields/ui-types';
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { buildTableModel } from '../table-model.js';
import { sourceModels } from './attach.js';

const col = (id: string, table: string, uidt: UIType, extra: Partial<ColumnMeta> = {}): ColumnMeta => ({
  id,
  fk_model_id: table,
  column_name: extra.column_name === undefined ? id : extra.column_name,
  title: id,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  un: false,
  ai: false,
  system: false,
  ...extra,
});
const table = (id: string, columns: ColumnMeta[]): TableMeta & { columns: ColumnMeta[] } => ({
  id,
  base_id: 'b',
  source_id: 's',
  table_name: `t_${id}`,
  title: id,
  type: 'table',
  columns,
});

/** Customers -hm-> Orders, with a lookup, a rollup and formulas, for one dialect. */
function shop(dialect: Dialect, client: string) {
  const db = knexFactory({ client, useNullAsDefault: true });
  const link = { fk_child_column_id: 'customer_id', fk_parent_column_id: 'cid', virtual: false };
  const customers = table('customers', [
    col('cid', 'customers', 'ID', { pk: true }),
    col('name', 'customers', 'SingleLineText', { pv: true }),
    col('orders', 'customers', 'Links', {
      column_name: null,
      colOptions: { ...link, type: 'hm', fk_related_model_id: 'orders' },
    }),
    col('titles', 'customers', 'Lookup', {
      column_name: null,
      colOptions: { fk_relation_column_id: 'orders', fk_lookup_column_id: 'otitle' },
    }),
    col('spent', 'customers', 'Rollup', {
      column_name: null,
      colOptions: { fk_relation_column_id: 'orders', fk_rollup_column_id: 'amount', rollup_function: 'sum' },
    }),
    col('double', 'customers', 'Formula', {
      column_name: null,
      colOptions: { formula: '{spent} * 2', formula_raw: '' },
    }),
    col('loop', 'customers', 'Lookup', {
      column_name: null,
      colOptions: { fk_relation_column_id: 'orders', fk_lookup_column_id: 'back' },
    }),
  ]);
  const orders = table('orders', [
    col('oid', 'orders', 'ID', { pk: true }),
    col('otitle', 'orders', 'SingleLineText', { pv: true }),
    col('amount', 'orders', 'Decimal'),
    col('customer_id', 'orders', 'ForeignKey'),
    col('customer', 'orders', 'LinkToAnotherRecord', {
      column_name: null,
      colOptions: { ...link, type: 'bt', fk_related_model_id: 'customers' },
    }),
    col('back', 'orders', 'Lookup', {
      column_name: null,
      colOptions: { fk_relation_column_id: 'customer', fk_lookup_column_id: 'loop' },
    }),
  ]);
  const model = buildTableModel(customers, customers.columns, dialect);
  const models = sourceModels(db, model, [customers, orders]);
  const sqlOf = (id: string) => {
    const c = model.fields.find((f) => f.column.id === id)!.column;
    return model.computed!.valueOf(model, c, model.tableName).sql.toString();
  };
  return { model, models, sqlOf };
}

describe('computed field SQL', () => {
  it('counts has-many links with a correlated subquery on the foreign key', () => {
    const { sqlOf } = shop('pg', 'pg');
    expect(sqlOf('orders')).toBe(
      '(SELECT COUNT(*) FROM "t_orders" as "rb_l1" WHERE "rb_l1"."customer_id" = "t_customers"."cid")',
    );
  });

  it('aggregates has-many lookups as JSON arrays per dialect, in link order', () => {
    expect(shop('pg', 'pg').sqlOf('titles')).toContain(
      'COALESCE(json_agg("rb_l1"."otitle" ORDER BY "rb_l1"."oid")',
    );
    expect(shop('mysql', 'mysql2').sqlOf('titles')).toContain(
      'JSON_ARRAYAGG(`rb_l1`.`otitle` ORDER BY `rb_l1`.`oid`)',
    );
    expect(shop('sqlite', 'better-sqlite3').sqlOf('titles')).toContain(
      'json_group_array(`rb_l1`.`otitle` ORDER BY `rb_l1`.`oid`)',
    );
  });

  it('compiles formulas over rollups by inlining the rollup subquery', () => {
    const { sqlOf } = shop('pg', 'pg');
    const sql = sqlOf('double');
    expect(sql).toContain('(SELECT COALESCE(SUM("rb_l');
    expect(sql).toMatch(/ \* CAST\(2 AS numeric\)\)$/);
  });

  it('reads a field met again inside its own SQL as NULL and counts the cycle', () => {
    const { model, sqlOf } = shop('sqlite', 'better-sqlite3');
    const sql = sqlOf('loop');
    expect(sql).toContain('NULL');
    expect(model.computed!.cycles).toBeGreaterThan(0);
  });

  it('binds every value: JSON keys of belongs-to records are parameters', () => {
    const { models } = shop('pg', 'pg');
    const orders = models.get('orders')!;
    const bt = orders.fields.find((f) => f.column.id === 'customer')!.column;
    const value = orders.computed!.valueOf(orders, bt, orders.tableName);
    const native = value.select!.toSQL().toNative();
    expect(native.sql).toContain('json_build_object(CAST($1 AS text), "rb_l');
    expect(native.bindings).toEqual(['cid', 'name']);
  });
});
