/**
 * Remote edits in open grids: joins the table's socket.io room ('subscribe:table') and applies 'row:changed'
 * events — `{ op: 'update', rows: [{ Id, Title: ... }] }` patches loaded cells in place; inserts and deletes
 * reload the window (row indexes shift), keeping the scroll position; so does an event the server marked
 * `truncated` (a write by filter, or too many rows to send). 'comment:changed' events tell which row's comments
 * changed, for the comment badges.
 */
import { io, type Socket } from 'socket.io-client';
import type { RowCache } from './row-cache';

export interface RowChangedEvent {
  op: 'insert' | 'update' | 'delete';
  rows: Record<string, unknown>[];
  /** The rows are not the whole change: reload instead of patching. */
  truncated?: boolean;
}

/** Applies one remote change to the cache. Exported for tests. */
export function applyRemoteChange(cache: RowCache, event: RowChangedEvent, idKey = 'Id'): void {
  if (event.op !== 'update' || event.truncated) {
    cache.reload();
    return;
  }
  for (const row of event.rows) {
    const index = cache.indexOfId(row[idKey]);
    if (index < 0) continue;
    for (const [key, value] of Object.entries(row)) {
      const col = cache.columnIndex(key);
      if (col >= 0) cache.set(index, col, value);
    }
  }
}

/** Connects and subscribes; answers the function that disconnects. */
export function subscribeTable(
  tableId: string,
  token: string | null,
  cache: RowCache,
  idKey = 'Id',
  /** A comment on a row of the table was added, edited, resolved or deleted (its count may have changed). */
  onComment?: (rowId: string) => void,
): () => void {
  if (!token) return () => {};
  const socket: Socket = io(window.location.origin, {
    path: '/socket.io',
    auth: { token },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    randomizationFactor: 0.5,
  });
  socket.on('connect', () => socket.emit('subscribe:table', tableId));
  socket.on('row:changed', (event: RowChangedEvent & { tableId?: string }) => {
    if (!event || (event.tableId && event.tableId !== tableId)) return;
    applyRemoteChange(cache, event, idKey);
  });
  socket.on('comment:changed', (event: { row_id?: unknown }) => {
    if (event?.row_id !== undefined) onComment?.(String(event.row_id));
  });
  return () => {
    socket.emit('unsubscribe:table', tableId);
    socket.close();
  };
}
