/**
 * Writes from the grid: optimistic cell edits with rollback on error, row inserts and deletes, each recorded in
 * the edit history. History entries address rows by id, not by index, so they survive reloads and scrolling.
 */
import type { EditHistory } from '../../undo/edit-history';
import type { RowCache } from './row-cache';

/** The row API as the grid uses it (PATCH/POST/DELETE /api/v2/tables/{id}/records). */
export interface RowWriter {
  update(rows: Record<string, unknown>[]): Promise<void>;
  /** Answers the created rows' ids, in order; with `before`, they go just before that row (`?before=`). */
  insert(rows: Record<string, unknown>[], before?: unknown): Promise<unknown[]>;
  remove(ids: unknown[]): Promise<void>;
  /**
   * The rows as stored, every field and the row order (`nc_order`) included, read just before a delete so
   * undo can put them back exactly. Without it undo re-adds the grid's copy at the end under new keys.
   */
  snapshot?(ids: unknown[]): Promise<Record<string, unknown>[]>;
  /** Inserts rows under the keys and orders they carry (`?keepIds=true`). */
  restore?(rows: Record<string, unknown>[]): Promise<void>;
}

export interface CellChange {
  row: number;
  col: number;
  value: unknown;
}

/** Where a row goes between others: at cache index `index`, just before the row keyed `before` (last without). */
export interface RowPlace {
  index: number;
  before?: unknown;
}

interface IdChange {
  id: unknown;
  key: string;
  value: unknown;
}

export class GridEdits {
  constructor(
    private readonly cache: RowCache,
    private readonly writer: RowWriter,
    private readonly history: EditHistory,
    private readonly idKey = 'Id',
  ) {}

  /**
   * Applies cell changes at once (an edit, a paste, a fill or a clear): shown immediately, saved in one
   * request, rolled back when the server refuses. Resolves false (after rollback) on failure; the error is
   * rethrown to the caller for its toast.
   */
  async setCells(changes: CellChange[], label = describe(changes.length)): Promise<void> {
    const keys = this.cache.columnKeys;
    const before: IdChange[] = [];
    const after: IdChange[] = [];
    for (const c of changes) {
      const id = this.cache.rowId(c.row);
      const key = keys[c.col];
      if (id === undefined || key === undefined) continue;
      const old = this.cache.get(c.row, c.col);
      if (Object.is(old, c.value)) continue;
      before.push({ id, key, value: old });
      after.push({ id, key, value: c.value });
    }
    if (!after.length) return;
    // The entry is recorded before the save answers, so a quick Ctrl+Z undoes this edit and not the one
    // before it; its undo waits for the save, so the two requests reach the server in order.
    const saved = this.apply(after, before);
    const entry = {
      label,
      undo: async () => {
        await saved;
        await this.apply(before, after);
      },
      redo: () => this.apply(after, before),
    };
    this.history.push(entry);
    try {
      await saved;
    } catch (e) {
      this.history.discard(entry);
      throw e;
    }
  }

  /** Shows `next` at once, saves it, and puts `previous` back where `next` is still shown if saving fails. */
  private async apply(next: IdChange[], previous: IdChange[]): Promise<void> {
    this.show(next);
    try {
      await this.writer.update(toPatches(next, this.idKey));
    } catch (e) {
      const stillOurs = previous.filter((p, i) => this.shown(next[i]!));
      this.show(stillOurs);
      throw e;
    }
  }

  private show(changes: IdChange[]) {
    for (const c of changes) {
      const row = this.cache.indexOfId(c.id);
      const col = this.cache.columnIndex(c.key);
      if (row >= 0 && col >= 0) this.cache.set(row, col, c.value);
    }
  }

  private shown(c: IdChange): boolean {
    const row = this.cache.indexOfId(c.id);
    const col = this.cache.columnIndex(c.key);
    return row >= 0 && col >= 0 && Object.is(this.cache.get(row, col), c.value);
  }

  /** Adds rows (at the bottom, or "between" when the view order places them); undo deletes them. */
  async insertRows(rows: Record<string, unknown>[]): Promise<unknown[]> {
    let ids = await this.writer.insert(rows);
    this.cache.reload();
    this.history.push({
      label: rows.length === 1 ? 'Insert row' : `Insert ${rows.length} rows`,
      undo: async () => {
        await this.writer.remove(ids);
        this.cache.reload();
      },
      redo: async () => {
        ids = await this.writer.insert(rows);
        this.cache.reload();
      },
    });
    return ids;
  }

  /**
   * Inserts an empty row between others (the row menu's insert above / below): saved with `?before=`, then
   * shown at its place at once (the cache moves the rows after it down). Undo deletes it; redo puts it back
   * before the same row, with the values it had when it was undone. Answers the new row's id.
   */
  async insertRowAt(place: RowPlace): Promise<unknown> {
    let [id] = await this.writer.insert([{}], place.before);
    this.cache.insertAt(place.index, id, {});
    let values: Record<string, unknown> = {};
    this.history.push({
      label: 'Insert row',
      undo: async () => {
        const index = this.cache.indexOfId(id);
        const record = index >= 0 ? this.cache.record(index) : undefined;
        values = record ? withoutKey(record, this.idKey) : {};
        await this.writer.remove([id]);
        this.cache.reload();
      },
      redo: async () => {
        [id] = await this.writer.insert([values], place.before);
        const index = place.before === undefined ? this.cache.rowCount : this.cache.indexOfId(place.before);
        if (index >= 0) this.cache.insertAt(index, id, values);
        else this.cache.reload();
      },
    });
    return id;
  }

  /** Deletes the given row indexes that are loaded; undo re-creates them with their values. */
  async deleteRows(rowIndexes: number[]): Promise<void> {
    const records = rowIndexes.map((r) => this.cache.record(r)).filter((r) => r !== undefined);
    if (!records.length) return;
    let ids = records.map((r) => r[this.idKey]);
    const values = records.map((r) => withoutKey(r, this.idKey));
    const { snapshot, restore } = this.writer;
    const stored = snapshot && restore ? await snapshot.call(this.writer, ids) : undefined;
    await this.writer.remove(ids);
    this.cache.reload();
    this.history.push({
      label: records.length === 1 ? 'Delete row' : `Delete ${records.length} rows`,
      undo: async () => {
        // Back where they were, under the same keys (so links, comments and URLs to them still hold).
        if (stored) await restore!.call(this.writer, stored);
        else ids = await this.writer.insert(values);
        this.cache.reload();
      },
      redo: async () => {
        await this.writer.remove(ids);
        this.cache.reload();
      },
    });
  }
}

function describe(n: number): string {
  return n === 1 ? 'Edit cell' : `Edit ${n} cells`;
}

/** Groups changes into one patch per row: `[{ Id: 1, Title: 'a', Qty: 2 }]`. */
export function toPatches(changes: { id: unknown; key: string; value: unknown }[], idKey = 'Id') {
  const byId = new Map<unknown, Record<string, unknown>>();
  for (const c of changes) {
    let patch = byId.get(c.id);
    if (!patch) byId.set(c.id, (patch = { [idKey]: c.id }));
    patch[c.key] = c.value;
  }
  return [...byId.values()];
}

function withoutKey(record: Record<string, unknown>, key: string) {
  const out = { ...record };
  delete out[key];
  return out;
}
