/**
 * Which hooks a row change triggers and what they are sent, in NocoDB's shape:
 * `{ type: 'records.after.insert', id, version, data: { table_id, table_name, rows, previous_rows } }`.
 * A write of one row is an insert/update/delete; a write of several rows (or by filter) is the bulk
 * operation (`records.after.bulkInsert` ...). A hook listing `insert` hears both; a hook listing only
 * `bulkInsert` hears only writes of several rows.
 */
import { randomUUID } from 'node:crypto';
import type { Change, RowValues } from '../changes/change-events.js';
import type { Hook } from './hooks-repo.js';
import type { HookOperation } from './hook-schemas.js';

/** A row write as the change feed tells it; plain JSON, so it travels in a delivery job's input. */
export type RowsEvent = Change & { type: 'rows.inserted' | 'rows.updated' | 'rows.deleted' };

export interface HookPayload {
  type: string;
  id: string;
  version: 'v2' | 'v3';
  data: {
    table_id: string;
    table_name: string;
    rows: RowValues[];
    previous_rows?: RowValues[];
  };
}

const BASE_OPERATION = {
  'rows.inserted': 'insert',
  'rows.updated': 'update',
  'rows.deleted': 'delete',
} as const;
const BULK = { insert: 'bulkInsert', update: 'bulkUpdate', delete: 'bulkDelete' } as const;

/** The operation NocoDB would name this write. */
export function operationOf(e: RowsEvent): HookOperation {
  const base = BASE_OPERATION[e.type];
  return e.ids === null || e.ids.length !== 1 ? BULK[base] : base;
}

export function hookHears(hook: Hook, operation: HookOperation): boolean {
  if (hook.operation.includes(operation)) return true;
  const base = (Object.keys(BULK) as (keyof typeof BULK)[]).find((k) => BULK[k] === operation);
  return base !== undefined && hook.operation.includes(base);
}

/** The rows of the event, each with its key under the primary key's title. */
function rowsOf(e: RowsEvent, pkTitle: string): { rows: RowValues[]; previous?: RowValues[] } {
  const ids = e.ids ?? [];
  const withKey = (values: RowValues | undefined, i: number): RowValues =>
    ids[i] === undefined ? { ...values } : { [pkTitle]: ids[i], ...values };
  if (e.type === 'rows.inserted') return { rows: ids.map((_, i) => withKey(e.rows?.[i], i)) };
  if (e.type === 'rows.deleted') {
    const rows = ids.map((_, i) => withKey(e.previous?.[i], i));
    return { rows, previous: rows };
  }
  if (e.changes) {
    return {
      rows: e.changes.map((c, i) => withKey({ ...c.previous, ...c.values }, i)),
      previous: e.changes.map((c, i) => withKey(c.previous, i)),
    };
  }
  return { rows: ids.map((_, i) => withKey(e.values, i)) };
}

/** What a hook is sent for a write; `keep` picks the rows its conditions accept (by index in the write). */
export function payloadOf(
  e: RowsEvent,
  hook: Pick<Hook, 'version'>,
  table: { title: string; pkTitle: string },
  operation: HookOperation,
  keep?: (i: number) => boolean,
): HookPayload {
  let { rows, previous } = rowsOf(e, table.pkTitle);
  if (keep) {
    rows = rows.filter((_, i) => keep(i));
    previous = previous?.filter((_, i) => keep(i));
  }
  return {
    type: `records.after.${operation}`,
    id: randomUUID(),
    version: hook.version,
    data: {
      table_id: e.tableId,
      table_name: table.title,
      rows,
      ...(previous ? { previous_rows: previous } : {}),
    },
  };
}

/** What the test button sends: a made-up row of the table's fields. */
export function samplePayload(
  hook: Pick<Hook, 'version'>,
  table: { id: string; title: string; columns: { title: string }[] },
  operation: HookOperation,
): HookPayload {
  const row = Object.fromEntries(table.columns.map((c, i) => [c.title, i === 0 ? 1 : `Sample ${c.title}`]));
  return {
    type: `records.after.${operation}`,
    id: randomUUID(),
    version: hook.version,
    data: { table_id: table.id, table_name: table.title, rows: [row] },
  };
}

/** What a manual trigger sends: the row as it is now. */
export function manualPayload(
  hook: Pick<Hook, 'version'>,
  table: { id: string; title: string },
  row: RowValues,
): HookPayload {
  return {
    type: 'records.manual.trigger',
    id: randomUUID(),
    version: hook.version,
    data: { table_id: table.id, table_name: table.title, rows: [row] },
  };
}
