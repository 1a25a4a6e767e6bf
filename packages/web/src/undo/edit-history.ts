/**
 * Undo and redo for everything the grid changes: cell edits (one entry per edit, paste or fill), row inserts
 * and deletes, and field or view settings (pushed by the menus and toolbar through `push`).
 * An entry knows how to undo and redo itself; both are async calls to the server.
 */

export interface HistoryEntry {
  /** Shown in a toast, e.g. "Edit 3 cells". */
  label: string;
  undo(): Promise<void>;
  redo(): Promise<void>;
}

export class EditHistory {
  private done: HistoryEntry[] = [];
  private undone: HistoryEntry[] = [];
  /** Serialises undo/redo so a fast Ctrl+Z Ctrl+Z applies in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly limit = 200) {}

  /** Records an entry that has already been applied; clears the redo stack. */
  push(entry: HistoryEntry): void {
    this.done.push(entry);
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }

  /** Forgets an entry whose change never took effect (its save was refused). */
  discard(entry: HistoryEntry): void {
    this.done = this.done.filter((e) => e !== entry);
    this.undone = this.undone.filter((e) => e !== entry);
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Undoes the latest entry. A failing undo stays on the undo stack so the user can retry. */
  undo(): Promise<HistoryEntry | undefined> {
    return this.step(this.done, this.undone, (e) => e.undo());
  }

  redo(): Promise<HistoryEntry | undefined> {
    return this.step(this.undone, this.done, (e) => e.redo());
  }

  private step(
    from: HistoryEntry[],
    to: HistoryEntry[],
    run: (e: HistoryEntry) => Promise<void>,
  ): Promise<HistoryEntry | undefined> {
    const result = this.queue.then(async () => {
      const entry = from.pop();
      if (!entry) return undefined;
      try {
        await run(entry);
      } catch (e) {
        from.push(entry);
        throw e;
      }
      to.push(entry);
      return entry;
    });
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  clear(): void {
    this.done = [];
    this.undone = [];
  }
}
