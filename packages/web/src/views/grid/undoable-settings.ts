/**
 * View settings changed with their undo recorded: a setting that has an id (a sort, a filter) is undone by deleting
 * it, and redone by adding it again under a new id (which the next undo deletes); an on/off setting (group by) is
 * undone by turning it off.
 */
import type { EditHistory } from './edit-history';

export async function addRemovable(
  history: EditHistory,
  label: string,
  add: () => Promise<{ id: string }>,
  remove: (id: string) => Promise<unknown>,
  after: () => void,
): Promise<void> {
  let id = (await add()).id;
  after();
  history.push({
    label,
    undo: async () => {
      await remove(id);
      after();
    },
    redo: async () => {
      id = (await add()).id;
      after();
    },
  });
}

export async function toggled(
  history: EditHistory,
  label: string,
  set: (on: boolean) => Promise<unknown>,
): Promise<void> {
  await set(true);
  history.push({
    label,
    undo: async () => void (await set(false)),
    redo: async () => void (await set(true)),
  });
}
