/**
 * Writing rows: every row of a request is validated before anything is written, then all of it runs in one
 * transaction (multi-row INSERTs in batches), so a bad row or a missing id leaves the table as it was.
 */
import { notFound, badRequest } from '@rowbase/core/errors';
import type { FilterNode } from '@rowbase/core/filters/where';
import type { Knex } from 'knex';
import type { DataCache } from '../data/data-cache.js';
import { RowReader, pkValue } from '../data/row-query.js';
import { appendedOrders, ordersBefore } from '../data/row-order.js';
import type { StoredField, TableModel } from '../data/table-model.js';
import { insertSqliteRows } from '../data/sqlite-insert.js';
import { insertPgRows } from '../data/pg-insert.js';
import { prepared, quoteIdent, sqliteConnection } from '../data/sqlite-statements.js';
import type { AppContext } from '../context.js';
import type { RowChangePublisher } from '../changes/change-feed.js';
import { rowWriteError } from './rows-db-errors.js';
import {
  deletedEvent,
  insertedEvent,
  readPrevious,
  updatedEvent,
  updatedWhereEvent,
} from './rows-changes.js';
import { autoUpdateColumns, nowStamp, prepareRow, type ColumnValues } from './rows-validate.js';

export interface WriteTarget {
  model: TableModel;
  db: Knex;
  /** Row readers of filtered writes use the table's cached counts and seeks. */
  cache: DataCache;
  /**
   * Where each committed write is published: one event per write, after its transaction committed (caches,
   * realtime and everything else subscribe to the change feed).
   */
  changes: RowChangePublisher;
}

/** The target of writes to one table, publishing committed changes on the app's change feed. */
export function writeTarget(
  ctx: Pick<AppContext, 'changes' | 'dataCache'>,
  model: TableModel,
  db: Knex,
): WriteTarget {
  return { model, db, cache: ctx.dataCache, changes: ctx.changes };
}

/** Bind parameters per statement we stay under (SQLite allows 32766, PostgreSQL 65535). */
const MAX_PARAMS = 30_000;
const MAX_ROWS_PER_INSERT = 1000;
/** Rows per INSERT of arrays on PostgreSQL. */
const PG_ROWS_PER_INSERT = 5000;

/** Rows of a database view are read only (PostgreSQL and MySQL would otherwise write through simple views). */
export function requireWritable(model: TableModel): void {
  if (model.readOnly)
    throw badRequest(`Table '${model.title}' is a database view: its rows cannot be changed`);
}

function requirePk(model: TableModel): StoredField {
  if (!model.pk) throw badRequest(`Table '${model.title}' has no primary key`);
  return model.pk;
}

/** The key identifying a row in a write body: the primary key's title, column name, or `Id`. */
export function idOfItem(model: TableModel, item: unknown, index?: number): unknown {
  const pk = requirePk(model);
  const o = (item ?? {}) as Record<string, unknown>;
  const id = o[pk.title] ?? o[pk.name] ?? o.Id ?? o.id;
  if (id === undefined || id === null || id === '') {
    throw badRequest(
      index === undefined
        ? `The primary key '${pk.title}' is required`
        : `Row ${index}: the primary key '${pk.title}' is required`,
    );
  }
  return pkValue(pk, id);
}

/** Attempts of a write that the database chose as a deadlock victim. */
const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a write in one transaction; database refusals become 400/409s naming the field. A transaction the
 * database chose as a deadlock victim is run again (MySQL and PostgreSQL ask clients to).
 */
export async function inTransaction<T>(
  t: WriteTarget,
  fn: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await t.db.transaction(fn);
    } catch (err) {
      if (attempt < DEADLOCK_ATTEMPTS && isDeadlock(err)) continue;
      throw rowWriteError(err, t.model) ?? err;
    }
  }
}

/** MySQL's ER_LOCK_DEADLOCK, PostgreSQL's deadlock_detected. */
function isDeadlock(err: unknown): boolean {
  const e = err as { errno?: unknown; code?: unknown };
  return e.errno === 1213 || e.code === '40P01';
}

/** Where new rows go in a table with a row order: last by default, or just before the row keyed `before`. */
export interface InsertPlace {
  before?: unknown;
  /**
   * Insert each row under the primary key it carries instead of a new one: how an undone delete brings rows
   * back as they were (with their `nc_order`, they return to their place). A key in use is refused.
   */
  keepIds?: boolean;
}

/**
 * Inserts rows and returns their primary keys, in order. In a table with a row-order column, rows without
 * an order of their own go last, or just before the row keyed `place.before`, in the order they came.
 * @example await insertRows(target, [{ Title: 'a' }, { Title: 'b' }]) // [1, 2]
 */
export async function insertRows(
  t: WriteTarget,
  inputs: readonly unknown[],
  bulk: boolean,
  place: InsertPlace = {},
): Promise<unknown[]> {
  requireWritable(t.model);
  const order = t.model.rowOrder;
  let before: string | number | undefined;
  if (place.before !== undefined) {
    if (!order) {
      throw badRequest(
        `Query parameter 'before' is not supported: table '${t.model.title}' has no row order column (nc_order)`,
      );
    }
    before = pkValue(requirePk(t.model), place.before);
  }
  const rows = inputs.map((input, i) => prepareRow(t.model, input, 'insert', bulk ? i : undefined));
  if (place.keepIds) {
    const pk = requirePk(t.model);
    rows.forEach((r, i) => (r[pk.name] = pk.encode(idOfItem(t.model, inputs[i], bulk ? i : undefined))));
  }
  const unplaced = order ? rows.filter((r) => r[order.name] === undefined || r[order.name] === null) : [];
  const ids = await inTransaction(t, async (trx) => {
    if (order) await placeRows(trx, t.model, order, unplaced, before);
    const inserted = await insertPrepared(trx, t.model, rows);
    if (place.keepIds) await keyCounterPastMax(trx, t.model);
    return inserted;
  });
  t.changes.publish(insertedEvent(t.model, ids, rows));
  return ids;
}

/**
 * After rows went in under keys of their own: PostgreSQL's key sequence does not see them (MySQL and SQLite
 * move their counters past the largest key by themselves), so it is moved past the largest key, never back.
 */
async function keyCounterPastMax(trx: Knex.Transaction, model: TableModel): Promise<void> {
  const pk = model.pk;
  if (model.dialect !== 'pg' || !pk?.column.ai) return;
  const seq = (await trx.raw('select pg_get_serial_sequence(quote_ident(?), ?) as seq', [
    model.tableName,
    pk.name,
  ])) as {
    rows: { seq: string | null }[];
  };
  const name = seq.rows[0]?.seq;
  if (!name) return;
  // The name comes from PostgreSQL already quoted where it needs to be, so it can stand in the SQL text.
  await trx.raw(
    `select setval(?::regclass, greatest((select coalesce(max(??), 0) from ??), (select last_value from ${name})))`,
    [name, pk.name, model.tableName],
  );
}

/**
 * Gives the rows that came without an order of their own the next places: appended, or before the row keyed
 * `before` (set again when a transaction is retried).
 */
export async function placeRows(
  trx: Knex.Transaction,
  model: TableModel,
  order: StoredField,
  unplaced: ColumnValues[],
  before: string | number | undefined,
): Promise<void> {
  if (!unplaced.length && before === undefined) return;
  // MySQL: a read then a write in one transaction deadlocks with DDL queued between them (a background index
  // build waits for the read's table lock; the write's stronger lock waits behind it). Claim the write lock
  // first with a write that changes nothing.
  if (model.dialect === 'mysql')
    await trx.raw('update ?? set ?? = ?? where 1 = 0', [model.tableName, order.name, order.name]);
  const orders =
    before === undefined
      ? await appendedOrders(trx, model, order, unplaced.length)
      : await ordersBefore(trx, model, order, before, unplaced.length);
  unplaced.forEach((r, i) => (r[order.name] = orders[i]));
}

export async function insertPrepared(
  trx: Knex.Transaction,
  model: TableModel,
  rows: ColumnValues[],
  /** Every row has the same keys (rows of an import): no need to compare them row by row. */
  sameKeys = false,
): Promise<unknown[]> {
  const pk = model.pk;
  const ids: unknown[] = new Array(rows.length);
  // Consecutive rows with the same keys share a statement; a missing key must mean the column default,
  // and rows keep the order they came in.
  const sigs = sameKeys ? undefined : rows.map((r) => Object.keys(r).join('\u0000'));
  let start = 0;
  while (start < rows.length) {
    const sig = sigs?.[start];
    const width = Math.max(1, Object.keys(rows[start]!).length);
    // knex writes SQLite multi-row inserts (tables without a key) as UNION ALL selects: at most 500.
    // PostgreSQL takes a column's values as one array (data/pg-insert.ts), so its cap is not about parameters.
    const cap =
      model.dialect === 'sqlite' ? 500 : model.dialect === 'pg' ? PG_ROWS_PER_INSERT : MAX_ROWS_PER_INSERT;
    const per = Math.max(1, Math.min(cap, Math.floor(MAX_PARAMS / width)));
    let end = start + 1;
    while (end < rows.length && end - start < per && sigs?.[end] === sig) end++;
    const values = rows.slice(start, end);
    const got = await insertChunk(trx, model, values);
    values.forEach((v, k) => {
      ids[start + k] = pk ? (v[pk.name] ?? got[k]) : undefined;
    });
    start = end;
  }
  return ids;
}

/** One multi-row INSERT; returns generated keys where the database tells them. */
async function insertChunk(
  trx: Knex.Transaction,
  model: TableModel,
  values: ColumnValues[],
): Promise<unknown[]> {
  const pk = model.pk;
  const empty = values.every((v) => Object.keys(v).length === 0);
  if (model.dialect === 'mysql') {
    if (empty) {
      const out: unknown[] = [];
      for (let i = 0; i < values.length; i++) out.push((await trx(model.tableName).insert({}))[0]);
      return out;
    }
    // MySQL reports the first generated id; one multi-row INSERT takes consecutive ones.
    const [first] = await trx(model.tableName).insert(values);
    return values.map((_, k) => (typeof first === 'number' && first > 0 ? first + k : undefined));
  }
  if (model.dialect === 'pg' && !empty) {
    const cols = Object.keys(values[0]!);
    const rows = await insertPgRows(trx, model, cols, values, pk?.name);
    if (rows) return pk ? rows.map((r) => pk.decode(r[pk.name])) : [];
  }
  if (!pk) {
    await trx(model.tableName).insert(empty ? values.map(() => ({})) : values);
    return [];
  }
  if (empty) {
    const out: unknown[] = [];
    for (let i = 0; i < values.length; i++) {
      const [r] = await trx(model.tableName).insert({}).returning(pk.name);
      out.push(pk.decode((r as Record<string, unknown>)[pk.name]));
    }
    return out;
  }
  const cols = Object.keys(values[0]!);
  if (model.dialect === 'sqlite' && pk.column.ai && cols.includes(pk.name)) {
    // Rows under keys of their own (an undone delete): one prepared INSERT per row; the key is the rowid.
    const conn = await sqliteConnection(trx);
    const stmt = prepared(
      conn,
      `insert into ${quoteIdent(model.tableName)} (${cols.map(quoteIdent).join(',')}) values (${cols.map(() => '?').join(',')})`,
    );
    return values.map((v) => Number(stmt.run(cols.map((c) => v[c])).lastInsertRowid));
  }
  if (model.dialect === 'sqlite' && pk.column.ai) {
    // Embedded SQLite: prepared multi-row INSERTs inside the transaction; the keys follow from the last rowid.
    const width = cols.length;
    return insertSqliteRows(trx, model.tableName, cols, values.length, (args, from, n) => {
      for (let r = 0, k = 0; r < n; r++) {
        const v = values[from + r]!;
        for (let c = 0; c < width; c++) args[k++] = v[cols[c]!];
      }
    });
  }
  // One VALUES list (knex writes SQLite multi-row inserts as UNION ALL selects, capped at 500 rows).
  const tuple = `(${cols.map(() => '?').join(',')})`;
  const sql =
    `insert into ?? (${cols.map(() => '??').join(',')}) values ` +
    `${values.map(() => tuple).join(',')} returning ??`;
  const bindings: Knex.RawBinding[] = [model.tableName, ...cols];
  for (const v of values) for (const c of cols) bindings.push(v[c] as Knex.RawBinding);
  bindings.push(pk.name);
  const result = (await trx.raw(sql, bindings)) as
    Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  const returned = Array.isArray(result) ? result : result.rows;
  return returned.map((r) => pk.decode(r[pk.name]));
}

/**
 * Updates rows by primary key; a missing row is a 404 and nothing is changed.
 * @example await updateRows(target, [{ id: 1, data: { Title: 'x' } }], false)
 */
export async function updateRows(
  t: WriteTarget,
  items: readonly { id: unknown; data: unknown }[],
  bulk: boolean,
): Promise<unknown[]> {
  requireWritable(t.model);
  const pk = requirePk(t.model);
  const prepared = items.map((it, i) => ({
    id: it.id,
    values: prepareRow(t.model, it.data, 'update', bulk ? i : undefined),
  }));
  const stamp = nowStamp();
  const touched = autoUpdateColumns(t.model);
  const wantsPrevious = t.changes.wantsPreviousValuesFor(t.model.id);
  let previous: Map<string, ColumnValues> | undefined;
  await inTransaction(t, async (trx) => {
    if (wantsPrevious) {
      const written = new Set(prepared.flatMap((p) => Object.keys(p.values)));
      previous = await readPrevious(
        trx,
        t.model,
        pk,
        prepared.map((p) => p.id),
        [...written],
      );
    }
    for (const { id, values } of prepared) {
      for (const f of touched) if (!(f.name in values)) values[f.name] = stamp;
      const q = trx(t.model.tableName).where(pk.name, id as string | number);
      const n = Object.keys(values).length
        ? await q.update(values)
        : (await q.clone().count({ n: '*' }).first())?.n;
      if (!Number(n)) throw notFound(`Record '${String(id)}' not found`);
    }
  });
  t.changes.publish(updatedEvent(t.model, prepared, previous));
  return prepared.map((p) => p.id);
}

/** Deletes rows by primary key; when any is missing, a 404 naming it and nothing is deleted. */
export async function deleteRows(t: WriteTarget, ids: readonly unknown[]): Promise<unknown[]> {
  requireWritable(t.model);
  const pk = requirePk(t.model);
  const unique = [...new Set(ids as (string | number)[])];
  let previous: Map<string, ColumnValues> | undefined;
  await t.db.transaction(async (trx) => {
    if (t.changes.wantsPreviousValuesFor(t.model.id)) previous = await readPrevious(trx, t.model, pk, unique);
    const found = new Set<string>();
    for (let i = 0; i < unique.length; i += 1000) {
      const part = unique.slice(i, i + 1000);
      const rows = (await trx(t.model.tableName).select(pk.name).whereIn(pk.name, part)) as Record<
        string,
        unknown
      >[];
      for (const r of rows) found.add(String(pk.decode(r[pk.name])));
    }
    const missing = unique.filter((id) => !found.has(String(id)));
    if (missing.length) throw notFound(`Record '${String(missing[0])}' not found`);
    for (let i = 0; i < unique.length; i += 1000) {
      await trx(t.model.tableName)
        .whereIn(pk.name, unique.slice(i, i + 1000))
        .del();
    }
  });
  t.changes.publish(deletedEvent(t.model, unique, previous));
  return unique;
}

/** Updates every row matching a filter with the same values; returns how many changed. */
export async function updateWhere(
  t: WriteTarget,
  where: readonly FilterNode[],
  data: unknown,
): Promise<number> {
  requireWritable(t.model);
  const values = prepareRow(t.model, data, 'update');
  if (!Object.keys(values).length) throw badRequest('Nothing to update: the body names no writable field');
  const stamp = nowStamp();
  for (const f of autoUpdateColumns(t.model)) if (!(f.name in values)) values[f.name] = stamp;
  const n = await inTransaction(t, async (trx) => {
    const reader = new RowReader(trx, t.model, t.cache);
    return reader.filtered(where, trx).update(values);
  });
  t.changes.publish(updatedWhereEvent(t.model, values));
  return Number(n);
}

/** Deletes every row matching a filter; returns how many went. */
export async function deleteWhere(t: WriteTarget, where: readonly FilterNode[]): Promise<number> {
  requireWritable(t.model);
  const n = await t.db.transaction(async (trx) =>
    new RowReader(trx, t.model, t.cache).filtered(where, trx).del(),
  );
  t.changes.publish(deletedEvent(t.model, null, undefined));
  return Number(n);
}
