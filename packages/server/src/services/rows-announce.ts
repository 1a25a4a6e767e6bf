/**
 * Telling open grids about committed row writes: after a write commits, the table's socket.io room gets
 * `row:changed` `{ tableId, op, rows }`, rows keyed by field title with the primary key. Inserted and updated
 * rows are read back (one query), so every tab shows what the database stored (defaults, coercions, formulas).
 * Past `MAX_ANNOUNCED_ROWS`, or when the rows are not known (writes by filter), the event carries only the keys
 * it knows and `truncated: true`, telling clients to reload what they show.
 *
 * Announcing never delays or fails the write's reply: it runs once the reply is on its way and only logs errors.
 * An insert tells no position (a row may go between others, `?before=`): grids refetch what they show, which
 * lists it in its place; the row data lets other clients show it without a read of their own.
 */
import type { Logger } from 'pino';
import type { Realtime } from '../realtime/socket.js';
import { pkValue, rowDecoder, RowReader, type Row } from '../data/row-query.js';
import type { DataCache } from '../data/data-cache.js';
import type { TableModel } from '../data/table-model.js';
import type { Knex } from 'knex';
import { selectRows } from '../data/sqlite-statements.js';

export type RowChangeOp = 'insert' | 'update' | 'delete';

export interface RowChangedEvent {
  tableId: string;
  op: RowChangeOp;
  rows: Row[];
  /** Set when `rows` is not the whole change: clients reload instead of patching. */
  truncated?: true;
}

/** Where announcements go; the app context provides both. */
export interface RowAnnouncer {
  realtime?: Realtime;
  log?: Logger;
}

/** Beyond this many rows an event names no row data (an import of 100k rows is one reload, not 100k rows). */
export const MAX_ANNOUNCED_ROWS = 500;

interface AnnounceTarget {
  model: TableModel;
  db: Knex;
  cache: DataCache;
  announcer?: RowAnnouncer;
}

/**
 * Emits `row:changed` for a committed write; `ids` undefined means "rows matched by a filter".
 * @example announce(target, 'update', [3]) // room table:<id> gets { tableId, op: 'update', rows: [{ Id: 3, ... }] }
 */
export function announce(t: AnnounceTarget, op: RowChangeOp, ids: readonly unknown[] | undefined): void {
  const realtime = t.announcer?.realtime;
  if (!realtime) return;
  // After the reply is on its way: reading the rows back (synchronous on embedded SQLite) must not delay it.
  setImmediate(() => {
    void eventOf(t, op, ids).then(
      (event) => realtime.emitToTable(t.model.id, 'row:changed', event),
      (err: unknown) => t.announcer?.log?.warn({ err, tableId: t.model.id }, 'row:changed not announced'),
    );
  });
}

async function eventOf(
  t: AnnounceTarget,
  op: RowChangeOp,
  ids: readonly unknown[] | undefined,
): Promise<RowChangedEvent> {
  const tableId = t.model.id;
  const pk = t.model.pk;
  if (!pk || ids === undefined) return { tableId, op, rows: [], truncated: true };
  const keys = ids.filter((id) => id !== undefined && id !== null).map((id) => pkValue(pk, id));
  const keyRows = () => keys.slice(0, MAX_ANNOUNCED_ROWS).map((id) => ({ [pk.title]: id }));
  if (keys.length > MAX_ANNOUNCED_ROWS || keys.length < ids.length)
    return { tableId, op, rows: keyRows(), truncated: true };
  if (op === 'delete' || keys.length === 0) return { tableId, op, rows: keyRows() };
  const projection = new RowReader(t.db, t.model, t.cache).projection(undefined);
  const qb = t.db(t.model.tableName).select(projection.select).whereIn(pk.name, keys);
  const raw = await selectRows(t.db, t.model.dialect, qb);
  const decode = rowDecoder(projection.out);
  return { tableId, op, rows: raw.map(decode) };
}
