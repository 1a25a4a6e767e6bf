/**
 * Audit entries for row writes and links, fed by the change feed (docs/audit.md). One write is one entry: a
 * bulk write of any size is a single BULK_* entry with the number of rows. For a single-row update the entry
 * keeps each written field's old and new value, so a row's history can say "Status changed from todo to done".
 * The feed delivers after commit, so the entry is written just after the change, not in its transaction; the
 * actor (user and address) is read while the writer's request is still current.
 */
import type { ChangeEvent, RowValues } from '../changes/change-events.js';
import type { AppContext } from '../context.js';
import { auditWriter } from './audit-writer.js';
import { currentActor, outsideRequest } from './request-context.js';

interface Entry {
  baseId: string;
  tableId: string;
  rowId: string | null;
  op: string;
  description: string;
  details: unknown;
}

const OPS = { 'rows.inserted': 'INSERT', 'rows.updated': 'UPDATE', 'rows.deleted': 'DELETE' } as const;
const VERBS = { INSERT: 'inserted', UPDATE: 'updated', DELETE: 'deleted' } as const;

const shown = (v: unknown) =>
  v === null || v === undefined || v === '' ? 'empty' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Equal as JSON (how the values were read and are kept); the common case, an unchanged scalar, skips JSON. */
const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function cellChanges(
  values: RowValues,
  previous: RowValues | undefined,
  isSystem: (field: string) => boolean,
) {
  return Object.keys(values)
    .filter((field) => !isSystem(field))
    .filter((field) => !sameValue(values[field], previous?.[field]))
    .map((field) => ({ field, old: previous?.[field] ?? null, new: values[field] ?? null }));
}

/**
 * The audit entry of a change, or null for changes this recorder leaves to others. `isSystem` names the fields
 * the database maintains (UpdatedAt and the like), which are not the user's changes.
 */
export function entryOf(e: ChangeEvent, isSystem: (field: string) => boolean = () => false): Entry | null {
  if (e.type === 'links.changed') {
    return {
      baseId: e.baseId,
      tableId: e.tableId,
      rowId: String(e.rowId),
      op: e.action === 'linked' ? 'LINK_RECORD' : 'UNLINK_RECORD',
      description: `${e.relatedIds.length} record(s) ${e.action}`,
      details: { fk_column_id: e.fieldId, related_table_id: e.relatedTableId, related_ids: e.relatedIds },
    };
  }
  if (e.type !== 'rows.inserted' && e.type !== 'rows.updated' && e.type !== 'rows.deleted') return null;
  const op = OPS[e.type];
  const single = e.ids?.length === 1;
  if (!single) {
    const count = e.ids?.length ?? null;
    return {
      baseId: e.baseId,
      tableId: e.tableId,
      rowId: null,
      op: `BULK_${op}`,
      description: count === null ? `Records ${VERBS[op]} by filter` : `${count} records ${VERBS[op]}`,
      details: { count, ids: e.truncated || !e.ids ? undefined : e.ids },
    };
  }
  const rowId = String(e.ids![0]);
  if (e.type === 'rows.updated') {
    const change = e.changes?.[0];
    const changes = change ? cellChanges(change.values, change.previous, isSystem) : [];
    return {
      baseId: e.baseId,
      tableId: e.tableId,
      rowId,
      op,
      description: changes
        .map((c) => `${c.field} changed from ${shown(c.old)} to ${shown(c.new)}`)
        .join('; '),
      details: { changes },
    };
  }
  const values = e.type === 'rows.inserted' ? e.rows?.[0] : e.previous?.[0];
  return {
    baseId: e.baseId,
    tableId: e.tableId,
    rowId,
    op,
    description: `Record ${VERBS[op]}`,
    details: { values },
  };
}

export function startDataAudit(ctx: AppContext): () => Promise<void> {
  const writer = auditWriter(ctx);
  const stop = ctx.changes.subscribe(
    (e) => {
      if (e.type !== 'links.changed' && !e.type.startsWith('rows.')) return;
      if (e.origin !== ctx.changes.origin) return; // the process that made the change records it
      // Read the actor now, while the writer's request is current; the rest can wait for the next turn.
      const actor = currentActor();
      const record = async () => {
        const { model } = await ctx.tableModels.get(ctx, (e as { tableId: string }).tableId);
        const entry = entryOf(e, (title) => model.field(title)?.column.system === true);
        if (!entry) return;
        writer.write({
          user: actor.user,
          ip: actor.ip,
          base_id: entry.baseId,
          fk_model_id: entry.tableId,
          row_id: entry.rowId,
          op_type: 'DATA',
          op_sub_type: entry.op,
          description: entry.description,
          details: JSON.stringify(entry.details),
          created_at: e.at,
        });
      };
      outsideRequest(() => record().catch((err: unknown) => ctx.log.error({ err }, 'audit write failed')));
    },
    {
      name: 'audit',
      types: ['rows.inserted', 'rows.updated', 'rows.deleted', 'links.changed'],
      previousValues: true,
    },
  );
  return async () => {
    stop();
    await writer.close();
  };
}
