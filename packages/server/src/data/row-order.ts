/**
 * The row-order column in SQL (see core fields/row-order.ts): the default order of a table that has it
 * (`nc_order` ascending, empty first on every engine, then the primary key), its index, new rows' orders
 * (appended: max + 1.., or placed before a given row: midpoints) and renumbering when doubles run out.
 * Everything that writes runs inside the caller's transaction.
 */
import { randomBytes } from 'node:crypto';
import { badRequest, notFound } from '@rowbase/core/errors';
import type { Dialect } from '@rowbase/core/fields/field-type';
import { ordersBetween } from '@rowbase/core/fields/row-order';
import type { Knex } from 'knex';
import type { StoredField, TableModel } from './table-model.js';

/** Orders by the row-order column, then the key: the list order of a table with no sort. */
export function orderByRowOrder(qb: Knex.QueryBuilder, order: StoredField, pk: StoredField | undefined, dialect: Dialect) {
  // PostgreSQL puts empty values last by default; the others first. First everywhere (the index says so too).
  if (dialect === 'pg') void qb.orderByRaw('?? asc nulls first', [order.name]);
  else void qb.orderBy(order.name, 'asc');
  if (pk) void qb.orderBy(pk.name, 'asc');
}

/**
 * Rows after `(order, key)` in that order: a keyset seek for deep pages. Row values on SQLite and
 * PostgreSQL (both read them as one index range); MySQL's range optimizer wants the spelled-out form.
 * On SQLite and PostgreSQL `at` may hold `FilterSlot`s, bound per request (row-query.ts `compiledSeek`).
 */
export function afterRowOrder(
  qb: Knex.QueryBuilder,
  order: StoredField,
  pk: StoredField,
  dialect: Dialect,
  at: readonly [unknown, unknown],
): void {
  const [o, k] = at as readonly [number, number];
  if (dialect === 'mysql') {
    void qb.where((w) =>
      w.where(order.name, '>', o).orWhere((w2) => w2.where(order.name, '=', o).andWhere(pk.name, '>', k)),
    );
  } else void qb.whereRaw('(??, ??) > (?, ?)', [order.name, pk.name, o, k]);
}

/** Creates the index that serves the default order (and its keyset seeks): `(nc_order, pk)`. */
export async function createRowOrderIndex(
  db: Knex,
  dialect: Dialect,
  tableName: string,
  orderColumn: string,
  pkColumn: string | undefined,
): Promise<void> {
  // Index names are per schema: a random one never meets a renamed table's old index.
  const name = `rbo_${randomBytes(8).toString('hex')}`;
  const first = dialect === 'pg' ? '?? asc nulls first' : '??';
  const columns = pkColumn ? [orderColumn, pkColumn] : [orderColumn];
  const list = [first, ...columns.slice(1).map(() => '??')].join(', ');
  await db.raw(`create index ?? on ?? (${list})`, [name, tableName, ...columns]);
}

type Row = Record<string, unknown>;

/** The orders of `count` rows appended at the end: max + 1 .. max + count (one query). */
export async function appendedOrders(trx: Knex.Transaction, model: TableModel, order: StoredField, count: number) {
  const row = (await trx(model.tableName).max({ m: order.name }).first()) as Row | undefined;
  const max = row?.m === null || row?.m === undefined ? 0 : Number(row.m);
  return Array.from({ length: count }, (_, i) => max + i + 1);
}

/**
 * The orders of `count` rows inserted just before the row keyed `before`: evenly spaced between the row
 * before it (in list order) and it; when there is none, between its order − 1 and it. When doubles cannot
 * hold new values there, the table is renumbered 1..N first (same transaction).
 */
export async function ordersBefore(
  trx: Knex.Transaction,
  model: TableModel,
  order: StoredField,
  before: string | number,
  count: number,
): Promise<number[]> {
  const pk = model.pk;
  if (!pk) throw badRequest(`Query parameter 'before': table '${model.title}' has no primary key`);
  for (let attempt = 0; ; attempt++) {
    const target = (await trx(model.tableName).select(order.name).where(pk.name, before).first()) as Row | undefined;
    if (!target) throw notFound(`Record '${String(before)}' given as 'before' not found`);
    const at = target[order.name];
    if (at !== null && at !== undefined) {
      const b = Number(at);
      const prev = (await trx(model.tableName)
        .select(order.name)
        .where((w) => w.where(order.name, '<', b).orWhere((w2) => w2.where(order.name, '=', b).andWhere(pk.name, '<', before)))
        .orderBy(order.name, 'desc')
        .orderBy(pk.name, 'desc')
        .first()) as Row | undefined;
      const a = prev ? Number(prev[order.name]) : b - 1;
      const got = ordersBetween(a, b, count);
      if (got) return got;
    }
    if (attempt > 0) throw new Error(`Rows of '${model.title}' could not be placed after renumbering`);
    await renumberRowOrder(trx, model, order);
  }
}

/** Sets every row's order to its position (1..N) in the current list order. */
export async function renumberRowOrder(trx: Knex.Transaction, model: TableModel, order: StoredField): Promise<void> {
  const pk = model.pk!;
  const nulls = model.dialect === 'pg' ? ' nulls first' : '';
  const ranked = `select ?? as rb_k, row_number() over (order by ?? asc${nulls}, ?? asc) as rb_n from ??`;
  const rankedBindings = [pk.name, order.name, pk.name, model.tableName];
  if (model.dialect === 'mysql') {
    await trx.raw(`update ?? join (${ranked}) as rb_r on ??.?? = rb_r.rb_k set ??.?? = rb_r.rb_n`, [
      model.tableName,
      ...rankedBindings,
      model.tableName,
      pk.name,
      model.tableName,
      order.name,
    ]);
    return;
  }
  await trx.raw(`update ?? set ?? = rb_r.rb_n from (${ranked}) as rb_r where ??.?? = rb_r.rb_k`, [
    model.tableName,
    order.name,
    ...rankedBindings,
    model.tableName,
    pk.name,
  ]);
}
