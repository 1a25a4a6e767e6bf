/**
 * Telling open grids about committed row writes: a change-feed subscriber that, for every row or link event,
 * sends the table's socket.io room `row:changed` `{ tableId, op, rows }`, rows keyed by field title with the
 * primary key. Inserted and updated rows are read back (one query), so every tab shows what the database
 * stored (defaults, coercions, formulas). Past `MAX_ANNOUNCED_ROWS`, or when the rows are not known (writes
 * by filter), the event carries only the keys it knows and `truncated: true`, telling clients to reload.
 *
 * Announcing never delays or fails the write's reply: the read-back runs on the next turn of the event loop,
 * once the reply is on its way, and only logs errors. An insert tells no position (a row may go between
 * others, `?before=`): grids refetch what they show, which lists it in its place. A link change is announced
 * as an update of the rows on both sides.
 */
import type { Logger } from 'pino';
import type { ChangeEvent, RowId } from '../changes/change-events.js';
import type { ChangeFeed } from '../changes/change-feed.js';
import type { DataCache } from '../data/data-cache.js';
import type { LoadedTable } from '../data/model-cache.js';
import { pkValue, rowDecoder, RowReader, type Row } from '../data/row-query.js';
import { selectRows } from '../data/sqlite-statements.js';
import type { Realtime } from './socket.js';

export type RowChangeOp = 'insert' | 'update' | 'delete';

export interface RowChangedEvent {
  tableId: string;
  op: RowChangeOp;
  rows: Row[];
  /** Set when `rows` is not the whole change: clients reload instead of patching. */
  truncated?: true;
}

/** Beyond this many rows an event names no row data (an import of 100k rows is one reload, not 100k rows). */
export const MAX_ANNOUNCED_ROWS = 500;

/** What announcing needs: the rooms, the tables' models and connections, the data cache and a log. */
export interface RowAnnounceDeps {
  realtime: Realtime;
  loadTable(tableId: string): Promise<LoadedTable>;
  cache: DataCache;
  log?: Logger;
}

/**
 * Subscribes the realtime rooms to the change feed; returns the unsubscribe.
 * @example announceRowChanges(ctx.changes, { realtime, loadTable: (id) => ctx.tableModels.get(ctx, id), ... })
 */
export function announceRowChanges(feed: ChangeFeed, deps: RowAnnounceDeps): () => void {
  return feed.subscribe(
    (e) => {
      // Rooms spanning processes already reach every socket from the process that made the change.
      if (deps.realtime.spansProcesses && e.origin !== feed.origin) return;
      announceChange(deps, e);
    },
    {
      name: 'realtime',
      types: ['rows.inserted', 'rows.updated', 'rows.deleted', 'links.changed'],
    },
  );
}

function announceChange(deps: RowAnnounceDeps, e: ChangeEvent): void {
  switch (e.type) {
    case 'rows.inserted':
      return announce(deps, e.tableId, 'insert', e.ids ?? undefined);
    case 'rows.updated':
      return announce(deps, e.tableId, 'update', e.ids ?? undefined);
    case 'rows.deleted':
      return announce(deps, e.tableId, 'delete', e.ids ?? undefined);
    case 'links.changed':
      announce(deps, e.tableId, 'update', [e.rowId]);
      return announce(deps, e.relatedTableId, 'update', e.relatedIds);
    default:
      return;
  }
}

/** Emits `row:changed` for a committed write; `ids` undefined means "rows matched by a filter". */
function announce(
  deps: RowAnnounceDeps,
  tableId: string,
  op: RowChangeOp,
  ids: readonly RowId[] | undefined,
): void {
  // Nobody watching: no read-back.
  if (!deps.realtime.watched(tableId)) return;
  // After the reply is on its way: reading the rows back (synchronous on embedded SQLite) must not delay it.
  setImmediate(() => {
    void eventOf(deps, tableId, op, ids).then(
      (event) => deps.realtime.emitToTable(tableId, 'row:changed', event),
      (err: unknown) => deps.log?.warn({ err, tableId }, 'row:changed not announced'),
    );
  });
}

async function eventOf(
  deps: RowAnnounceDeps,
  tableId: string,
  op: RowChangeOp,
  ids: readonly RowId[] | undefined,
): Promise<RowChangedEvent> {
  const t = { ...(await deps.loadTable(tableId)), cache: deps.cache };
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
