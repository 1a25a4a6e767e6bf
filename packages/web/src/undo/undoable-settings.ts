/**
 * View settings changed with their undo recorded: a setting that has an id (a sort, a filter) is undone by deleting
 * it, and redone by adding it again under a new id (which the next undo deletes); any other setting (group by, freeze,
 * hidden, display value) by applying its earlier value. Fields too: an added field is undone by deleting it (redo adds it again), an edited
 * one by writing back what it was — unless the edit changed its type, which may have converted its values: that edit
 * is not undoable.
 */
import type { ColumnMeta } from '@rowbase/core/api/meta';
import type { EditHistory } from './edit-history';
import { fieldApi } from '../views/grid/view-settings';

export async function addRemovable(
  history: EditHistory,
  label: string,
  add: () => Promise<{ id: string }>,
  remove: (id: string) => Promise<unknown>,
  after: () => void,
): Promise<void> {
  // Recorded before the add answers, so an immediate Undo removes this setting; undo waits for its id.
  let added = add().then((r) => r.id);
  const entry = {
    label,
    undo: async () => {
      await remove(await added);
      after();
    },
    redo: async () => {
      added = add().then((r) => r.id);
      await added;
      after();
    },
  };
  history.push(entry);
  try {
    await added;
  } catch (e) {
    history.discard(entry);
    throw e;
  }
  after();
}

/** Moves a setting from one value to another and records the way back (undo) and forth again (redo). */
export async function changeSetting<T>(
  history: EditHistory,
  label: string,
  apply: (value: T) => Promise<unknown>,
  from: T,
  to: T,
): Promise<void> {
  // Recorded before the save answers (as cell edits are), so an Undo clicked at once undoes this change and
  // not the one before it (Freeze shows at once but saves after); its undo waits for the save.
  const saved = apply(to);
  const entry = {
    label,
    undo: async () => {
      await saved;
      await apply(from);
    },
    redo: async () => void (await apply(to)),
  };
  history.push(entry);
  try {
    await saved;
  } catch (e) {
    history.discard(entry);
    throw e;
  }
}

export function addField(
  history: EditHistory,
  label: string,
  tableId: string,
  body: Record<string, unknown>,
  after: () => Promise<unknown>,
): Promise<void> {
  return addRemovable(
    history,
    label,
    () => fieldApi.add(tableId, body).then((r) => ({ id: r.column_id })),
    fieldApi.remove,
    () => void after(),
  );
}

export async function editField(
  history: EditHistory,
  label: string,
  column: ColumnMeta,
  body: Record<string, unknown>,
  after: () => Promise<unknown>,
): Promise<void> {
  const was = column as unknown as Record<string, unknown>;
  // Relation and formula options are sent flat but read back inside colOptions.
  const options = (column.colOptions ?? {}) as Record<string, unknown>;
  const before = Object.fromEntries(Object.keys(body).map((k) => [k, was[k] ?? options[k] ?? null]));
  await fieldApi.update(column.id, body);
  await after();
  if (body.uidt !== undefined && body.uidt !== column.uidt) return;
  history.push({
    label,
    undo: async () => {
      await fieldApi.update(column.id, before);
      await after();
    },
    redo: async () => {
      await fieldApi.update(column.id, body);
      await after();
    },
  });
}
