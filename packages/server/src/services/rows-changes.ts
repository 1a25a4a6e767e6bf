/**
 * The change events a row write publishes: one event per write whatever its size (a 2,000-row bulk insert is
 * one `rows.inserted`), with the keys and the written values keyed by field title. Past `MAX_EVENT_ROWS` the
 * values are left out (`truncated`), so an import of 100k rows is one small event, not a 30 MB one.
 *
 * Previous values cost the writer one extra read inside its transaction, so they are read only while a
 * subscriber asked for them (`wantsPreviousValues`).
 */
import type { Knex } from 'knex';
import type {
  RowChange,
  RowId,
  RowValues,
  RowsDeleted,
  RowsInserted,
  RowsUpdated,
} from '../changes/change-events.js';
import type { StoredField, TableModel } from '../data/table-model.js';
import { prepared, quoteIdent, sqliteConnection, sqliteParams } from '../data/sqlite-statements.js';
import type { ColumnValues } from './rows-validate.js';

/** Beyond this many rows an event carries keys only. */
export const MAX_EVENT_ROWS = 1000;

/** Rows read per statement for previous values (bind-parameter limits). */
const READ_CHUNK = 500;

const storedByName = new WeakMap<TableModel, Map<string, StoredField>>();

function fieldsByName(model: TableModel): Map<string, StoredField> {
  let map = storedByName.get(model);
  if (!map) {
    map = new Map(model.stored.map((f) => [f.name, f]));
    storedByName.set(model, map);
  }
  return map;
}

/** Column values as written -> values by field title, as the row API shows them. */
function byTitle(model: TableModel, values: ColumnValues): RowValues {
  const fields = fieldsByName(model);
  const out: RowValues = {};
  for (const name in values) {
    const f = fields.get(name);
    if (f) out[f.title] = jsonSafe(f.decode(values[name]));
  }
  return out;
}

/** Events travel as JSON: binary and big integers become strings, dates ISO strings. */
function jsonSafe(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('base64');
  return v;
}

function keysOf(ids: readonly unknown[]): RowId[] {
  return ids.filter((id): id is RowId => typeof id === 'string' || typeof id === 'number');
}

export function insertedEvent(
  model: TableModel,
  ids: readonly unknown[],
  rows: ColumnValues[],
): RowsInserted {
  const base = { type: 'rows.inserted' as const, baseId: model.baseId, tableId: model.id, ids: keysOf(ids) };
  if (rows.length > MAX_EVENT_ROWS) return { ...base, truncated: true };
  return { ...base, rows: rows.map((r) => byTitle(model, r)) };
}

export function updatedEvent(
  model: TableModel,
  items: readonly { id: unknown; values: ColumnValues }[],
  previous: Map<string, ColumnValues> | undefined,
): RowsUpdated {
  const ids = keysOf(items.map((i) => i.id));
  const base = { type: 'rows.updated' as const, baseId: model.baseId, tableId: model.id, ids };
  if (items.length > MAX_EVENT_ROWS) return { ...base, truncated: true };
  const changes = items.map(({ id, values }): RowChange => {
    const change: RowChange = { id: id as RowId, values: byTitle(model, values) };
    const before = previous?.get(String(id));
    if (before) change.previous = byTitle(model, pick(before, Object.keys(values)));
    return change;
  });
  return { ...base, changes };
}

/** An update by filter: the keys are not known, the written values are. */
export function updatedWhereEvent(model: TableModel, values: ColumnValues): RowsUpdated {
  return {
    type: 'rows.updated',
    baseId: model.baseId,
    tableId: model.id,
    ids: null,
    values: byTitle(model, values),
  };
}

export function deletedEvent(
  model: TableModel,
  ids: readonly unknown[] | null,
  previous: Map<string, ColumnValues> | undefined,
): RowsDeleted {
  const event: RowsDeleted = {
    type: 'rows.deleted',
    baseId: model.baseId,
    tableId: model.id,
    ids: ids && keysOf(ids),
  };
  if (ids && ids.length > MAX_EVENT_ROWS) return { ...event, truncated: true };
  if (previous && ids) {
    event.previous = ids.flatMap((id) => {
      const row = previous.get(String(id));
      return row ? [byTitle(model, row)] : [];
    });
  }
  return event;
}

/**
 * The current values of `columns` (all stored columns when absent) of the rows keyed `ids`, by key; read
 * inside the writer's transaction before it writes.
 */
export async function readPrevious(
  trx: Knex,
  model: TableModel,
  pk: StoredField,
  ids: readonly unknown[],
  columns?: readonly string[],
): Promise<Map<string, ColumnValues> | undefined> {
  if (ids.length > MAX_EVENT_ROWS) return undefined;
  const names = columns ? [...new Set([pk.name, ...columns])] : model.stored.map((f) => f.name);
  const out = new Map<string, ColumnValues>();
  for (let i = 0; i < ids.length; i += READ_CHUNK) {
    const part = ids.slice(i, i + READ_CHUNK) as (string | number)[];
    const rows =
      model.dialect === 'sqlite'
        ? await readSqlite(trx, model.tableName, names, pk.name, part)
        : ((await trx(model.tableName).select(names).whereIn(pk.name, part)) as ColumnValues[]);
    for (const r of rows) out.set(String(pk.decode(r[pk.name])), r);
  }
  return out;
}

/**
 * Embedded SQLite: the same SELECT as a statement prepared once per connection and run on the transaction's
 * connection. Through knex, every read was built and prepared anew, which made the audit of a single-row update
 * cost a third more CPU than the update (docs/audit.md#cost).
 */
async function readSqlite(
  trx: Knex,
  table: string,
  names: readonly string[],
  pkName: string,
  ids: readonly (string | number)[],
): Promise<ColumnValues[]> {
  const conn = await sqliteConnection(trx);
  const sql =
    `select ${names.map(quoteIdent).join(',')} from ${quoteIdent(table)} ` +
    `where ${quoteIdent(pkName)} in (${ids.map(() => '?').join(',')})`;
  return prepared(conn, sql).all(...sqliteParams(ids)) as ColumnValues[];
}

function pick(row: ColumnValues, names: readonly string[]): ColumnValues {
  const out: ColumnValues = {};
  for (const n of names) if (n in row) out[n] = row[n];
  return out;
}
