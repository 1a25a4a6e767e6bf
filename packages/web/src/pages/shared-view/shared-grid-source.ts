/**
 * The read-only row source of a shared view: GET /db/public/shared-view/{uuid}/rows with offset and limit (the
 * count from the reply's pageInfo). Writes are refused here too, though the read-only grid never asks.
 */
import type { RowWriter } from '../../views/grid/grid-edits';
import type { RowSource } from '../../views/grid/row-cache';
import type { SharedCalls } from './use-shared-view';

interface RowsReply {
  list: Record<string, unknown>[];
  pageInfo?: { totalRows?: number | string };
}

const refuse = () => Promise.reject(new Error('A shared view is read-only'));

export function sharedRowsSource(calls: SharedCalls): RowSource & RowWriter {
  return {
    async fetchRows(offset, limit, signal) {
      return (await calls.get<RowsReply>(`/rows?offset=${offset}&limit=${limit}`, signal)).list;
    },
    async fetchCount(signal) {
      const reply = await calls.get<RowsReply>('/rows?offset=0&limit=1', signal);
      return Number(reply.pageInfo?.totalRows ?? reply.list.length);
    },
    update: refuse,
    insert: refuse,
    remove: refuse,
  };
}
